package api

import (
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// testClock is the clock the rate limits count by in a test
// (postgres.Store.Now): the test sets the minute instead of waiting for it.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

// newTestClock is a clock at 50 s into the current minute: 10 s before the
// next, which Retry-After then says.
func newTestClock() *testClock {
	return &testClock{now: time.Now().UTC().Truncate(time.Minute).Add(50 * time.Second)}
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// docs/scheduler.md: "The count is kept in PostgreSQL, so every API
// counts alike." Two api processes, each with a pool of its own on one
// database, share every tenant's count for the clock minute; each tenant
// is held to the ratePerMinute of the tier its request runs at, and a new
// minute counts afresh.
func TestRateLimitAcrossAPIs(t *testing.T) {
	t.Parallel()
	const tiers = `{"standard": {"weight": 1, "ratePerMinute": 3}, "priority": {"weight": 4, "ratePerMinute": 5}}`
	fake1, fake2 := &fakeRenderer{}, &fakeRenderer{}
	api1 := setupWork(t, map[string]string{"PAPRIKA_TIERS": tiers}, fake1)
	api2 := api1.serveAgain(t, fake2)
	apis := []*testEnv{api1, api2}
	clock := newTestClock()
	api1.Store.Now, api2.Store.Now = clock.Now, clock.Now

	acme := api1.tenantKey(t, "acme", ScopeRender)
	resp, body := api1.admin(t, http.MethodPost, "/v1/admin/tenants", map[string]any{"id": "fabrikam", "name": "Fabrikam", "tier": "priority"})
	requireStatus(t, http.StatusCreated, resp, body)
	fabrikam := api1.createKey(t, "fabrikam", ScopeRender).Secret
	initech := api1.tenantKey(t, "initech", ScopeRender)
	initechUrgent := api1.tierKey(t, "initech", "priority")
	contoso := api1.tenantKey(t, "contoso", ScopeRender)

	render := map[string]any{"template": "<p>x</p>"}
	job := map[string]any{"template": "<p>x</p>", "format": "html"}
	batch := map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records(3)}
	type call struct {
		path string
		body any
		ok   int
	}
	calls := []call{{"/v1/renders", render, http.StatusOK}, {"/v1/jobs", job, http.StatusAccepted}, {"/v1/batches", batch, http.StatusAccepted}}
	// submit makes the i-th request of a tenant, alternating between the
	// apis and between renders, jobs and batches, and returns its answer.
	submit := func(key string, i int) (*http.Response, []byte, call) {
		t.Helper()
		c := calls[i%len(calls)]
		resp, body := apis[i%len(apis)].do(t, http.MethodPost, c.path, key, c.body)
		return resp, body, c
	}
	allowed := func(key string, i int) {
		t.Helper()
		resp, body, c := submit(key, i)
		requireStatus(t, c.ok, resp, body)
	}
	refused := func(key string, i, limit int) {
		t.Helper()
		resp, body, _ := submit(key, i)
		e := requireError(t, http.StatusTooManyRequests, paprika.CodeRateLimited, resp, body)
		require.Equal(t, &limit, e.Limit, "body: %s", body)
		ra, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		require.NoError(t, err, "Retry-After: %q", resp.Header.Get("Retry-After"))
		require.Equal(t, 60-clock.Now().Second(), ra, "Retry-After is the seconds to the next minute")
	}

	// acme (standard, 3 a minute): a render, a job and a batch of three
	// records are three, across both apis. (A request refused for its
	// input counts too: refused_test.go.)
	for i := range 3 {
		allowed(acme, i)
	}
	for i := 3; i < 6; i++ {
		refused(acme, i, 3)
	}
	require.Empty(t, fake2.Calls(), "a refused render is not rendered")
	require.Len(t, fake1.Calls(), 1)
	// Reads are not counted.
	for _, api := range apis {
		_, body := api.getBody(t, acme, "/v1/jobs")
		require.Len(t, decodeJSON[list[wire.Job]](t, body).Data, 1)
		_, body = api.getBody(t, acme, "/v1/batches")
		require.Len(t, decodeJSON[list[wire.Batch]](t, body).Data, 1)
	}

	// Another tenant of the same tier has a count of its own.
	allowed(contoso, 1)

	// fabrikam (priority, 5 a minute).
	for i := range 5 {
		allowed(fabrikam, i)
	}
	refused(fabrikam, 5, 5)

	// initech is standard, but its urgent key's work runs at priority: the
	// limit is the tier of the request, the count the tenant's.
	for i := range 4 {
		allowed(initechUrgent, i)
	}
	refused(initech, 4, 3)
	allowed(initechUrgent, 4)
	refused(initechUrgent, 5, 5)

	// The count in PostgreSQL holds what was let through, nothing refused.
	rows, err := api1.Pool.Query(t.Context(), `SELECT tenant_id, n FROM rate_counts ORDER BY tenant_id`)
	require.NoError(t, err)
	counts := map[string]int{}
	for rows.Next() {
		var tenant string
		var n int
		require.NoError(t, rows.Scan(&tenant, &n))
		counts[tenant] += n
	}
	require.NoError(t, rows.Err())
	require.Equal(t, map[string]int{"acme": 3, "contoso": 1, "fabrikam": 5, "initech": 5}, counts)

	// The next minute counts afresh, on either api.
	clock.Add(15 * time.Second) // 5 s into it
	for i := range 3 {
		allowed(acme, i)
	}
	refused(acme, 3, 3)
	var minutes int
	require.NoError(t, api1.Pool.QueryRow(t.Context(), `SELECT count(DISTINCT minute) FROM rate_counts WHERE tenant_id = 'acme'`).Scan(&minutes))
	require.Equal(t, 2, minutes)
}

// docs/scheduler.md: queued work shows the tier it would be claimed at now (the
// key's, else the tenant's, else the default), so a tenant's upgrade
// reaches work already waiting; finished work shows the tier it ran at.
func TestWorkTier(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	urgent := e.tierKey(t, "acme", "priority")
	job := e.postJob(t, key, htmlJob("<p>x</p>", nil))
	require.Equal(t, "standard", job.Tier)
	batch := e.postBatch(t, key, map[string]any{"template": "<p>x</p>", "format": "html", "records": records(1)})
	require.Equal(t, "standard", batch.Tier)
	urgentJob := e.postJob(t, urgent, htmlJob("<p>x</p>", nil))
	require.Equal(t, "priority", urgentJob.Tier, "the key's tier overrides its tenant's")
	m := e.measures(t)
	require.EqualValues(t, 2, m["standard"].Queued)
	require.EqualValues(t, 1, m["priority"].Queued)

	resp, body := e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", `{"tier": "priority"}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "priority", e.getJob(t, key, job.ID).Tier, "the upgrade reaches queued work")
	require.Equal(t, "priority", e.getBatch(t, key, batch.ID).Tier)
	require.EqualValues(t, 3, e.measures(t)["priority"].Queued)

	e.startWorker(t, nil)
	e.waitJob(t, key, job.ID, "done")
	e.waitJob(t, key, urgentJob.ID, "done")
	e.waitBatch(t, key, batch.ID)
	resp, body = e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", `{"tier": null}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "priority", e.getJob(t, key, job.ID).Tier, "finished work shows the tier it ran at")
	require.Equal(t, "priority", e.getBatch(t, key, batch.ID).Tier)
	m = e.measures(t)
	require.EqualValues(t, 3, m["priority"].Started)
	require.Zero(t, m["standard"].Started)
}
