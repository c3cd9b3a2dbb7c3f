package api

import (
	"image/color"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// TestOfficeStoredTemplates stores a Word letter as a template whose
// source is the tenant's asset (docs/office.md, Stored Word templates):
// its answers name the source, its versions go on as any template's, its
// few bytes count toward PAPRIKA_TEMPLATE_QUOTA; rendered by templateId it
// is filled and converted as a source is, synchronously, as a job and as a
// batch; and every wrong source is refused with the field named.
func TestOfficeStoredTemplates(t *testing.T) {
	t.Parallel()
	e := setupChromium(t, nil)
	key := e.tenantKey(t, "acme")
	other := e.tenantKey(t, "globex")
	letter, err := os.ReadFile("../render/docx/testdata/letter.docx")
	require.NoError(t, err)
	resp, body := e.putAsset(t, key, "letters/letter.docx", paprika.TypeDOCX, letter)
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.putAsset(t, key, "logo.png", "image/png", assettest.PNG(t, 8, 8, color.RGBA{255, 0, 0, 255}))
	requireStatus(t, http.StatusCreated, resp, body)

	sample := letterData("Sample")
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "letter", "source": "assets/letters/letter.docx",
		"sampleData": sample, "options": map[string]any{"pdf": map[string]any{"title": "A letter"}}})
	requireStatus(t, http.StatusCreated, resp, body)
	requireObject(t, body, templateFields)
	tpl := decodeJSON[wire.Template](t, body)
	require.Equal(t, "assets/letters/letter.docx", tpl.Source)
	require.Empty(t, tpl.Content)
	require.Equal(t, "assets/letters/letter.docx", e.getTemplate(t, key, "letter").Source)
	total, summed := e.templateBytesHeld(t, "acme")
	require.Equal(t, summed, total)
	var fields int64
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT octet_length(sample_data::text) + octet_length(options::text)
	    FROM templates WHERE tenant_id = 'acme' AND id = 'letter'`).Scan(&fields))
	require.Equal(t, int64(len("letters/letter.docx"))+fields, total, "the source's name, its sampleData and options")
	// A new version keeps being the letter; a list shows the source.
	v2 := e.putTemplate(t, key, "letter", map[string]any{"source": "assets/letters/letter.docx", "name": "Letter"})
	require.Equal(t, 2, v2.Version)
	require.Equal(t, "assets/letters/letter.docx", v2.Source)
	require.JSONEq(t, string(tpl.SampleData), string(v2.SampleData), "kept from version 1")
	_, body = e.getBody(t, key, "/v1/templates")
	require.Equal(t, "assets/letters/letter.docx", decodeJSON[list[wire.Template]](t, body).Data[0].Source)
	_, body = e.getBody(t, key, "/v1/templates/letter/versions")
	require.Equal(t, len("letters/letter.docx"), decodeJSON[list[wire.TemplateVersion]](t, body).Data[0].Bytes)

	// Synchronously, as PDF with the template's options, and as Word.
	resp, doc := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"templateId": "letter", "data": letterData("Grace")})
	requireStatus(t, http.StatusOK, resp, doc)
	requireLetter(t, pdfText(t, doc), "Grace")
	info, err := docTool(t, doc, "pdfinfo")
	require.NoError(t, err)
	require.Contains(t, info, "A letter")
	resp, doc = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"templateId": "letter@1", "format": "docx", "data": letterData("Ada")})
	requireStatus(t, http.StatusOK, resp, doc)
	require.Equal(t, paprika.TypeDOCX, resp.Header.Get("Content-Type"))
	require.Contains(t, readZipPart(t, doc, "word/document.xml"), "Ada")

	// As a job, which names both, and as a batch.
	job := e.requireLetterWork(t, key, map[string]any{"templateId": "letter"})
	require.Equal(t, "letter@2", *job.TemplateID)

	// What is wrong is named.
	for _, c := range []struct {
		method, path string
		in           map[string]any
		status       int
		code, want   string
	}{
		{"POST", "/v1/templates", map[string]any{"id": "both", "source": "assets/letters/letter.docx", "content": "<p>x</p>"}, 400, "bad-request", "give one of content and source"},
		{"POST", "/v1/templates", map[string]any{"id": "missing", "source": "assets/missing.docx"}, 422, "template-error", "no asset named missing.docx"},
		{"POST", "/v1/templates", map[string]any{"id": "logo", "source": "assets/logo.png"}, 422, "template-error", "source is an Office file"},
		{"POST", "/v1/templates", map[string]any{"id": "path", "source": "letters/letter.docx"}, 422, "template-error", `source is "assets/NAME"`},
		{"PUT", "/v1/templates/letter", map[string]any{"source": "assets/missing.docx"}, 422, "template-error", "no asset named missing.docx"},
		{"POST", "/v1/renders", map[string]any{"templateId": "letter", "format": "png"}, 400, "bad-request", "format is pdf, or the source's own"},
		{"POST", "/v1/renders", map[string]any{"templateId": "letter", "format": "odt"}, 400, "bad-request", "format odt fills a .odt template"},
	} {
		resp, body := e.do(t, c.method, c.path, key, c.in)
		eb := requireError(t, c.status, c.code, resp, body)
		require.Contains(t, eb.Message, c.want, "%v", c.in)
	}
	// Another tenant cannot store a template of acme's letter.
	resp, body = e.do(t, http.MethodPost, "/v1/templates", other, map[string]any{"id": "letter", "source": "assets/letters/letter.docx"})
	eb := requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
	require.Contains(t, eb.Message, "no asset named letters/letter.docx")
}
