package console_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// Sessions and what guards them: one tenant's session sees nothing of
// another's; a POST without the CSRF token is refused; the cookie is
// HttpOnly and SameSite=Strict; a revoked key's session ends at its next
// request, a suspended tenant's is refused, an idle one expires, and
// signing out ends it. A key without a scope is refused what needs it.
func TestSessions(t *testing.T) {
	e := setup(t)
	secretA, keyA := e.tenant(t, "acme")
	secretB, _ := e.tenant(t, "globex")

	// acme's things, made through the API.
	status, body := e.api(t, http.MethodPost, "/v1/templates", secretA, map[string]any{"id": "secret-plan", "content": "<p>{{x}}</p>"})
	require.Equal(t, http.StatusCreated, status, body)
	status, body = e.api(t, http.MethodPost, "/v1/jobs", secretA, map[string]any{"templateId": "secret-plan", "data": map[string]any{"x": 1}, "format": "html"})
	require.Equal(t, http.StatusAccepted, status, body)
	jobA := body["id"].(string)
	status, body = e.api(t, http.MethodPost, "/v1/batches", secretA, map[string]any{"templateId": "secret-plan", "records": []any{map[string]any{"x": 1}}, "format": "html"})
	require.Equal(t, http.StatusAccepted, status, body)
	batchA := body["id"].(string)

	a := e.newTab(t)
	a.signIn(secretA)
	a.open("/console/templates/new")
	a.waitFor("acme's preview", `document.getElementById("preview-link").href.includes("/console/previews/")`)
	previewA := evalAs[string](a, `document.getElementById("preview-link").href`)

	// The sign-in page, with a wrong key first.
	b := e.newTab(t)
	b.open("/console/signin")
	b.check("signin")
	b.signIn("pk_not_a_key")
	require.Contains(t, b.text("p.error"), "Unauthorized")
	b.signIn(secretB)
	require.Equal(t, "/console/templates", b.path())

	cookies, err := chromedp.Call(b.ctx, network.GetCookies, network.GetCookiesParams{})
	require.NoError(t, err)
	var session *network.Cookie
	for _, c := range cookies.Cookies {
		if c.Name == "paprika_console" {
			session = c
		}
	}
	require.NotNil(t, session)
	require.True(t, session.HTTPOnly)
	require.Equal(t, network.CookieSameSiteStrict, session.SameSite)
	require.Equal(t, "/console/", session.Path)
	require.False(t, session.Secure, "plain HTTP here; TestSecureCookieUnderTLS checks TLS")
	require.NotContains(t, session.Value, secretB)

	// globex sees none of acme's.
	require.NotContains(t, b.text("main"), "secret-plan")
	for _, path := range []string{"/console/templates/secret-plan", "/console/jobs/" + jobA, "/console/batches/" + batchA,
		"/console/jobs/..%2F..%2Fv1%2Fadmin%2Ftenants", "/console/templates/..%2Fsecret-plan"} {
		b.open(path)
		require.Contains(t, b.text("h1"), "Not found", path)
	}
	b.open("/console/jobs")
	require.NotContains(t, b.text("main"), jobA)
	b.open("/console/batches")
	require.NotContains(t, b.text("main"), batchA)
	for _, path := range []string{"/console/jobs/" + jobA + "/output", "/console/batches/" + batchA + "/output", "/console/batches/" + batchA + "/records/0/output", previewA} {
		require.Equal(t, http.StatusNotFound, b.fetch(path).Status, path)
	}

	// Forged POSTs: without the token, or with another session's.
	tokenA := evalAs[string](a, `document.querySelector('meta[name="csrf-token"]').content`)
	for _, forged := range []string{
		`fetch("/console/templates/x/delete", {method: "POST"}).then(r => r.status)`,
		`fetch("/console/templates/x/delete", {method: "POST", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: "csrf=` + tokenA + `"}).then(r => r.status)`,
		`fetch("/console/preview", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.status)`,
		`fetch("/console/signout", {method: "POST"}).then(r => r.status)`,
	} {
		require.Equal(t, http.StatusForbidden, evalAs[int](b, forged), forged)
	}
	// A form built without the token, submitted as a browser would.
	evalAs[bool](b, `(() => { const f = document.createElement("form"); f.method = "post"; f.action = "/console/templates";
		f.innerHTML = '<input name="id" value="forged"><input name="content" value="x"><button id="forge">go</button>';
		document.body.append(f); return true; })()`)
	b.submit("#forge")
	require.Contains(t, b.text("main"), "CSRF token is missing or wrong")
	status, _ = e.api(t, http.MethodGet, "/v1/templates/forged", secretB, nil)
	require.Equal(t, http.StatusNotFound, status, "the forged form changed nothing")

	// A read-only key: no save button, and the render it lacks the scope
	// for is refused with the API's message.
	status, body = e.api(t, http.MethodPost, "/v1/admin/tenants/globex/keys", e.AdminToken, map[string]any{"name": "viewer", "scopes": []string{"read"}})
	require.Equal(t, http.StatusCreated, status, body)
	viewer := e.newTab(t)
	viewer.signIn(body["secret"].(string))
	viewer.open("/console/templates/new")
	viewer.waitFor("the refusal", `document.getElementById("preview-status").textContent.includes("lacks the render scope")`)
	require.False(t, evalAs[bool](viewer, `!!document.getElementById("save")`))

	// Suspended: globex's session is refused; resumed, it works again.
	status, _ = e.api(t, http.MethodPatch, "/v1/admin/tenants/globex", e.AdminToken, map[string]any{"suspended": true})
	require.Equal(t, http.StatusOK, status)
	b.open("/console/templates")
	require.Contains(t, b.text("main"), "suspended")
	status, _ = e.api(t, http.MethodPatch, "/v1/admin/tenants/globex", e.AdminToken, map[string]any{"suspended": false})
	require.Equal(t, http.StatusOK, status)
	b.open("/console/templates")
	require.Equal(t, "/console/templates", b.path())

	// Revoked: acme's session ends at its next request.
	status, _ = e.api(t, http.MethodDelete, "/v1/admin/tenants/acme/keys/"+keyA, e.AdminToken, nil)
	require.Equal(t, http.StatusNoContent, status)
	a.open("/console/templates")
	require.Equal(t, "/console/signin?ended=1&next=%2Fconsole%2Ftemplates", a.path())
	require.Contains(t, a.text("main"), "Your session has ended")
	var left int
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT count(*) FROM console_sessions WHERE key_id = $1`, keyA).Scan(&left))
	require.Zero(t, left, "the revoked key's session is gone")

	// Idle for more than 12 h: expired.
	_, err = e.Pool.Exec(t.Context(), `UPDATE console_sessions SET seen_at = now() - interval '12 hours 1 minute' WHERE tenant_id = 'globex' AND key_name = 'studio'`)
	require.NoError(t, err)
	b.open("/console/templates")
	require.Equal(t, "/console/signin?next=%2Fconsole%2Ftemplates", b.path())

	// Signed in again, then out: the session row is gone.
	b.signIn(secretB)
	require.Equal(t, "/console/templates", b.path())
	b.submit(`form[action="/console/signout"] button`)
	require.Equal(t, "/console/signin", b.path())
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT count(*) FROM console_sessions WHERE tenant_id = 'globex' AND key_name = 'studio'`).Scan(&left))
	require.Zero(t, left)
	b.open("/console/templates")
	require.Equal(t, "/console/signin?next=%2Fconsole%2Ftemplates", b.path())
}

var csrfInput = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// Under TLS the session cookie is Secure; the sign-in answer is a redirect
// that carries no secret; the pages forbid inline script and style.
func TestSecureCookieUnderTLS(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	srv := httptest.NewTLSServer(e.Handler)
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := srv.Client()
	client.Jar = jar
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	client.Timeout = 30 * time.Second

	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/console/signin", nil)
	require.NoError(t, err)
	resp, err := client.Do(req)
	require.NoError(t, err)
	page, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'", resp.Header.Get("Content-Security-Policy"))
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	m := csrfInput.FindSubmatch(page)
	require.NotNil(t, m, "%s", page)

	form := url.Values{"csrf": {string(m[1])}, "secret": {secret}}
	req, err = http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/console/signin", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = client.Do(req)
	require.NoError(t, err)
	answer, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, "/console/templates", resp.Header.Get("Location"))
	require.NotContains(t, string(answer), secret)
	var found bool
	for _, c := range resp.Cookies() {
		if c.Name == "paprika_console" {
			found = true
			require.True(t, c.Secure)
			require.True(t, c.HttpOnly)
			require.Equal(t, http.SameSiteStrictMode, c.SameSite)
		}
	}
	require.True(t, found, "the session cookie is set")

	// Without the sign-in form's token, no session.
	req, err = http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/console/signin", strings.NewReader(url.Values{"secret": {secret}}.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = srv.Client().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
}

// The playground's previews are the tenant's synchronous renders: past its
// tier's ratePerMinute they are refused with the API's message.
func TestPreviewRateLimited(t *testing.T) {
	e := setupTiers(t, `{"tiny": {"weight": 1, "ratePerMinute": 2}}`)
	secret, _ := e.tenant(t, "acme")
	tb := e.newTab(t)
	tb.signIn(secret)
	tb.previewAs("html")
	tb.open("/console/templates/new")
	tb.waitFor("the first preview", `document.getElementById("preview-status").textContent.startsWith("HTML rendered")`)
	// Two renders a clock minute: of five more, at least one is refused
	// even if a minute turns meanwhile.
	refused := false
	for range 5 {
		evalAs[bool](tb, `(() => { document.getElementById("preview-status").textContent = ""; return true; })()`)
		tb.click("#preview-now")
		tb.waitFor("the answer", `/rendered|Error/.test(document.getElementById("preview-status").textContent)`)
		if strings.Contains(tb.text("#preview-status"), "Rate limited: the tiny tier allows 2 renders and submissions a minute") {
			refused = true
			break
		}
	}
	require.True(t, refused, "the rate limit refused a preview")
}
