package console_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// consoleLog records, from now on, every console message of the tab and
// every entry of the browser's log for it (where Chromium reports a CSP
// violation, "Refused to apply inline style…"), as text.
func (tb *tab) consoleLog() func() []string {
	tb.t.Helper()
	var mu sync.Mutex
	var got []string
	require.NoError(tb.t, chromedp.Listen(tb.ctx, func(ev any) {
		var line string
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			line = string(e.Type) + ": " + strings.Join(parts, " ")
		case *cdplog.EventEntryAdded:
			line = string(e.Entry.Level) + " (" + string(e.Entry.Source) + "): " + e.Entry.Text + " " + e.Entry.URL
		default:
			return
		}
		mu.Lock()
		got = append(got, line)
		mu.Unlock()
	}))
	_, err := chromedp.Call(tb.ctx, cdplog.Enable, cdp.Empty{})
	require.NoError(tb.t, err)
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

// cspMessages are the messages that tell of a CSP violation.
func cspMessages(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.Contains(l, "Content Security Policy") || strings.Contains(l, "Refused to") {
			out = append(out, l)
		}
	}
	return out
}

// waitPreview waits for the preview's status to start with prefix (e.g.
// "PDF rendered") and its frame or image to show it.
func (tb *tab) waitPreview(prefix string) {
	tb.t.Helper()
	tb.waitFor(prefix, `document.getElementById("preview-status").textContent.startsWith(`+jsString(prefix)+`)`)
}

// The studio previews the document as work renders it: pdf by default,
// then the author's last choice, remembered across reloads in
// localStorage (the format only); a failed preview never leaves an older
// document in view; editing, previewing and saving log no CSP violation;
// the console has an icon; and the previews are counted as previews in
// the tenant's usage, not as renders.
func TestStudioPreviewsTheDocument(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	tb := e.newTab(t)
	messages := tb.consoleLog()
	tb.signIn(secret)

	tb.open("/console/templates/new")
	require.Equal(t, "pdf", evalAs[string](tb, `document.getElementById("format").value`), "pdf until the author chooses")
	tb.waitPreview("PDF rendered")
	tb.waitFor("the frame to load", `document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)
	require.Equal(t, "%PDF", tb.fetch(evalAs[string](tb, `document.getElementById("preview-frame").src`)).Head)

	// Typing, the page options and a save: no CSP violation on the way.
	tb.setDoc("content", "<h1>Invoice {{n}}</h1>\n<p>Total</p>\n")
	tb.setDoc("data", `{"n": 7}`)
	evalAs[bool](tb, `(document.getElementById("page-options").open = true)`)
	tb.setValue("opt-footer", `<div style="font-size:8px">Page <span class="pageNumber"></span></div>`)
	tb.click("#opt-outline")
	tb.waitPreview("PDF rendered")
	tb.setValue("id", "invoice")
	tb.submit("#save")
	require.Equal(t, "/console/templates/invoice?ok=created", tb.path())
	tb.waitPreview("PDF rendered")
	tb.waitFor("the frame to load", `document.getElementById("preview-frame").dataset.loaded === document.getElementById("preview-frame").src`)

	// A failed preview takes the older document out of view.
	tb.setDoc("content", "<h1>Invoice {{n}</h1>\n")
	tb.waitFor("the template error", `document.getElementById("preview-status").textContent.startsWith("Template error")`)
	require.True(t, evalAs[bool](tb, `(() => { const f = document.getElementById("preview-frame"), i = document.getElementById("preview-image");
		return f.hidden && !f.getAttribute("src") && i.hidden && document.getElementById("preview-link").hidden; })()`),
		"no older document beside the error")

	// The choice of png is remembered across a reload, and only it.
	tb.setDoc("content", "<h1>Invoice {{n}}</h1>\n")
	tb.setValue("format", "png")
	tb.waitPreview("PNG rendered")
	tb.open("/console/templates/invoice")
	require.Equal(t, "png", evalAs[string](tb, `document.getElementById("format").value`))
	tb.waitPreview("PNG rendered")
	require.Equal(t, []string{"paprika-preview-format"}, evalAs[[]string](tb, `Object.keys(localStorage)`))
	require.Equal(t, "png", evalAs[string](tb, `localStorage.getItem("paprika-preview-format")`))
	require.NotContains(t, evalAs[string](tb, `JSON.stringify(localStorage)`), secret)
	tb.open("/console/templates/new")
	require.Equal(t, "png", evalAs[string](tb, `document.getElementById("format").value`))
	tb.waitPreview("PNG rendered")

	// The preview opened on its own, as its link does: the page the
	// browser wraps the image in styles itself inline.
	tb.do(chromedp.Navigate(evalAs[string](tb, `document.getElementById("preview-link").href`)))
	tb.waitFor("the image on its own", `document.readyState === "complete" && document.querySelector("img")`)
	require.Empty(t, cspMessages(messages()), "every console message:\n%s", strings.Join(messages(), "\n"))

	// The icon, linked and served, at the console and at the root.
	for _, path := range []string{"/console/favicon.ico", "/favicon.ico"} {
		resp, err := e.client.Get(e.URL + path)
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		require.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"), path)
	}

	// Every preview above counted as a preview, none as a render.
	today := time.Now().UTC().Format(time.DateOnly)
	status, usage := e.api(t, http.MethodGet, "/v1/usage?from="+today+"&to="+today, secret, nil)
	require.Equal(t, http.StatusOK, status, usage)
	total := usage["total"].(map[string]any)
	require.Zero(t, total["renders"], "previews are no renders: %v", total)
	require.Zero(t, total["failed"], "a failed preview is no failed render: %v", total)
	previews := total["previews"].(float64)
	require.GreaterOrEqual(t, previews, 5.0, "%v", total)
	tb.open("/console/usage")
	require.Equal(t, "/console/favicon.ico", evalAs[string](tb, `document.querySelector('link[rel="icon"]').getAttribute("href")`))
	require.Equal(t, fmt.Sprint(previews), tb.text(`#usage-total td[data-u="previews"]`))
	require.Equal(t, "0", tb.text(`#usage-total td[data-u="renders"]`))
}

// storedOptions are options of every kind the API stores for a template:
// the page's, the PDF's metadata, outline, standards, attachments, a
// Factur-X invoice and a signature.
var storedOptions = map[string]any{
	"paper": "Letter", "landscape": true, "margin": map[string]any{"top": "2cm", "bottom": "25mm"},
	"printBackground": false, "scale": 0.9, "headerTemplate": `<div style="font-size:8px">Acme & co</div>`,
	"footerTemplate": `<div style="font-size:8px"><span class="pageNumber"></span></div>`, "pageRanges": "1-2",
	"waitFor": "document.fonts.ready", "width": 800,
	"pdf": map[string]any{
		"title": "Invoice", "author": "Acme", "subject": "Invoice INV-7", "keywords": "invoice, acme",
		"outline": true, "standards": []any{"PDF/A-3b"},
		"attachments": []any{
			map[string]any{"name": "terms.txt", "contentType": "text/plain", "text": "Pay within 30 days.", "relationship": "Supplement"},
			map[string]any{"name": "notes.txt", "contentType": "text/plain", "text": "Thanks!"},
		},
		"facturx":   map[string]any{"profile": "EN 16931", "xmlTemplate": "<rsm:CrossIndustryInvoice>{{n}}</rsm:CrossIndustryInvoice>"},
		"signature": map[string]any{"certificate": "acme-seal", "reason": "Issued by Acme", "location": "Paris", "contactInfo": "billing@acme.test"},
	},
}

// The Page panel shows every stored option and saving from the studio
// keeps every one it did not change; an attachment is listed and removed;
// a password with its permissions and a watermark come back as stored;
// the sample data shows &, < and > as themselves, never \u0026.
func TestStudioShowsEveryStoredOption(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	sample := map[string]any{"company": "Smith & Sons <Ltd>", "n": 7.0}
	status, body := e.api(t, http.MethodPost, "/v1/templates", secret, map[string]any{"id": "invoice", "content": "<h1>{{company}}</h1>\n",
		"sampleData": sample, "options": storedOptions})
	require.Equal(t, http.StatusCreated, status, body)
	status, body = e.api(t, http.MethodPost, "/v1/templates", secret, map[string]any{"id": "secret", "content": "<h1>Secret</h1>\n",
		"options": map[string]any{"pdf": map[string]any{"password": map[string]any{"user": "open-me", "owner": "own-it"},
			"permissions": []any{"print"}, "watermark": map[string]any{"text": "DRAFT", "opacity": 0.2, "rotation": 30}}}})
	require.Equal(t, http.StatusCreated, status, body)
	stored := func(id string) map[string]any {
		status, body := e.api(t, http.MethodGet, "/v1/templates/"+id, secret, nil)
		require.Equal(t, http.StatusOK, status, body)
		return body
	}
	secretOptions := stored("secret")["options"]

	tb := e.newTab(t)
	tb.signIn(secret)
	tb.open("/console/templates/invoice")
	tb.waitFor("the editor", `document.getElementById("data").editorView`)
	require.True(t, evalAs[bool](tb, `document.getElementById("page-options").open`))
	value := func(id string) string { return evalAs[string](tb, `document.getElementById(`+jsString(id)+`).value`) }
	ticked := func(id string) bool { return evalAs[bool](tb, `document.getElementById(`+jsString(id)+`).checked`) }
	require.Equal(t, map[string]string{
		"opt-paper": "Letter", "opt-orientation": "landscape", "opt-margin-top": "2cm", "opt-margin-bottom": "25mm",
		"opt-scale": "0.9", "opt-header": `<div style="font-size:8px">Acme & co</div>`, "opt-page-ranges": "1-2",
		"opt-wait-for": "document.fonts.ready", "opt-width": "800",
		"opt-pdf-title": "Invoice", "opt-pdf-author": "Acme", "opt-pdf-subject": "Invoice INV-7", "opt-pdf-keywords": "invoice, acme",
		"opt-facturx-profile": "EN 16931", "opt-facturx-xml-template": "<rsm:CrossIndustryInvoice>{{n}}</rsm:CrossIndustryInvoice>",
		"opt-signature-certificate": "acme-seal", "opt-signature-reason": "Issued by Acme", "opt-signature-location": "Paris",
		"opt-signature-contact": "billing@acme.test",
	}, evalAs[map[string]string](tb, `Object.fromEntries(["opt-paper", "opt-orientation", "opt-margin-top", "opt-margin-bottom", "opt-scale",
		"opt-header", "opt-page-ranges", "opt-wait-for", "opt-width", "opt-pdf-title", "opt-pdf-author", "opt-pdf-subject", "opt-pdf-keywords",
		"opt-facturx-profile", "opt-facturx-xml-template", "opt-signature-certificate", "opt-signature-reason", "opt-signature-location",
		"opt-signature-contact"].map(id => [id, document.getElementById(id).value]))`))
	require.False(t, ticked("opt-print-background"))
	require.True(t, ticked("opt-outline"))
	require.True(t, ticked("opt-std-pdfa3b"))
	for _, id := range []string{"opt-facturx", "opt-signature", "opt-attachments"} {
		require.True(t, evalAs[bool](tb, `document.getElementById(`+jsString(id)+`).open`), "%s is open: it is set", id)
	}
	items := evalAs[[]string](tb, `[...document.querySelectorAll("#opt-attachment-list li")].map(li => li.textContent.replace(/\s+/g, " ").trim())`)
	require.Equal(t, []string{"terms.txt (text/plain) 19 B, Supplement remove", "notes.txt (text/plain) 7 B remove"}, items)

	// The Factur-X template is no invoice: the error is the options', not
	// at a line of the template.
	tb.waitFor("the options' error", `document.getElementById("preview-status").textContent.startsWith("Page options error: ")`)
	require.Contains(t, tb.text("#preview-status"), "options.pdf.facturx.xmlTemplate")
	require.False(t, evalAs[bool](tb, `!!document.getElementById("content-editor").shadowRoot.querySelector(".cm-error-message")`))

	// The sample data as typed, with no escapes.
	data := value("data")
	require.Contains(t, data, `"company": "Smith & Sons <Ltd>"`)
	require.NotContains(t, data, `\u00`)
	tb.check("playground-options")

	// One field changed and an attachment removed: everything else is kept.
	tb.setValue("opt-pdf-author", "Ada")
	tb.click("#opt-attachment-remove-1")
	tb.submit("#save")
	require.Equal(t, "/console/templates/invoice?ok=saved", tb.path())
	saved := stored("invoice")
	want := storedOptions
	wantPDF := map[string]any{}
	for k, v := range want["pdf"].(map[string]any) {
		wantPDF[k] = v
	}
	wantPDF["author"] = "Ada"
	wantPDF["attachments"] = want["pdf"].(map[string]any)["attachments"].([]any)[:1]
	wantJSON, _ := json.Marshal(withKey(want, "pdf", wantPDF))
	gotJSON, _ := json.Marshal(saved["options"])
	require.JSONEq(t, string(wantJSON), string(gotJSON))
	require.Equal(t, sample, saved["sampleData"], "the sample data as it was")
	status, raw := e.rawGet(t, "/v1/templates/invoice", secret)
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, raw, `Smith & Sons <Ltd>`, "stored by the studio without escapes")

	// A password, its permissions and a watermark, shown and kept.
	tb.open("/console/templates/secret")
	tb.waitFor("the editor", `document.getElementById("data").editorView`)
	require.True(t, evalAs[bool](tb, `document.getElementById("opt-password").open && document.getElementById("opt-watermark").open`))
	require.Equal(t, "open-me", value("opt-password-user"))
	require.Equal(t, "own-it", value("opt-password-owner"))
	require.Equal(t, "DRAFT", value("opt-watermark-text"))
	require.Equal(t, "0.2", value("opt-watermark-opacity"))
	require.Equal(t, "30", value("opt-watermark-rotation"))
	require.Equal(t, map[string]bool{"print": true, "copy": false, "modify": false, "annotate": false},
		evalAs[map[string]bool](tb, `Object.fromEntries([...document.querySelectorAll('input[name="opt-permission"]')].map(b => [b.value, b.checked]))`))
	tb.setDoc("content", "<h1>Secret, edited</h1>\n")
	tb.waitFor("the draft", `document.getElementById("playground").dataset.drafted`)
	require.NotContains(t, evalAs[string](tb, `JSON.stringify(sessionStorage)`), "open-me", "no password in the draft")
	tb.submit("#save")
	require.Equal(t, "/console/templates/secret?ok=saved", tb.path())
	require.Equal(t, secretOptions, stored("secret")["options"])
}

// withKey is m with k set to v (m itself unchanged).
func withKey(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range m {
		out[key] = val
	}
	out[k] = v
	return out
}

// rawGet is the API's answer to a GET, as text.
func (e *env) rawGet(t *testing.T, path, token string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := e.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// A pdf batch's page offers its records merged into one PDF beside the ZIP.
func TestBatchPageOffersTheMergedPDF(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	status, batch := e.api(t, http.MethodPost, "/v1/batches", secret, map[string]any{"template": "<h1>{{n}}</h1>", "format": "pdf",
		"records": []map[string]any{{"n": 1}, {"n": 2}}})
	require.Equal(t, http.StatusAccepted, status, batch)
	id := batch["id"].(string)
	tb := e.newTab(t)
	tb.signIn(secret)
	tb.open("/console/batches/" + id)
	tb.waitFor("the batch done", `document.getElementById("batch-status").textContent === "done"`)
	tb.waitFor("the merged PDF's link", `document.getElementById("batch-download-pdf")`)
	href := evalAs[string](tb, `document.getElementById("batch-download-pdf").getAttribute("href")`)
	require.Equal(t, "/console/batches/"+id+"/output?as=pdf", href)
	code, doc := tb.fetchBytes(href)
	require.Equal(t, http.StatusOK, code)
	require.Regexp(t, `Pages:\s+2`, pdfInfo(t, doc), "both records in one PDF")
	tb.check("batch")
}
