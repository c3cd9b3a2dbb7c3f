package console_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// setDoc replaces an editor's text the way typing does (a CodeMirror
// transaction), so the preview reacts as it would to keys.
func (tb *tab) setDoc(textareaID, text string) {
	tb.t.Helper()
	evalAs[bool](tb, `(() => { const v = document.getElementById(`+jsString(textareaID)+`).editorView;
		v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: `+jsString(text)+`}}); return true; })()`)
}

// fetchInfo fetches a console URL from the page (with its cookie) and
// returns the status, the content type and the first bytes as text.
type fetched struct {
	Status int    `json:"status"`
	Type   string `json:"type"`
	Head   string `json:"head"`
	Text   string `json:"text"`
}

func (tb *tab) fetch(url string) fetched {
	tb.t.Helper()
	return evalAs[fetched](tb, `fetch(`+jsString(url)+`).then(async r => { const b = new Uint8Array(await r.arrayBuffer());
		const text = new TextDecoder().decode(b);
		return {status: r.status, type: r.headers.get("content-type") || "", head: String.fromCharCode(...b.slice(0, 4)), text: text.slice(0, 4000)}; })`)
}

const xssName = `<img src=x onerror="window.__xss=1">Invoice`

// The tenant's studio end to end: sign in, a template error shown at its
// line, the fix previewed, a PDF rendered, the template saved (its name an
// XSS payload, shown as text), a batch queued, watched to the end and
// downloaded, a job likewise.
func TestTenantStudio(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	tb := e.newTab(t)
	tb.signIn(secret)
	require.Equal(t, "/console/templates", tb.path())
	tb.check("templates-empty")

	// The key is nowhere the page can reach: not in the page, the URL,
	// the storage, or a cookie script can read.
	leak := evalAs[bool](tb, `document.documentElement.outerHTML.includes(`+jsString(secret)+`) ||
		location.href.includes(`+jsString(secret)+`) || document.cookie.includes("paprika") ||
		localStorage.length > 0 || sessionStorage.length > 0`)
	require.False(t, leak)

	tb.previewAs("html") // the author's last choice; pdf by default
	tb.open("/console/templates/new")
	tb.waitFor("the first preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered") &&
		document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)
	tb.check("playground")

	// An error on line 3: the editor marks that line and shows the message
	// under it.
	broken := "<h1>Hello {{name}}</h1>\n<ul>\n{{#each items}}<li>{{this}}</li>\n</ul>\n"
	tb.setDoc("content", broken)
	tb.waitFor("the template error", `document.getElementById("content-editor").shadowRoot.querySelector(".cm-error-message")`)
	msg := evalAs[string](tb, `document.getElementById("content-editor").shadowRoot.querySelector(".cm-error-message").textContent`)
	require.Contains(t, msg, "line ")
	status := tb.text("#preview-status")
	require.Contains(t, status, "Template error at line")
	errLine := evalAs[int](tb, `[...document.getElementById("content-editor").shadowRoot.querySelectorAll(".cm-line")].findIndex(l => l.classList.contains("cm-error-line")) + 1`)
	require.Positive(t, errLine)
	require.Contains(t, status, "line "+itoa(errLine), "the marked line is the one the message names")
	tb.check("playground-error")

	// A data error is shown at its line in the data editor.
	tb.setDoc("data", "{\n  \"name\": \"Ada\",\n  \"items\": [1, 2,]\n}")
	tb.waitFor("the data error", `document.getElementById("data-editor").shadowRoot.querySelector(".cm-error-message")`)
	require.Contains(t, tb.text("#preview-status"), "Data error at line 3")

	// Fixed: the preview shows the document.
	tb.setDoc("data", "{\n  \"name\": \"Ada\",\n  \"items\": [\"tea\", \"cake\"]\n}")
	tb.setDoc("content", "<h1>Hello {{name}}</h1>\n<ul>\n{{#each items}}<li>{{this}}</li>{{/each}}\n</ul>\n")
	tb.waitFor("the fixed preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered") &&
		!document.getElementById("content-editor").shadowRoot.querySelector(".cm-error-message")`)
	tb.waitFor("the frame to load", `document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)
	preview := tb.fetch(evalAs[string](tb, `document.getElementById("preview-frame").src`))
	require.Equal(t, http.StatusOK, preview.Status)
	require.Contains(t, preview.Text, "<h1>Hello Ada</h1>")
	require.Contains(t, preview.Text, "<li>cake</li>")
	tb.screenshot("playground-375", 375)

	// A PDF, through the tenant's synchronous render.
	evalAs[bool](tb, `(() => { const f = document.getElementById("format"); f.value = "pdf"; f.dispatchEvent(new Event("change")); return true; })()`)
	tb.waitFor("the PDF preview", `document.getElementById("preview-status").textContent.startsWith("PDF rendered")`)
	require.Contains(t, tb.text("#preview-status"), "1 page")
	pdf := tb.fetch(evalAs[string](tb, `document.getElementById("preview-link").href`))
	require.Equal(t, "application/pdf", pdf.Type)
	require.Equal(t, "%PDF", pdf.Head)

	// Saved, with a name that would run script if it were not escaped.
	evalAs[bool](tb, `(() => { document.getElementById("id").value = "invoice"; document.getElementById("name").value = `+jsString(xssName)+`; return true; })()`)
	tb.submit("#save")
	require.Equal(t, "/console/templates/invoice?ok=created", tb.path())
	tb.open("/console/templates")
	require.Contains(t, tb.text("table"), xssName, "the name is shown as text")
	require.False(t, evalAs[bool](tb, `!!document.querySelector("table img") || window.__xss === 1`))
	tb.check("templates")

	// A new version, then the list of versions.
	tb.open("/console/templates/invoice")
	tb.waitFor("the editor", `document.getElementById("content").editorView`)
	tb.setDoc("content", "<h1>Invoice for {{name}}</h1>\n<p>{{#each items}}{{this}} {{/each}}</p>\n")
	tb.submit("#save")
	require.Equal(t, "/console/templates/invoice?ok=saved", tb.path())
	require.Equal(t, []string{"2", "1"}, evalAs[[]string](tb, `[...document.querySelectorAll("#version option")].map(o => o.value)`))

	// A batch, queued from the template with metadata that would run
	// script if it were not escaped; its page follows it to the end.
	const xssMeta = `{"note": "<script>window.__xss=2</script><b>bold</b>"}`
	evalAs[bool](tb, `(() => { document.querySelector("details.queue").open = true; document.getElementById("format").value = "pdf";
		document.getElementById("records").value = JSON.stringify([{name: "A"}, {name: "B"}, {name: "C"}]);
		document.getElementById("metadata").value = `+jsString(xssMeta)+`; return true; })()`)
	tb.submit("#submit-batch")
	require.True(t, strings.HasPrefix(tb.path(), "/console/batches/"), tb.path())
	batchPath := strings.TrimSuffix(tb.path(), "?ok=submitted")
	tb.waitFor("the batch to finish", `document.getElementById("batch-status").textContent === "done"`)
	require.Contains(t, tb.text("#batch-counts"), "3 of 3 ended: 3 done")
	require.Contains(t, tb.text("#batch-metadata"), "<script>window.__xss=2</script><b>bold</b>")
	require.False(t, evalAs[bool](tb, `!!document.querySelector("#batch-metadata b, #batch-metadata script") || window.__xss === 2`))
	tb.check("batch")
	zip := tb.fetch(evalAs[string](tb, `document.getElementById("batch-download").href`))
	require.Equal(t, http.StatusOK, zip.Status)
	require.Equal(t, "application/zip", zip.Type)
	require.Equal(t, "PK\x03\x04", zip.Head)
	record := tb.fetch(batchPath + "/records/1/output")
	require.Equal(t, http.StatusOK, record.Status, record.Text)
	require.Equal(t, "%PDF", record.Head)

	tb.open("/console/batches")
	require.Contains(t, tb.text("table"), "3/3")
	tb.check("batches")

	// A job, the same way, with a webhook: its delivery shows on its page.
	var hooks atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("webhook-id") != "" && r.Header.Get("webhook-signature") != "" {
			hooks.Add(1)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(receiver.Close)
	tb.open("/console/templates/invoice")
	tb.waitFor("the editor", `document.getElementById("content").editorView`)
	evalAs[bool](tb, `(() => { document.querySelector("details.queue").open = true; document.getElementById("format").value = "pdf"; document.getElementById("metadata").value = `+jsString(xssMeta)+`;
		document.getElementById("webhookUrl").value = `+jsString(receiver.URL+"/hook")+`; return true; })()`)
	tb.submit("#submit-job")
	require.True(t, strings.HasPrefix(tb.path(), "/console/jobs/"), tb.path())
	tb.waitFor("the job to finish", `document.getElementById("job-status").textContent === "done"`)
	require.Contains(t, tb.text("#job-metadata"), "<script>")
	tb.waitFor("the webhook's delivery", `document.getElementById("delivery-status") && document.getElementById("delivery-status").textContent === "delivered"`)
	require.Contains(t, tb.text("#attempts"), "204")
	require.EqualValues(t, 1, hooks.Load())
	tb.check("job")
	out := tb.fetch(evalAs[string](tb, `document.getElementById("job-download").href`))
	require.Equal(t, "%PDF", out.Head)
	// The job names the version it used; its link shows that version.
	tb.open(evalAs[string](tb, `new URL(document.querySelector('dl.facts a[href^="/console/templates/"]').href).pathname`))
	require.Equal(t, "/console/templates/invoice?version=2", tb.path())
	require.Equal(t, "2", evalAs[string](tb, `document.getElementById("version").value`))
	tb.open("/console/jobs")
	require.Contains(t, tb.text("table"), "done")
	require.False(t, evalAs[bool](tb, `!!document.querySelector("td.meta b") || window.__xss === 2`))
	tb.check("jobs")
}
