package render

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
)

// oneAsset is a render's assets holding one file, as the api's are.
type oneAsset struct {
	name string
	body []byte
}

func (a oneAsset) Open(_ context.Context, name string) (string, []byte, error) {
	if name != a.name {
		return "", nil, ErrNoAsset
	}
	return paprika.TypeDOCX, a.body, nil
}

// The metrics count each render by the engine that made it: Chromium for
// a page's PDF, LibreOffice for a Word document's, none for HTML and for a
// Word template answered filled; a failure is counted failed.
func TestRendersCountedByEngine(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: time.Minute, Metrics: m})
	defer e.Close()
	letter, err := os.ReadFile("docx/testdata/letter.docx")
	require.NoError(t, err)
	assets := oneAsset{"letter.docx", letter}
	render(t, e, Input{Template: "<p>pdf</p>"})
	render(t, e, Input{Template: "<p>html</p>", Format: FormatHTML})
	render(t, e, Input{Source: "assets/letter.docx", Format: FormatDOCX, Data: []byte(`{"customer":{"name":"Ada"}}`), Assets: assets})
	out := render(t, e, Input{Source: "assets/letter.docx", Data: []byte(`{"customer":{"name":"Ada"}}`), Assets: assets, Tenant: "acme"})
	require.Equal(t, "application/pdf", out.ContentType)
	require.Positive(t, out.Pages)
	_, err = e.Render(t.Context(), Input{Source: "assets/missing.docx", Assets: assets, Tenant: "acme"})
	requireCode(t, err, paprika.CodeTemplateError)

	families, err := m.Registry().Gather()
	require.NoError(t, err)
	got := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "paprika_engine_renders_total" {
			continue
		}
		for _, mt := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range mt.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			got[labels["engine"]+"/"+labels["status"]] = mt.GetCounter().GetValue()
		}
	}
	require.Equal(t, map[string]float64{"chromium/done": 1, "chromium/failed": 0, "libreoffice/done": 1, "libreoffice/failed": 1,
		"none/done": 2, "none/failed": 0}, got)
}

// A Word letter converted with options.pdf: PDF/A-3b (LibreOffice's own
// export, completed by the PDF steps), a watermark and a signature; the
// standard's marks, the text and a valid signature are all there.
func TestOfficeSourceWithStandardsAndSignature(t *testing.T) {
	t.Parallel()
	letter, err := os.ReadFile("docx/testdata/letter.docx")
	require.NoError(t, err)
	key := newSealedKey(t)
	set := certtest.New(t, certtest.Options{CommonName: "Letter Signer"})
	o := pdfOptions(t, `{"standards":["PDF/A-3b"],"title":"Letter","watermark":{"text":"COPY"},"signature":{"certificate":"letters","reason":"Sent"}}`)
	out := render(t, shared, Input{Source: "assets/letter.docx", Tenant: "acme", Data: []byte(`{"number":"7","customer":{"name":"Ada"},"sender":"Acme"}`),
		Assets: oneAsset{"letter.docx", letter}, Options: Options{PDF: o}, Certificates: storedCertificates(t, key, set, "letters")})
	qpdf(t, out.Body, "--check")
	require.Equal(t, 1, out.Pages, "counted by the PDF steps")
	meta := poppler(t, "pdfinfo", out.Body, "-meta")
	require.Contains(t, meta, "pdfaid:part")
	require.Regexp(t, `pdfaid:part(>|=")3`, meta)
	require.Contains(t, poppler(t, "pdftotext", out.Body), "Dear Ada,")
	// Word's headings are the PDF's outline (LibreOffice's export).
	require.Contains(t, string(qpdf(t, out.Body, "--json", "--json-key=outlines")), `"title": "Invoice 7"`)
	sig := certtest.Pdfsig(t, out.Body)
	require.Contains(t, sig, "Signature Validation: Signature is Valid.", sig)
	require.Contains(t, sig, "Total document signed", sig)
}
