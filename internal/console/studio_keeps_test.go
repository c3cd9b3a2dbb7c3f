package console_test

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// errorAt waits for the template editor to mark an error and returns the
// marked line and the status line.
func (tb *tab) errorAt() (int, string) {
	tb.t.Helper()
	tb.waitFor("the template error", `document.getElementById("content-editor").shadowRoot.querySelector(".cm-error-message")`)
	line := evalAs[int](tb, `[...document.getElementById("content-editor").shadowRoot.querySelectorAll(".cm-line")].findIndex(l => l.classList.contains("cm-error-line")) + 1`)
	return line, tb.text("#preview-status")
}

// setValue sets a form field and tells the page, as typing does.
func (tb *tab) setValue(id, value string) {
	tb.t.Helper()
	evalAs[bool](tb, `(() => { const el = document.getElementById(`+jsString(id)+`); el.value = `+jsString(value)+`;
		el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", {bubbles: true})); return true; })()`)
}

// pdfInfo runs poppler's pdfinfo on a document.
func pdfInfo(t *testing.T, doc []byte) string {
	t.Helper()
	_, err := exec.LookPath("pdfinfo")
	require.NoError(t, err, "pdfinfo is needed: scripts/install-deps.sh test (apt-get install -y poppler-utils)")
	p := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(p, doc, 0o600))
	out, err := exec.Command("pdfinfo", p).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// The studio keeps what a template needs beside its content: a misspelled
// helper and a block left open are shown at their lines in an author's
// words; the sample data and the page options (paper, orientation,
// margins, footer, PDF title) are saved with the template, through the API
// as any client sees them, and come back on reopen and on a version switch,
// where the preview renders with them.
func TestStudioSavesSampleDataAndOptions(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html")
	tb.open("/console/templates/new")
	tb.waitFor("the first preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered")`)

	// A helper that does not exist, named at its line.
	tb.setDoc("content", "<h1>Invoice {{invoiceNo}}</h1>\n<p>{{formatCurency total \"EUR\"}}</p>\n")
	line, status := tb.errorAt()
	require.Equal(t, 2, line)
	require.Contains(t, status, "Template error at line 2: Template error: line 2: formatCurency is not a helper (did you mean formatCurrency?)")
	// A block left open, at the line that opens it.
	tb.setDoc("content", "<h1>Invoice {{invoiceNo}}</h1>\n<ul>\n{{#each lines}}\n<li>{{this}}</li>\n</ul>\n")
	tb.waitFor("the block error", `document.getElementById("preview-status").textContent.includes("never closed")`)
	line, status = tb.errorAt()
	require.Equal(t, 3, line)
	require.Contains(t, status, "line 3: {{#each}} is never closed: end it with {{/each}}")
	tb.check("playground-block-error")
	// A block closed by another: the line that opens it, and the other's.
	tb.setDoc("content", "<h1>Invoice {{invoiceNo}}</h1>\n{{#if paid}}\n<p>Paid</p>\n{{/each}}\n")
	tb.waitFor("the mismatch", `document.getElementById("preview-status").textContent.includes("closed by")`)
	line, status = tb.errorAt()
	require.Equal(t, 2, line)
	require.Contains(t, status, "line 2: {{#if}} is closed by {{/each}} on line 4: end it with {{/if}} first")
	require.NotContains(t, status, "Pos:")

	// The template, its sample data and its page options.
	const content = "<h1>Invoice {{invoiceNo}}</h1>\n<p>For {{customer}}: {{formatCurrency total \"EUR\"}}</p>\n"
	const data = "{\n  \"invoiceNo\": \"INV-7\",\n  \"customer\": \"Ada\",\n  \"total\": 1234.5\n}\n"
	tb.setDoc("content", content)
	tb.setDoc("data", data)
	evalAs[bool](tb, `(document.getElementById("page-options").open = true)`)
	tb.setValue("opt-paper", "Letter")
	tb.setValue("opt-orientation", "landscape")
	tb.setValue("opt-margin-top", "2cm")
	tb.setValue("opt-footer", `<div style="font-size:8px;margin:auto">Page <span class="pageNumber"></span></div>`)
	tb.setValue("opt-pdf-title", "Invoice INV-7")
	tb.waitFor("the preview of the data", `document.getElementById("preview-status").textContent.startsWith("HTML rendered")`)
	tb.check("") // the screenshot of the panel is TestStudioShowsEveryStoredOption's
	tb.setValue("id", "invoice")
	tb.submit("#save")
	require.Equal(t, "/console/templates/invoice?ok=created", tb.path())

	status2, body := e.api(t, http.MethodGet, "/v1/templates/invoice", secret, nil)
	require.Equal(t, http.StatusOK, status2, body)
	sample, _ := json.Marshal(body["sampleData"])
	require.JSONEq(t, data, string(sample))
	opts, _ := json.Marshal(body["options"])
	require.JSONEq(t, `{"paper": "Letter", "landscape": true, "margin": {"top": "2cm"},
		"footerTemplate": "<div style=\"font-size:8px;margin:auto\">Page <span class=\"pageNumber\"></span></div>",
		"pdf": {"title": "Invoice INV-7"}}`, string(opts))

	// Reopened: the saved data, in the author's order, and the preview of it.
	tb.open("/console/templates/invoice")
	tb.waitFor("the preview", `document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src && document.getElementById("preview-frame").src`)
	require.Equal(t, data, evalAs[string](tb, `document.getElementById("data").value`))
	preview := tb.fetch(evalAs[string](tb, `document.getElementById("preview-frame").src`))
	require.Contains(t, preview.Text, "<h1>Invoice INV-7</h1>")
	require.Contains(t, preview.Text, "For Ada: €1,234.50")
	require.Equal(t, "landscape", evalAs[string](tb, `document.getElementById("opt-orientation").value`))

	// The PDF preview prints with the options: Letter, landscape, titled.
	tb.setValue("format", "pdf")
	tb.waitFor("the PDF preview", `document.getElementById("preview-status").textContent.startsWith("PDF rendered")`)
	code, doc := tb.fetchBytes(evalAs[string](tb, `document.getElementById("preview-link").href`))
	require.Equal(t, http.StatusOK, code)
	info := pdfInfo(t, doc)
	require.Regexp(t, `Page size:\s+792 x 612 pts \(letter\)`, info, "Letter, landscape")
	require.Regexp(t, `Title:\s+Invoice INV-7`, info)

	// A second version with other data; version 1 still shows its own.
	status2, body = e.api(t, http.MethodPut, "/v1/templates/invoice", secret, map[string]any{"content": content + "<p>v2</p>\n",
		"sampleData": map[string]any{"invoiceNo": "INV-8", "customer": "Grace", "total": 1}})
	require.Equal(t, http.StatusOK, status2, body)
	tb.previewAs("html") // the page's text below
	tb.open("/console/templates/invoice?version=1")
	tb.waitFor("the preview of version 1", `document.getElementById("preview-frame").dataset.loaded && document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)
	require.Equal(t, data, evalAs[string](tb, `document.getElementById("data").value`))
	require.Contains(t, tb.fetch(evalAs[string](tb, `document.getElementById("preview-frame").src`)).Text, "Invoice INV-7")
	tb.open("/console/templates/invoice")
	tb.waitFor("the preview of version 2", `document.getElementById("preview-frame").dataset.loaded && document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)
	require.Contains(t, evalAs[string](tb, `document.getElementById("data").value`), `"INV-8"`)
	require.Contains(t, tb.fetch(evalAs[string](tb, `document.getElementById("preview-frame").src`)).Text, "For Grace")
}

// Versions are listed with the dates they were stored; two are compared
// side by side, line by line; an old one is restored as a new version, its
// sample data and options with it.
func TestStudioVersionsCompareAndRestore(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	status, v1 := e.api(t, http.MethodPost, "/v1/templates", secret, map[string]any{"id": "letter",
		"content": "<h1>Dear {{name}}</h1>\n<p>Thank you.</p>\n<p>Regards</p>\n", "sampleData": map[string]any{"name": "Ada"},
		"options": map[string]any{"margin": map[string]any{"top": "3cm"}}})
	require.Equal(t, http.StatusCreated, status, v1)
	status, v2 := e.api(t, http.MethodPut, "/v1/templates/letter", secret, map[string]any{
		"content":    "<h1>Dear {{name}}</h1>\n<p>Thank you so much.</p>\n<p>Regards</p>\n<p>PS: see you</p>\n",
		"sampleData": map[string]any{"name": "Grace"}, "options": map[string]any{}})
	require.Equal(t, http.StatusOK, status, v2)

	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html")
	tb.open("/console/templates/letter")
	rows := evalAs[[]string](tb, `[...document.querySelectorAll("#versions tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`)
	require.Len(t, rows, 2)
	when := func(ts any) string {
		return strings.Replace(strings.Replace(ts.(string), "T", " ", 1), ".", "", 1)[:19] + "Z"
	}
	require.Equal(t, "2 (latest) "+when(v2["updatedAt"])+" 83 B shown", rows[0])
	require.Equal(t, "1 "+when(v1["updatedAt"])+" 56 B Show version 1", rows[1])

	// Compared: 1 on the left, 2 on the right.
	tb.submit("#compare")
	require.Equal(t, "/console/templates/letter/compare?a=1&b=2", tb.path())
	diff := evalAs[[]string](tb, `[...document.querySelector('section[aria-label="Template"] table.diff').querySelectorAll("tbody tr")].map(r => r.className + "|" + [...r.cells].map(c => c.textContent).join("|"))`)
	require.Equal(t, []string{
		"same|1|<h1>Dear {{name}}</h1>|1|<h1>Dear {{name}}</h1>",
		"changed|2|<p>Thank you.</p>|2|<p>Thank you so much.</p>",
		"same|3|<p>Regards</p>|3|<p>Regards</p>",
		"added|||4|<p>PS: see you</p>",
	}, diff)
	require.Contains(t, tb.text(`section[aria-label="Sample data"]`), `"Ada"`)
	require.Contains(t, tb.text(`section[aria-label="Sample data"]`), `"Grace"`)
	require.Contains(t, tb.text(`section[aria-label="Options"]`), `"3cm"`)
	tb.check("compare")

	// Version 1 restored as version 3.
	tb.open("/console/templates/letter?version=1")
	require.Contains(t, tb.text("#old-version"), "You are looking at version 1 of 2; saving makes version 3")
	tb.submit("#restore")
	require.Equal(t, "/console/templates/letter?ok=restored", tb.path())
	status, v3 := e.api(t, http.MethodGet, "/v1/templates/letter", secret, nil)
	require.Equal(t, http.StatusOK, status)
	require.EqualValues(t, 3, v3["version"])
	require.Equal(t, v1["content"], v3["content"])
	require.Equal(t, v1["sampleData"], v3["sampleData"])
	require.Equal(t, v1["options"], v3["options"])
	require.Equal(t, "3", evalAs[string](tb, `document.getElementById("version").value`))
}

// An edit outlives its session: signed out in another tab, the preview
// says so in JSON (no "Unexpected token '<'"), the save that fails links to
// signing in again, and back on the page the edit is there to save.
func TestStudioDraftSurvivesAnEndedSession(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	status, body := e.api(t, http.MethodPost, "/v1/templates", secret, map[string]any{"id": "memo", "content": "<p>{{text}}</p>\n",
		"sampleData": map[string]any{"text": "hello"}})
	require.Equal(t, http.StatusCreated, status, body)
	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html")
	tb.open("/console/templates/memo")
	tb.waitFor("the first preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered")`)

	const edited = "<h2>Memo</h2>\n<p>{{text}}, typed before the session ended</p>\n"
	tb.setDoc("content", edited)
	tb.waitFor("the draft", `document.getElementById("playground").dataset.drafted`)
	require.Equal(t, 1, evalAs[int](tb, `Object.keys(sessionStorage).filter(k => k.startsWith("paprika-draft:")).length`))

	// Signed out elsewhere: the sign-out another tab of this browser posts
	// (the same cookie, the same CSRF token), which ends the session and
	// clears the cookie.
	signedOut := evalAs[int](tb, `(() => { const f = new FormData(); f.set("csrf", document.querySelector('meta[name="csrf-token"]').content);
		return fetch("/console/signout", {method: "POST", body: new URLSearchParams(f)}).then(r => r.status); })()`)
	require.Equal(t, http.StatusOK, signedOut, "the sign-out's redirect to the sign-in page")

	// The preview answers JSON: the status says the session ended.
	tb.setDoc("content", edited+"<p>and after</p>\n")
	tb.waitFor("the ended session", `document.getElementById("preview-sign-in")`)
	status2 := tb.text("#preview-status")
	require.Contains(t, status2, "Signed out: Your session has ended: sign in again. Your edit is kept in this tab.")
	require.NotContains(t, status2, "Unexpected token")
	code := tb.fetch("/console/templates") // a page: the sign-in redirect, not an error
	require.Equal(t, http.StatusOK, code.Status)

	// Saving fails, and leads to signing in again, then back here.
	tb.submit("#save")
	require.Contains(t, tb.text("p.error"), "Your session has ended")
	tb.submit("#sign-in-again")
	require.True(t, strings.HasPrefix(tb.path(), "/console/signin?ended=1&next="), tb.path())
	tb.do(chromedp.SendKeys(chromedp.CSS("#secret"), secret))
	tb.submit(`button[type="submit"]`)
	require.Equal(t, "/console/templates/memo", tb.path())
	tb.waitFor("the draft put back", `!document.getElementById("draft-status").hidden`)
	require.Equal(t, edited+"<p>and after</p>\n", evalAs[string](tb, `document.getElementById("content").value`))
	require.Contains(t, tb.text("#draft-status"), "Your unsaved edit")
	tb.check("playground-draft")

	tb.submit("#save")
	require.Equal(t, "/console/templates/memo?ok=saved", tb.path())
	status, body = e.api(t, http.MethodGet, "/v1/templates/memo", secret, nil)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, edited+"<p>and after</p>\n", body["content"])
	require.EqualValues(t, 2, body["version"])
	require.Equal(t, 0, evalAs[int](tb, `Object.keys(sessionStorage).filter(k => k.startsWith("paprika-draft:")).length`), "saved: no draft left")
	require.True(t, evalAs[bool](tb, `document.getElementById("draft-status").hidden`))
}

// A key's secret is shown once, after a redirect: reloading the page does
// not make a second key. Revoking and suspending ask first, and a no
// changes nothing.
func TestAdminKeyOnceAndConfirmations(t *testing.T) {
	e := setup(t)
	status, body := e.api(t, http.MethodPost, "/v1/admin/tenants", e.AdminToken, map[string]any{"id": "globex", "name": "Globex"})
	require.Equal(t, http.StatusCreated, status, body)
	tb := e.newTab(t)
	tb.signIn(e.AdminToken)
	tb.open("/console/admin/tenants/globex")
	tb.setValue("key-name", "ci")
	tb.submit("#create-key")
	require.Regexp(t, `^/console/admin/tenants/globex\?key=`, tb.path(), "a redirect, not the POST's own page")
	secret := evalAs[string](tb, `document.getElementById("new-secret").value`)
	require.Regexp(t, `^pk_`, secret)

	evalAs[bool](tb, `(window.__before = true)`)
	tb.do(chromedp.Reload())
	tb.waitFor("the reloaded page", `!window.__before && document.readyState === "complete"`)
	require.False(t, evalAs[bool](tb, `!!document.getElementById("new-secret") || document.documentElement.outerHTML.includes(`+jsString(secret)+`)`),
		"the secret is gone after its one showing")
	require.Contains(t, tb.text("#secret-gone"), "shown once")
	status, keys := e.api(t, http.MethodGet, "/v1/admin/tenants/globex/keys", e.AdminToken, nil)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, keys["data"], 1, "the reload made no second key")
	status, _ = e.api(t, http.MethodGet, "/v1/templates", secret, nil)
	require.Equal(t, http.StatusOK, status, "the key shown works")

	// Revoke: no, then yes.
	tb.confirming(false)
	tb.click(`button[aria-label^="Revoke key ci"]`)
	prefix := keys["data"].([]any)[0].(map[string]any)["prefix"].(string)
	require.True(t, strings.HasPrefix(secret, prefix))
	require.Equal(t, []string{"Revoke key ci (" + prefix + "…)? It and its console sessions stop working at once, for good."},
		evalAs[[]string](tb, `window.__asked`))
	status, _ = e.api(t, http.MethodGet, "/v1/templates", secret, nil)
	require.Equal(t, http.StatusOK, status, "declined: still a live key")
	tb.confirming(true)
	tb.submit(`button[aria-label^="Revoke key ci"]`)
	require.Contains(t, tb.path(), "ok=revoked")
	status, _ = e.api(t, http.MethodGet, "/v1/templates", secret, nil)
	require.Equal(t, http.StatusUnauthorized, status)

	// Suspend: no, then yes.
	tb.confirming(false)
	tb.click(`form[action$="/suspend"] button`)
	require.Len(t, evalAs[[]string](tb, `window.__asked`), 1)
	require.Equal(t, "active", tb.text("#tenant-state"))
	tb.confirming(true)
	tb.submit(`form[action$="/suspend"] button`)
	require.Contains(t, tb.text("#tenant-state"), "suspended")
}

// Canceling asks first; a canceled batch says what was canceled instead
// of showing a full bar. No worker runs, so the work stays queued.
func TestCancelAsksAndShowsCanceled(t *testing.T) {
	e := setupIdle(t)
	secret, _ := e.tenant(t, "acme")
	status, job := e.api(t, http.MethodPost, "/v1/jobs", secret, map[string]any{"template": "<p>x</p>", "format": "html"})
	require.Equal(t, http.StatusAccepted, status, job)
	records := make([]map[string]any, 8)
	for i := range records {
		records[i] = map[string]any{"n": i}
	}
	status, batch := e.api(t, http.MethodPost, "/v1/batches", secret, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records})
	require.Equal(t, http.StatusAccepted, status, batch)

	tb := e.newTab(t)
	tb.signIn(secret)
	tb.open("/console/jobs/" + job["id"].(string))
	tb.confirming(false)
	tb.click(`form[action$="/cancel"] button`)
	require.Equal(t, []string{"Cancel this job?"}, evalAs[[]string](tb, `window.__asked`))
	require.Equal(t, "queued", tb.text("#job-status"))
	tb.confirming(true)
	tb.submit(`form[action$="/cancel"] button`)
	require.Equal(t, "canceled", tb.text("#job-status"))

	tb.open("/console/batches/" + batch["id"].(string))
	tb.confirming(false)
	tb.click(`form[action$="/cancel"] button`)
	require.Len(t, evalAs[[]string](tb, `window.__asked`), 1)
	require.Equal(t, "queued", tb.text("#batch-status"))
	tb.confirming(true)
	tb.submit(`form[action$="/cancel"] button`)
	tb.waitFor("the batch canceled", `document.getElementById("batch-status").textContent === "canceled"`)
	require.Equal(t, "Canceled: 0 of 8 rendered (0 done, 0 failed), 8 canceled", tb.text("#batch-counts"))
	require.Equal(t, 0, evalAs[int](tb, `document.getElementById("batch-progress").value`), "no full bar")
	tb.check("batch-canceled")
	tb.open("/console/batches")
	require.Contains(t, tb.text("table"), "0/8, 8 canceled")
}
