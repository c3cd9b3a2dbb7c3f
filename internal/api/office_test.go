package api

import (
	"archive/zip"
	"bytes"
	"io"
	"maps"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// readZipPart is one part of an Office file (a zip), as text.
func readZipPart(t *testing.T, doc []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	require.NoError(t, err)
	f, err := zr.Open(name)
	require.NoError(t, err)
	defer f.Close()
	b, err := io.ReadAll(f)
	require.NoError(t, err)
	return string(b)
}

// letterData is the data of the tests' Word letter
// (render/docx/testdata/letter.docx), written to who and not yet paid.
func letterData(who string) map[string]any {
	return map[string]any{"number": "2026-0042", "customer": map[string]any{"name": who}, "paid": false, "due": "31 December",
		"items": []map[string]any{{"name": "Paprika", "qty": 2, "price": 3.5}, {"name": "Saffron", "qty": 1, "price": 12}},
		"notes": []string{"Delivered in one box"}, "sender": "Acme GmbH"}
}

// pdfText is a PDF's text, once it is checked to be a PDF.
func pdfText(t *testing.T, doc []byte) string {
	t.Helper()
	require.True(t, bytes.HasPrefix(doc, []byte("%PDF-")), "%.40q", doc)
	text, err := docTool(t, doc, "pdftotext")
	require.NoError(t, err)
	return text
}

// requireLetter checks the text of the letter filled with letterData(who).
func requireLetter(t *testing.T, text, who string) {
	t.Helper()
	for _, want := range []string{"Invoice 2026-0042", "Dear " + who + ",", "Please pay by 31 December.", "Saffron", "Note: Delivered in one box", "Regards, Acme GmbH"} {
		require.Contains(t, text, want)
	}
	require.NotContains(t, text, "{{")
	require.NotContains(t, text, "Thank you for your payment")
}

// requireLetterWork queues the letter named by src (a source, or a stored
// template) as a job, whose PDF must be the letter to "Job", and as a batch
// of two Word files, the second filled for "Two"; it returns the job's
// answer at submission, for what else it must say.
func (e *testEnv) requireLetterWork(t *testing.T, key string, src map[string]any) wire.Job {
	t.Helper()
	in := map[string]any{"data": letterData("Job")}
	maps.Copy(in, src)
	job := e.postJob(t, key, in)
	require.Equal(t, "assets/letters/letter.docx", job.Source)
	e.waitJob(t, key, job.ID, "done")
	resp, doc := e.getBody(t, key, "/v1/jobs/"+job.ID+"/output")
	requireStatus(t, http.StatusOK, resp, doc)
	requireLetter(t, pdfText(t, doc), "Job")
	in = map[string]any{"format": "docx", "records": []any{letterData("One"), letterData("Two")}}
	maps.Copy(in, src)
	batch := e.postBatch(t, key, in)
	b := e.waitBatch(t, key, batch.ID)
	require.Equal(t, 2, b.Done, "%+v", b)
	resp, doc = e.getBody(t, key, "/v1/batches/"+batch.ID+"/records/2/output")
	requireStatus(t, http.StatusOK, resp, doc)
	require.Contains(t, readZipPart(t, doc, "word/document.xml"), "Two")
	return job
}

// TestOfficeSources renders a tenant's Word letter (made by LibreOffice,
// its tags split into runs) as a source, the way docs/office.md shows:
// filled and answered as a .docx, converted to PDF synchronously, as a job
// and as a batch; a spreadsheet converted as it is; and every wrong source
// answered with the field named, another tenant's asset out of reach.
func TestOfficeSources(t *testing.T) {
	t.Parallel()
	e := setupChromium(t, nil)
	key := e.tenantKey(t, "acme")
	other := e.tenantKey(t, "globex")
	letter, err := os.ReadFile("../render/docx/testdata/letter.docx")
	require.NoError(t, err)
	sheet, err := os.ReadFile("../render/office/testdata/calc.xlsx")
	require.NoError(t, err)
	resp, body := e.putAsset(t, key, "letters/letter.docx", paprika.TypeDOCX, letter)
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.putAsset(t, key, "sheet.xlsx", paprika.TypeXLSX, sheet)
	requireStatus(t, http.StatusCreated, resp, body)
	// A file that says it is Word and is not a zip is refused at upload.
	resp, body = e.putAsset(t, key, "fake.docx", paprika.TypeDOCX, []byte("%PDF-1.7 not a word file"))
	requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)

	// Filled and answered as Word.
	resp, doc := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"source": "assets/letters/letter.docx", "format": "docx", "data": letterData("Ada & Co")})
	requireStatus(t, http.StatusOK, resp, doc)
	require.Equal(t, paprika.TypeDOCX, resp.Header.Get("Content-Type"))
	xml := readZipPart(t, doc, "word/document.xml")
	require.Contains(t, xml, "Ada &amp; Co")
	require.NotContains(t, xml, "{{")

	// Converted to PDF, with options.pdf applied after.
	resp, doc = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"source": "assets/letters/letter.docx", "data": letterData("Grace"),
		"options": map[string]any{"pdf": map[string]any{"title": "Letter to Grace", "watermark": map[string]any{"text": "COPY"}}}})
	requireStatus(t, http.StatusOK, resp, doc)
	requireLetter(t, pdfText(t, doc), "Grace")
	info, err := docTool(t, doc, "pdfinfo")
	require.NoError(t, err)
	require.Contains(t, info, "Letter to Grace")
	require.Regexp(t, `Producer: +Paprika`, info)

	// A spreadsheet converts as it is.
	resp, doc = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"source": "assets/sheet.xlsx"})
	requireStatus(t, http.StatusOK, resp, doc)
	require.NotEmpty(t, strings.TrimSpace(pdfText(t, doc)))

	// As a job and as a batch, under the same scheduler.
	e.requireLetterWork(t, key, map[string]any{"source": "assets/letters/letter.docx"})

	// What is wrong is named.
	for _, c := range []struct {
		in     map[string]any
		status int
		code   string
		want   string
	}{
		{map[string]any{"source": "letters/letter.docx"}, 400, "bad-request", `source is "assets/NAME"`},
		{map[string]any{"source": "assets/logo.png"}, 400, "bad-request", "source is an Office file"},
		{map[string]any{"source": "assets/sheet.xlsx", "format": "docx"}, 400, "bad-request", "format docx fills a .docx template"},
		{map[string]any{"source": "assets/letters/letter.docx", "format": "png"}, 400, "bad-request", "format is pdf, or the source's own"},
		{map[string]any{"source": "assets/letters/letter.docx", "options": map[string]any{"landscape": true}}, 400, "bad-request", "only options.pdf applies"},
		{map[string]any{"source": "assets/letters/letter.docx", "template": "<p>x</p>"}, 400, "bad-request", "give one of template, templateId and source"},
		{map[string]any{"template": "<p>x</p>", "format": "docx"}, 400, "bad-request", "format docx fills a Word or OpenDocument source"},
		{map[string]any{"source": "assets/missing.docx"}, 422, "template-error", "you have no asset named missing.docx"},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, c.in)
		eb := requireError(t, c.status, c.code, resp, body)
		require.Contains(t, eb.Message, c.want, "%v", c.in)
	}
	// Another tenant's letter is not globex's to render.
	resp, body = e.do(t, http.MethodPost, "/v1/renders", other, map[string]any{"source": "assets/letters/letter.docx"})
	eb := requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
	require.Contains(t, eb.Message, "no asset named letters/letter.docx")
}
