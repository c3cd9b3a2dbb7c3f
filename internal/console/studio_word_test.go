package console_test

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// pdfText runs poppler's pdftotext on a document.
func pdfText(t *testing.T, doc []byte) string {
	t.Helper()
	_, err := exec.LookPath("pdftotext")
	require.NoError(t, err, "pdftotext is needed: scripts/install-deps.sh test (apt-get install -y poppler-utils)")
	p := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(p, doc, 0o600))
	out, err := exec.Command("pdftotext", p, "-").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// A Word template in the studio (docs/office.md, Stored Word templates):
// created from an uploaded .docx by its Source field, its sample data
// edited, previewed as PDF (the Word file filled with the sample data,
// through the synchronous render), with the page saying the html preview
// does not apply; the stored template names its source.
func TestStudioWordTemplate(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	letter, err := os.ReadFile("../render/docx/testdata/letter.docx")
	require.NoError(t, err)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, e.URL+"/v1/assets/letter.docx", bytes.NewReader(letter))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+secret)
	req.Header.Set("Content-Type", paprika.TypeDOCX)
	resp, err := e.client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)

	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html") // the author's last choice, which a Word template cannot take
	tb.open("/console/templates/new")
	tb.setValue("id", "letter")
	tb.setValue("source", "assets/letter.docx")
	sample := `{"number": "2026-0042", "customer": {"name": "Ada"}, "paid": false, "due": "31 December", "items": [], "notes": [], "sender": "Acme GmbH"}`
	tb.setDoc("data", sample)
	tb.submit("#save")
	require.Equal(t, "/console/templates/letter?ok=created", tb.path())
	status, stored := e.api(t, http.MethodGet, "/v1/templates/letter", secret, nil)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "assets/letter.docx", stored["source"])
	require.Equal(t, "", stored["content"])

	require.Contains(t, tb.text("#source-note"), "the live html preview does not apply")
	require.Equal(t, []string{"pdf"}, evalAs[[]string](tb, `[...document.getElementById("format").options].map(o => o.value)`))
	rendered := `document.getElementById("preview-status").textContent.startsWith("PDF rendered") &&
		document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`
	tb.waitFor("the Word template's preview", rendered)
	tb.check("playground-word")
	_, doc := tb.fetchBytes(evalAs[string](tb, `document.getElementById("preview-link").href`))
	require.Contains(t, pdfText(t, doc), "Dear Ada,")

	// The sample data edited: the preview renders it again.
	first := evalAs[string](tb, `document.getElementById("preview-link").href`)
	tb.setDoc("data", `{"number": "2026-0042", "customer": {"name": "Grace"}, "items": [], "notes": [], "sender": "Acme GmbH"}`)
	tb.waitFor("the preview of the new data", rendered+` && document.getElementById("preview-link").href !== `+jsString(first))
	_, doc = tb.fetchBytes(evalAs[string](tb, `document.getElementById("preview-link").href`))
	require.Contains(t, pdfText(t, doc), "Dear Grace,")
}
