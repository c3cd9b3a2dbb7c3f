package main

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/wire"
)

var usageHeader = []string{"DAY", "TENANT", "TIER", "RENDERS", "JOBS", "RECORDS", "DOCUMENTS", "PAGES", "RENDER SECONDS", "BYTES", "FAILED", "PREVIEWS"}

// paprika usage prints the operator's table of every tenant's days (or one
// tenant's), the API's JSON with --json, CSV with --csv, and with only a
// tenant key that tenant's own days.
func TestCLIUsage(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")
	cliOK(t, env, "tenants", "create", "acme", "--tier", "priority")
	render := func(tenant string, n int) {
		key := cliJSON[cliKey](t, env, "keys", "create", tenant, "--name", "r", "--scope", "render")
		for range n {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, env["PAPRIKA_URL"]+"/v1/renders",
				strings.NewReader(`{"template": "<p>{{n}}</p>", "data": {"n": 1}, "format": "html"}`))
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+key.Secret)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			require.NoError(t, resp.Body.Close())
			require.Equal(t, http.StatusOK, resp.StatusCode)
		}
	}
	render("fabrikam", 2)
	render("acme", 1)
	today := time.Now().UTC().Format(time.DateOnly)

	rows := tableRows(cliOK(t, env, "usage"))
	require.Equal(t, usageHeader, rows[0])
	require.Len(t, rows, 4, "acme's row, fabrikam's and the total")
	require.Equal(t, []string{today, "acme", "priority", "1", "0", "0", "1", "1"}, rows[1][:8])
	require.Equal(t, []string{today, "fabrikam", "standard", "2", "0", "0", "2", "2"}, rows[2][:8])
	require.Equal(t, []string{"total", "-", "-", "3", "0", "0", "3", "3"}, rows[3][:8])

	one := cliJSON[wire.UsageList](t, env, "usage", "--tenant", "fabrikam", "--from", today, "--to", today)
	require.Len(t, one.Days, 1)
	require.Equal(t, int64(2), one.Days[0].Renders)
	require.Equal(t, today, one.From)

	out := cliOK(t, env, "usage", "--csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 3)
	require.Equal(t, wire.UsageCSVColumns, recs[0])
	require.Equal(t, []string{today, "acme", "priority", "1"}, recs[1][:4])

	key := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "reader", "--scope", "read")
	tenant := map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": key.Secret}
	own := cliJSON[wire.UsageList](t, tenant, "usage")
	require.Len(t, own.Days, 1, "a key sees its own tenant's days")
	require.Equal(t, "fabrikam", own.Days[0].Tenant)
	_, stderr := cliFails(t, exitConfig, tenant, "usage", "--tenant", "acme")
	require.Contains(t, stderr, "--tenant needs PAPRIKA_ADMIN_TOKEN")
	_, stderr = cliFails(t, 1, env, "usage", "--from", "2026-13-01")
	require.Contains(t, stderr, "from is a day")
}

// paprika usage --tenant with a tenant the API does not know fails naming
// it, rather than printing a table of zeros for a typo.
func TestCLIUsageUnknownTenant(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")
	stdout, stderr := cliFails(t, 1, env, "usage", "--tenant", "nosuch")
	require.Empty(t, stdout)
	require.Contains(t, stderr, `no tenant "nosuch"`)
	_, stderr = cliFails(t, 1, env, "usage", "--tenant", "nosuch", "--csv")
	require.Contains(t, stderr, `no tenant "nosuch"`)
	rows := tableRows(cliOK(t, env, "usage", "--tenant", "fabrikam"))
	require.Equal(t, []string{"total", "-", "-", "0"}, rows[len(rows)-1][:4], "a known tenant with no work: zeros")
}
