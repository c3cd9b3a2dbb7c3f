package console_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The tenant's usage page shows its own days, by tier, with a total and
// the studio's previews apart; the
// operator's shows every tenant's, or the one asked for; a range the API
// refuses is its message on the page.
func TestUsagePages(t *testing.T) {
	e := setup(t)
	acme, _ := e.tenant(t, "acme")
	globex, _ := e.tenant(t, "globex")
	for _, key := range []string{acme, acme, globex} {
		status, _ := e.api(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": "<p>{{n}}</p>", "data": map[string]any{"n": 1}, "format": "html"})
		require.Equal(t, http.StatusOK, status)
	}
	today := time.Now().UTC().Format(time.DateOnly)

	tb := e.newTab(t)
	tb.signIn(acme)
	tb.open("/console/templates/new") // a preview: counted apart
	tb.waitPreview("PDF rendered")
	tb.open("/console/usage")
	require.Equal(t, today, tb.text("#usage tbody th"))
	require.Equal(t, "2", tb.text(`#usage tbody td[data-u="renders"]`))
	require.Equal(t, "1", tb.text(`#usage tbody td[data-u="previews"]`))
	require.Equal(t, "2", tb.text(`#usage-total td[data-u="documents"]`))
	require.NotContains(t, tb.text("main"), "globex")
	require.Equal(t, "Usage", tb.text(`nav a[aria-current="page"]`))
	tb.check("usage")
	tb.open("/console/usage?from=2026-13-01")
	require.Contains(t, tb.text("p.error"), "from is a day")

	admin := e.newTab(t)
	admin.signIn(e.AdminToken)
	admin.open("/console/admin/usage?from=" + today + "&to=" + today)
	require.Equal(t, 2, evalAs[int](admin, `document.querySelectorAll("#usage tbody tr").length`), "acme's row and globex's")
	require.Equal(t, "3", admin.text(`#usage-total td[data-u="renders"]`))
	admin.check("admin-usage")
	admin.open("/console/admin/usage?tenant=globex")
	require.Equal(t, "globex", admin.text("#usage tbody td a"))
	require.Equal(t, "1", admin.text(`#usage-total td[data-u="renders"]`))
	admin.open("/console/admin/usage?tenant=nobody")
	require.Contains(t, admin.text("#no-usage"), "Nothing rendered")
}
