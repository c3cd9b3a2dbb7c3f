package console_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// The studio's standards: a box per standard (one PDF/A part at most), the
// PDF preview of a page that fails the PDF/UA-1 check lists each problem
// at its element, and the ticked boxes are saved in options.pdf.standards
// and ticked again on reopen.
func TestStudioStandardsCheckedAndSaved(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html")
	tb.open("/console/templates/new")
	tb.waitFor("the first preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered")`)

	const pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
	page := func(img string) string {
		return "<!doctype html>\n<html lang=\"en\"><head><title>Report</title></head><body>\n<h1>Report {{n}}</h1>\n" + img + "\n</body></html>\n"
	}
	tb.setDoc("content", page(`<img src="`+pixel+`" width="20" height="20">`))
	tb.setDoc("data", `{"n": 7}`)
	evalAs[bool](tb, `(document.getElementById("page-options").open = true)`)
	checked := func() map[string]bool {
		return evalAs[map[string]bool](tb, `Object.fromEntries([...document.querySelectorAll('input[name="opt-standard"]')].map(b => [b.value, b.checked]))`)
	}
	require.Equal(t, map[string]bool{"PDF/A-2b": false, "PDF/A-3b": false, "PDF/UA-1": false}, checked())
	// One PDF/A part at most: ticking the other unticks the first.
	tb.click("#opt-std-pdfa2b")
	tb.click("#opt-std-pdfa3b")
	tb.click("#opt-std-pdfua1")
	require.Equal(t, map[string]bool{"PDF/A-2b": false, "PDF/A-3b": true, "PDF/UA-1": true}, checked())

	// The PDF preview: the check's problem, at its element.
	tb.setValue("format", "pdf")
	tb.waitFor("the problems", `!document.getElementById("preview-problems").hidden`)
	require.Equal(t, "Accessibility check (PDF/UA-1): 1 problem", tb.text("#preview-status"))
	items := evalAs[[]string](tb, `[...document.querySelectorAll("#preview-problems li")].map(li => li.textContent)`)
	require.Len(t, items, 1)
	require.Regexp(t, `^img #1 \(src=data:image/png;base64,\S+…\) has no alt text \(alt="" marks an image as decoration\)$`, items[0])
	require.Equal(t, []string{"img #1"}, evalAs[[]string](tb, `[...document.querySelectorAll("#preview-problems li code")].map(c => c.textContent)`))
	tb.check("playground-standards")

	// Alt text given: the list goes, and the preview is a PDF/A-3b, PDF/UA-1 document.
	tb.setDoc("content", page(`<img src="`+pixel+`" width="20" height="20" alt="A red dot">`))
	tb.waitFor("the PDF preview", `document.getElementById("preview-status").textContent.startsWith("PDF rendered")`)
	require.False(t, evalAs[bool](tb, `document.getElementById("preview-problems").hidden === false`))
	code, doc := tb.fetchBytes(evalAs[string](tb, `document.getElementById("preview-link").href`))
	require.Equal(t, http.StatusOK, code)
	info := pdfInfo(t, doc)
	require.Regexp(t, `Tagged:\s+yes`, info)
	require.Regexp(t, `PDF version:\s+1\.7`, info)

	// Saved in options.pdf.standards, and ticked again on reopen.
	tb.setValue("id", "report")
	tb.submit("#save")
	require.Equal(t, "/console/templates/report?ok=created", tb.path())
	status, body := e.api(t, http.MethodGet, "/v1/templates/report", secret, nil)
	require.Equal(t, http.StatusOK, status, body)
	opts, _ := json.Marshal(body["options"])
	require.JSONEq(t, `{"pdf": {"standards": ["PDF/A-3b", "PDF/UA-1"]}}`, string(opts))
	tb.open("/console/templates/report")
	require.True(t, evalAs[bool](tb, `document.getElementById("page-options").open`), "the options are open when a standard is set")
	require.Equal(t, map[string]bool{"PDF/A-2b": false, "PDF/A-3b": true, "PDF/UA-1": true}, checked())

	// Unticked and saved: the standards are gone from the options.
	tb.click("#opt-std-pdfa3b")
	tb.click("#opt-std-pdfua1")
	tb.submit("#save")
	status, body = e.api(t, http.MethodGet, "/v1/templates/report", secret, nil)
	require.Equal(t, http.StatusOK, status, body)
	require.Nil(t, body["options"].(map[string]any)["pdf"], "no standards left: %v", body["options"])
}
