package api

import (
	"context"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

// fakeBody is what fakeRenderer answers: 11 bytes, 1 page.
const fakeBody = "<p>fake</p>"

// usageAs reads path with token and Accept accept.
func (e *testEnv) usageAs(t *testing.T, token, path, accept string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return e.send(t, req)
}

// Every finished render, job and batch record is counted once at its
// tenant, tier and day: two synchronous renders (one a template error),
// a job, and a batch of three with a record that fails. A tenant sees its
// own days only; the operator sees everyone's, or one tenant's; CSV has
// the same rows under a header.
func TestUsage(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{fn: func(_ context.Context, in render.Input) (*render.Output, error) {
		time.Sleep(5 * time.Millisecond) // render time to count: 6 renders, 30 ms or more
		if strings.Contains(string(in.Data), "bad") {
			return nil, &paprika.Error{Code: paprika.CodeTemplateError, Message: "line 1: boom"}
		}
		return &render.Output{Body: []byte(fakeBody), ContentType: htmlType, Pages: 1}, nil
	}}
	e := setupWork(t, nil, fake)
	acme := e.tenantKey(t, "acme")
	globex := e.tenantKey(t, "globex")
	resp, body := e.admin(t, http.MethodPatch, "/v1/admin/tenants/globex", map[string]any{"tier": "priority"})
	requireStatus(t, http.StatusOK, resp, body)

	resp, body = e.do(t, http.MethodPost, "/v1/renders", acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": 1}))
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/renders", acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": "bad"}))
	requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
	job := e.postJob(t, acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": 2}))
	batch := e.postBatch(t, acme, map[string]any{"template": "<p>{{n}}</p>", "format": "html",
		"records": []map[string]any{{"n": 1}, {"n": "bad"}, {"n": 3}}})
	resp, body = e.do(t, http.MethodPost, "/v1/renders", globex, htmlJob("<p>theirs</p>", nil))
	requireStatus(t, http.StatusOK, resp, body)
	e.startWorker(t, fake)
	e.waitJob(t, acme, job.ID, "done")
	require.Equal(t, 1, e.waitBatch(t, acme, batch.ID).Failed)

	today := time.Now().UTC().Format(time.DateOnly)
	_, body = e.getBody(t, acme, "/v1/usage?from="+today+"&to="+today)
	got := decodeJSON[wire.UsageList](t, body)
	require.Len(t, got.Days, 1, "one row: acme's day at its tier")
	d := got.Days[0]
	require.GreaterOrEqual(t, d.RenderSeconds, 0.025, "6 renders of 5 ms or more")
	d.RenderSeconds = 0
	n := int64(len(fakeBody))
	require.Equal(t, wire.Usage{Day: today, Tenant: "acme", Tier: "standard", UsageCounts: wire.UsageCounts{Renders: 2, Jobs: 1, Records: 3,
		Documents: 4, Pages: 4, Bytes: 4 * n, Failed: 2}}, d)
	require.Equal(t, int64(4), got.Total.Documents)
	require.Equal(t, today, got.From)

	_, body = e.getBody(t, globex, "/v1/usage?from="+today+"&to="+today)
	theirs := decodeJSON[wire.UsageList](t, body)
	require.Len(t, theirs.Days, 1, "globex sees its own day alone")
	require.Equal(t, "globex", theirs.Days[0].Tenant)
	require.Equal(t, "priority", theirs.Days[0].Tier)
	require.Equal(t, int64(1), theirs.Days[0].Renders)
	require.Zero(t, theirs.Days[0].Records)

	resp, body = e.admin(t, http.MethodGet, "/v1/admin/usage?from="+today+"&to="+today, nil)
	requireStatus(t, http.StatusOK, resp, body)
	all := decodeJSON[wire.UsageList](t, body)
	require.Len(t, all.Days, 2)
	require.Equal(t, []string{"acme", "globex"}, []string{all.Days[0].Tenant, all.Days[1].Tenant})
	require.Equal(t, int64(3), all.Total.Renders)
	resp, body = e.admin(t, http.MethodGet, "/v1/admin/usage?tenant=globex", nil)
	requireStatus(t, http.StatusOK, resp, body)
	one := decodeJSON[wire.UsageList](t, body)
	require.Len(t, one.Days, 1)
	require.Equal(t, "globex", one.Days[0].Tenant)

	resp, body = e.usageAs(t, e.AdminToken, "/v1/admin/usage?from="+today+"&to="+today, "text/csv")
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), "usage-"+today+"-"+today+".csv")
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	require.NoError(t, err)
	require.Equal(t, [][]string{wire.UsageCSVColumns, rows[1], rows[2]}, rows, "a header and a line a row")
	require.Equal(t, []string{today, "acme", "standard", "2", "1", "3", "4", "4"}, rows[1][:8])
	require.Regexp(t, `^[0-9]+\.[0-9]{3}$`, rows[1][8])
	require.Equal(t, []string{"44", "2", "0"}, rows[1][9:])
	require.Equal(t, "globex", rows[2][1])
	resp, body = e.usageAs(t, acme, "/v1/usage", "application/json;q=0.5, text/csv")
	requireStatus(t, http.StatusOK, resp, body)
	require.True(t, strings.HasPrefix(string(body), strings.Join(wire.UsageCSVColumns, ",")+"\n"), "the tenant's CSV")
	require.NotContains(t, string(body), "globex")
}

// The range is checked: days of the calendar, from no later than to, at
// most 401 days; the operator's tenant filter is bounded.
func TestUsageRefusesBadRanges(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	for _, q := range []string{"from=2026-13-01", "to=yesterday", "from=2026-12-05&to=2026-12-04", "from=2025-01-01&to=2026-12-04", "from=2026-12-01T00:00:00Z"} {
		resp, body := e.do(t, http.MethodGet, "/v1/usage?"+q, key, nil)
		requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	}
	resp, body := e.admin(t, http.MethodGet, "/v1/admin/usage?tenant="+strings.Repeat("x", 201), nil)
	requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	_, body = e.getBody(t, key, "/v1/usage?from=2025-11-30&to=2026-12-04")
	got := decodeJSON[wire.UsageList](t, body)
	require.Empty(t, got.Days, "401 days, none used")
	require.NotNil(t, got.Days, "an empty list, not null")
}
