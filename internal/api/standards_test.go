package api

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/facturxtest"
	"github.com/paprikahq/paprika/internal/paprika"
)

// ciiInvoice has the shape Paprika checks (a CII root and an EN 16931
// specification identifier) and no more: it is not a valid invoice, which
// the official validators would reject. The Factur-X job below sends one
// that is.
const ciiInvoice = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>RE-1</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
</rsm:CrossIndustryInvoice>
`

// TestAuditedDocuments goes through the real api, worker and Chromium:
// what a standard refuses at submission, a page that fails the PDF/UA
// check, a queued Factur-X job, a batch of PDF/A records merged.
func TestAuditedDocuments(t *testing.T) {
	t.Parallel()
	e := setupChromium(t, nil)
	key := e.tenantKey(t, "acme")

	t.Run("refused at submission", func(t *testing.T) {
		for _, c := range []struct {
			pdf  map[string]any
			want string
		}{
			{map[string]any{"standards": []string{"PDF/A-3b"}, "password": map[string]any{"user": "u"}},
				"options.pdf.password cannot go with options.pdf.standards PDF/A-3b"},
			{map[string]any{"facturx": map[string]any{"profile": "EN 16931", "xml": ciiInvoice}, "password": map[string]any{"user": "u"}},
				"options.pdf.password cannot go with options.pdf.facturx"},
			{map[string]any{"standards": []string{"PDF/A-4"}}, "options.pdf.standards"},
		} {
			for _, path := range []string{"/v1/renders", "/v1/jobs", "/v1/batches"} {
				in := map[string]any{"template": "<p>x</p>", "options": map[string]any{"pdf": c.pdf}}
				if path == "/v1/batches" {
					in["records"] = records(1)
				}
				resp, body := e.do(t, http.MethodPost, path, key, in)
				msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
				require.Contains(t, msg, c.want, path)
			}
		}
	})

	t.Run("a page that fails the accessibility check", func(t *testing.T) {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{
			"template": `<html lang="en"><title>t</title><h1>A</h1><h3>C</h3><img src="data:,x">`,
			"options":  map[string]any{"pdf": map[string]any{"standards": []string{"PDF/UA-1"}}},
		})
		msg := requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body).Message
		require.Contains(t, msg, "2 problems")
		require.Contains(t, msg, "img #1 (src=data:,x) has no alt text")
		require.Contains(t, msg, `h3 #2 ("C") skips a level`)
	})

	t.Run("a Factur-X job", func(t *testing.T) {
		// The example EN 16931 invoice of the render tests, its XML a
		// template filled with the job's data, as a tenant would send it.
		xmlTemplate, err := os.ReadFile(filepath.FromSlash("../render/testdata/facturx/invoice.xml.hbs"))
		require.NoError(t, err)
		invoice, err := os.ReadFile(filepath.FromSlash("../render/testdata/facturx/invoice.json"))
		require.NoError(t, err)
		var data map[string]any
		require.NoError(t, json.Unmarshal(invoice, &data))
		j := e.postJob(t, key, map[string]any{
			"template": `<html lang="de"><title>Rechnung {{number}}</title><h1>Rechnung {{number}}</h1><p>Summe: {{totals.gross}} €</p></html>`,
			"data":     data,
			"options": map[string]any{"pdf": map[string]any{
				"standards": []string{"PDF/UA-1"}, "author": "Acme",
				"facturx": map[string]any{"profile": "EN 16931", "xmlTemplate": string(xmlTemplate)},
			}},
		})
		e.waitJob(t, key, j.ID, paprika.StatusDone)
		_, doc := e.getBody(t, key, "/v1/jobs/"+j.ID+"/output")
		// What the queue embedded passes the official validators.
		inv := facturxtest.ValidatePDF(t, doc, "factur-x.xml", "EN 16931")
		require.Contains(t, string(inv), "<ram:ID>RE-2026-0815</ram:ID>")
		meta, err := docTool(t, doc, "pdfinfo", "-meta")
		require.NoError(t, err)
		for _, s := range []string{"<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>",
			"<pdfuaid:part>1</pdfuaid:part>", "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"} {
			require.Contains(t, meta, s)
		}

		// An invoice that is not one fails the job as the tenant's.
		j = e.postJob(t, key, map[string]any{
			"template": "<p>x</p>",
			"options":  map[string]any{"pdf": map[string]any{"facturx": map[string]any{"profile": "BASIC", "xml": ciiInvoice}}},
		})
		failed := e.waitJob(t, key, j.ID, paprika.StatusFailed)
		require.Equal(t, paprika.CodeTemplateError, failed.Error.Code)
		require.Contains(t, failed.Error.Message, `line 4: the invoice's specification is "urn:cen.eu:en16931:2017", not BASIC's`)
	})

	t.Run("a batch of PDF/A records, merged", func(t *testing.T) {
		b := e.postBatch(t, key, map[string]any{
			"template": `<h1>Invoice {{n}}</h1>`, "records": records(3),
			"options": map[string]any{"pdf": map[string]any{"standards": []string{"PDF/A-2b"}, "title": "All invoices"}},
		})
		b = e.waitBatch(t, key, b.ID)
		require.Equal(t, 3, b.Done)
		_, merged := e.getBody(t, key, "/v1/batches/"+b.ID+"/output?as=pdf")
		meta, err := docTool(t, merged, "pdfinfo", "-meta")
		require.NoError(t, err)
		require.Contains(t, meta, "<pdfaid:part>2</pdfaid:part>")
		fonts, err := docTool(t, merged, "pdffonts")
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(fonts), "\n")[2:]
		require.NotEmpty(t, lines)
		for _, l := range lines {
			f := strings.Fields(l)
			require.Equal(t, "yes", f[len(f)-5], "embedded: %s", l)
		}
	})
}
