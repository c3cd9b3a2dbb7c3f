package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// queueTiers: idle is the only tier the worker of TestQueueMetrics claims,
// and nothing is queued at it, so the work of the other two stays queued.
const queueTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4}, "idle": {"weight": 1}}`

// The autoscalers' gauges on a real api's and a real worker's /metrics:
// paprika_queue_items is the work queued at each tier it would run at, and
// paprika_queue_oldest_seconds the age of the oldest, from its submit time
// (the createdAt the API answered) to the scrape. Canceling the oldest
// moves the age to the next oldest; moving a tenant to another tier moves
// its queued work with it; a tier with nothing queued reads 0 and 0.
func TestQueueMetrics(t *testing.T) {
	t.Parallel()
	db := pgtest.NewDB(t)
	dataDir := t.TempDir()
	api, apiURL := startProcess(t, "api", map[string]string{
		"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken,
		"PAPRIKA_TIERS": queueTiers, "PAPRIKA_DATA_DIR": dataDir, "PAPRIKA_WORKERS": "1",
	})
	worker, workerURL := startProcess(t, "worker", map[string]string{
		"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_TIERS": queueTiers,
		"PAPRIKA_DATA_DIR": dataDir, "PAPRIKA_WORKERS": "1", "PAPRIKA_WORKER_TIERS": "idle",
	})
	api.waitReady(t, apiURL+"/readyz")
	worker.waitReady(t, workerURL+"/readyz")
	acme := tenantWithKey(t, api, apiURL, "acme", "")
	vip := tenantWithKey(t, api, apiURL, "vip", "priority")

	// submit posts work and returns its id and the submit time it answered.
	submit := func(path, key, body string) (string, time.Time) {
		t.Helper()
		status, w := api.do(t, http.MethodPost, apiURL+path, key, body)
		require.Equal(t, http.StatusAccepted, status, w)
		at, err := time.Parse(time.RFC3339Nano, w["createdAt"].(string))
		require.NoError(t, err, "createdAt %v", w["createdAt"])
		return w["id"].(string), at
	}
	const job = `{"template": "<p>{{a}}</p>", "data": {"a": 1}, "format": "html"}`
	const gap = 1500 * time.Millisecond // between submissions: each age is told apart from the next
	job1, job1At := submit("/v1/jobs", acme, job)
	time.Sleep(gap)
	_, batchAt := submit("/v1/batches", acme, `{"template": "<p>{{a}}</p>", "format": "html", "records": [{"a": 1}, {"a": 2}, {"a": 3}]}`)
	vip1, vip1At := submit("/v1/jobs", vip, job)
	time.Sleep(gap)
	_, vip2At := submit("/v1/jobs", vip, job)

	// check scrapes both processes and compares each tier's gauges with
	// want: the items exactly, the oldest's age with the time from its
	// submission to the scrape's start and to its end (the database reads
	// its clock in between), within a millisecond (createdAt is rounded to
	// the microsecond PostgreSQL keeps).
	type queue struct {
		items  float64
		oldest time.Time // zero: nothing queued
	}
	check := func(step string, want map[string]queue) {
		t.Helper()
		for _, p := range []struct {
			name string
			s    *serving
			url  string
		}{{"api", api, apiURL}, {"worker", worker, workerURL}} {
			before := time.Now()
			f := scrape(t, p.s, p.url)
			after := time.Now()
			require.Equal(t, 1.0, f.sum("paprika_measures_up", nil), "%s, %s", step, p.name)
			for tier, w := range want {
				labels := map[string]string{"tier": tier}
				require.Len(t, series(f, "paprika_queue_items", labels), 1, "%s, %s: one series of tier %s", step, p.name, tier)
				require.Len(t, series(f, "paprika_queue_oldest_seconds", labels), 1, "%s, %s: one series of tier %s", step, p.name, tier)
				require.Equal(t, w.items, f.sum("paprika_queue_items", labels), "%s, %s: paprika_queue_items{tier=%q}", step, p.name, tier)
				require.Equal(t, w.items, f.sum("paprika_tier_queued", labels), "%s, %s: paprika_tier_queued{tier=%q}", step, p.name, tier)
				age := f.sum("paprika_queue_oldest_seconds", labels)
				if w.oldest.IsZero() {
					require.Equal(t, 0.0, age, "%s, %s: paprika_queue_oldest_seconds{tier=%q} with nothing queued", step, p.name, tier)
					continue
				}
				lo, hi := before.Sub(w.oldest).Seconds()-0.001, after.Sub(w.oldest).Seconds()+0.001
				require.True(t, age >= lo && age <= hi, "%s, %s: paprika_queue_oldest_seconds{tier=%q} = %.4f, want between %.4f and %.4f",
					step, p.name, tier, age, lo, hi)
			}
		}
	}

	check("queued", map[string]queue{
		"standard": {4, job1At},
		"priority": {2, vip1At},
		"idle":     {0, time.Time{}},
	})

	// The oldest of each tier canceled: the next oldest is the batch, and
	// vip's second job.
	for _, c := range []struct{ path, key string }{{"/v1/jobs/" + job1, acme}, {"/v1/jobs/" + vip1, vip}} {
		status, body := api.do(t, http.MethodDelete, apiURL+c.path, c.key, "")
		require.Equal(t, http.StatusOK, status, body)
	}
	check("oldest canceled", map[string]queue{
		"standard": {3, batchAt},
		"priority": {1, vip2At},
		"idle":     {0, time.Time{}},
	})

	// vip moves to standard: its queued job would now run there.
	status, body := api.do(t, http.MethodPatch, apiURL+"/v1/admin/tenants/vip", adminToken, `{"tier": "standard"}`)
	require.Equal(t, http.StatusOK, status, body)
	check("tenant moved", map[string]queue{
		"standard": {4, batchAt},
		"priority": {0, time.Time{}},
		"idle":     {0, time.Time{}},
	})
}

// series are the series of name whose labels include labels.
func series(f families, name string, labels map[string]string) []string {
	var out []string
next:
	for _, m := range f[name].GetMetric() {
		for k, v := range labels {
			if label(m, k) != v {
				continue next
			}
		}
		out = append(out, m.String())
	}
	return out
}
