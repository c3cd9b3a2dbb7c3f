package console_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// The operator's console end to end: tenants created and moved to another
// tier, a key created (its secret shown once, and working) and revoked
// (refused at once), a tenant suspended and resumed, and the scheduler's
// charts moving while a batch runs.
func TestAdmin(t *testing.T) {
	e := setup(t)
	tb := e.newTab(t)
	tb.signIn(e.AdminToken)
	require.Equal(t, "/console/admin/tenants", tb.path())
	require.False(t, evalAs[bool](tb, `document.documentElement.outerHTML.includes(`+jsString(e.AdminToken)+`)`))

	// A tenant, through the form; its name an XSS payload shown as text.
	evalAs[bool](tb, `(() => { document.getElementById("id").value = "fabrikam";
		document.getElementById("name").value = "<b>Fabrikam</b>"; return true; })()`)
	tb.submit(`form[action="/console/admin/tenants"] button[type="submit"]`)
	require.Equal(t, "/console/admin/tenants/fabrikam?ok=created", tb.path())
	require.Equal(t, "default", tb.text("#tenant-tier"))
	tb.check("tenant")
	tb.open("/console/admin/tenants")
	require.Contains(t, tb.text("table"), "<b>Fabrikam</b>")
	tb.check("tenants")

	// An id the API refuses: its message, on the page.
	evalAs[bool](tb, `(() => { document.getElementById("id").removeAttribute("pattern"); document.getElementById("id").value = "Not Valid";
		document.getElementById("name").value = "x"; return true; })()`)
	tb.submit(`form[action="/console/admin/tenants"] button[type="submit"]`)
	require.Contains(t, tb.text("p.error"), "Bad request")

	// Moved to the priority tier, from the list PAPRIKA_TIERS gives.
	tb.open("/console/admin/tenants/fabrikam")
	require.Equal(t, []string{"", "standard", "priority"}, evalAs[[]string](tb, `[...document.querySelectorAll("#tier option")].map(o => o.value)`))
	evalAs[bool](tb, `(() => { document.getElementById("tier").value = "priority"; return true; })()`)
	tb.submit("#save-tenant")
	require.Equal(t, "priority", tb.text("#tenant-tier"))
	status, body := e.api(t, http.MethodGet, "/v1/admin/tenants/fabrikam", e.AdminToken, nil)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "priority", body["tier"])

	// A key: the secret on the page that created it, and only there.
	evalAs[bool](tb, `(() => { document.getElementById("key-name").value = "ci"; return true; })()`)
	tb.submit("#create-key")
	secret := evalAs[string](tb, `document.getElementById("new-secret").value`)
	require.Regexp(t, `^pk_`, secret)
	tb.check("key-created")
	status, _ = e.api(t, http.MethodGet, "/v1/templates", secret, nil)
	require.Equal(t, http.StatusOK, status, "the new key works")
	tb.open("/console/admin/tenants/fabrikam")
	require.False(t, evalAs[bool](tb, `document.documentElement.outerHTML.includes(`+jsString(secret)+`)`), "the secret is shown once")

	// Revoked, once confirmed: refused at once.
	tb.confirming(true)
	tb.submit(`button[aria-label^="Revoke key ci"]`)
	require.Contains(t, tb.path(), "ok=revoked")
	require.Contains(t, tb.text("table"), "revoked")
	status, _ = e.api(t, http.MethodGet, "/v1/templates", secret, nil)
	require.Equal(t, http.StatusUnauthorized, status)

	// The webhook signing secret, rotated: the new one shown, the old one
	// listed beside it.
	before := evalAs[string](tb, `document.getElementById("webhook-secret").value`)
	require.Regexp(t, `^whsec_`, before)
	evalAs[bool](tb, `(() => { window.confirm = () => true; return true; })()`)
	tb.submit("#rotate-webhook")
	require.Contains(t, tb.path(), "ok=rotated")
	after := evalAs[string](tb, `document.getElementById("webhook-secret").value`)
	require.Regexp(t, `^whsec_`, after)
	require.NotEqual(t, before, after)
	require.Contains(t, evalAs[string](tb, `document.querySelector("details.queue").textContent`), before)

	// Suspended, once confirmed, then resumed.
	tb.confirming(true)
	tb.submit(`form[action$="/suspend"] button`)
	require.Contains(t, tb.text("#tenant-state"), "suspended")
	tb.submit(`form[action$="/suspend"] button`)
	require.Equal(t, "active", tb.text("#tenant-state"))

	// The scheduler: a batch of the tenant runs while the page watches;
	// the charts get new points and the started count moves.
	worker, _ := e.tenant(t, "contoso")
	tb.open("/console/admin/scheduler")
	tb.waitFor("the first sample", `Number(document.getElementById("charts").dataset.points) >= 1 && document.querySelectorAll(".chart canvas").length === 6`)
	records := make([]map[string]any, 12)
	for i := range records {
		records[i] = map[string]any{"n": i}
	}
	status, body = e.api(t, http.MethodPost, "/v1/batches", worker, map[string]any{"template": "<p>{{n}}</p>", "records": records, "format": "pdf"})
	require.Equal(t, http.StatusAccepted, status, body)
	first := evalAs[int](tb, `Number(document.getElementById("charts").dataset.points)`)
	tb.waitFor("a sample after the batch", `Number(document.getElementById("charts").dataset.points) > `+strconv.Itoa(first))
	tb.waitFor("the started count in the table", `Number(document.querySelector('#measures tr[data-tier="standard"] [data-m="started"]').textContent) >= 12`)
	tb.waitFor("the charts to show work started", `Number(document.getElementById("charts").dataset.points) > `+strconv.Itoa(first+1))
	tb.check("scheduler")

	// Deleted, after typing its id.
	tb.open("/console/admin/tenants/fabrikam")
	evalAs[bool](tb, `(() => { document.getElementById("confirm").value = "fabrikam"; return true; })()`)
	tb.confirming(true)
	tb.submit(`form[action$="/delete"] button`)
	require.Equal(t, "/console/admin/tenants?ok=deleted", tb.path())
	require.Contains(t, tb.text("table"), "deleted")
}
