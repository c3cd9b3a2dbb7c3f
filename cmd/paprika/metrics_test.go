package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// metricsTiers: limited has a rate limit small enough to reach in a test.
const metricsTiers = `{"standard": {"weight": 1}, "limited": {"weight": 2, "ratePerMinute": 2}}`

// A real api and a real worker on one database run jobs, a batch, a 429 and
// a 503; each counter on their /metrics moves by what was done, no more.
// Then every metric the dashboard and the alerting rules use is one of
// theirs (TestDashboardAndAlerts reads the files; this test has processes).
func TestMetrics(t *testing.T) {
	t.Parallel()
	db := pgtest.NewDB(t)
	dataDir := t.TempDir()
	api, apiURL := startProcess(t, "api", map[string]string{
		"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken,
		"PAPRIKA_TIERS": metricsTiers, "PAPRIKA_DATA_DIR": dataDir,
		"PAPRIKA_WORKERS": "1", // one synchronous render slot: the second render is busy
	})
	worker, workerURL := startProcess(t, "worker", map[string]string{
		"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_TIERS": metricsTiers,
		"PAPRIKA_DATA_DIR": dataDir, "PAPRIKA_WORKERS": "2",
	})
	api.waitReady(t, apiURL+"/readyz")
	worker.waitReady(t, workerURL+"/readyz")

	acme := tenantWithKey(t, api, apiURL, "acme", "")
	slow := tenantWithKey(t, api, apiURL, "slow", "limited")
	apiBefore, workerBefore := scrape(t, api, apiURL), scrape(t, worker, workerURL)

	// Standard: 3 html jobs (one failing on its data), 1 pdf job, and a
	// batch of 4 html records (one failing).
	const tpl = `<p>{{div a b}}</p>`
	var jobs []string
	for _, body := range []string{
		`{"template": "<p>{{div a b}}</p>", "data": {"a": 6, "b": 3}, "format": "html"}`,
		`{"template": "<p>{{div a b}}</p>", "data": {"a": 8, "b": 2}, "format": "html"}`,
		`{"template": "<p>{{div a b}}</p>", "data": {"a": 1, "b": 0}, "format": "html"}`,
		`{"template": "<p>{{div a b}}</p>", "data": {"a": 9, "b": 3}, "format": "pdf"}`,
	} {
		status, job := api.do(t, http.MethodPost, apiURL+"/v1/jobs", acme, body)
		require.Equal(t, http.StatusAccepted, status, job)
		jobs = append(jobs, job["id"].(string))
	}
	status, batch := api.do(t, http.MethodPost, apiURL+"/v1/batches", acme, `{"template": "`+tpl+`", "format": "html",
		"records": [{"a": 6, "b": 3}, {"a": 1, "b": 0}, {"a": 8, "b": 2}, {"a": 4, "b": 2}]}`)
	require.Equal(t, http.StatusAccepted, status, batch)

	// Limited allows 2 submissions a minute: of 4, at least one is refused
	// (2 if the clock minute does not turn meanwhile).
	accepted, refused := 0, 0
	for range 4 {
		status, job := api.do(t, http.MethodPost, apiURL+"/v1/jobs", slow, `{"template": "<p>{{a}}</p>", "data": {"a": 1}, "format": "html"}`)
		switch status {
		case http.StatusAccepted:
			accepted++
			jobs = append(jobs, job["id"].(string))
		case http.StatusTooManyRequests:
			refused++
			require.Equal(t, "rate-limited", job["code"])
		default:
			t.Fatalf("POST /v1/jobs: %d %v", status, job)
		}
	}
	require.GreaterOrEqual(t, refused, 1)

	// One synchronous render holds the api's only slot (its script runs
	// for seconds); the renders sent meanwhile are answered busy.
	slowRender := make(chan int, 1)
	slowBusy := 0 // the slow render answered busy, when a quick one held the slot
	go func() {
		for {
			status, _ := postRaw(t, api, apiURL+"/v1/renders", acme,
				`{"template": "<p>slow</p><script>var t = Date.now(); while (Date.now() - t < 4000) {}</script>", "data": {}, "format": "pdf"}`)
			if status != http.StatusServiceUnavailable || slowBusy == 5 {
				slowRender <- status
				return
			}
			slowBusy++
		}
	}()
	time.Sleep(200 * time.Millisecond) // for the slow render to take the slot
	busy, quick := 0, 0                // a quick render sent before the slow one took the slot is answered
	slowStatus := 0
	for slowStatus == 0 && busy < 3 {
		status, _ := postRaw(t, api, apiURL+"/v1/renders", acme, `{"template": "<p>quick</p>", "data": {}, "format": "html"}`)
		switch status {
		case http.StatusServiceUnavailable:
			busy++
		case http.StatusOK:
			quick++
		default:
			t.Fatalf("POST /v1/renders: %d", status)
		}
		select {
		case slowStatus = <-slowRender:
		case <-time.After(50 * time.Millisecond):
		}
	}
	require.Greater(t, busy, 0, "no render was answered busy while the slow one held the only slot")
	if slowStatus == 0 {
		slowStatus = <-slowRender
	}
	require.Equal(t, http.StatusOK, slowStatus)
	busy += slowBusy // read after the goroutine's send

	// The polls are counted under the route's pattern, never their paths.
	jobGets, batchGets := map[int]int{}, map[int]int{}
	for _, id := range jobs {
		waitStatus(t, api, apiURL+"/v1/jobs/"+id, jobGets, acme, slow, "done", "failed")
	}
	waitStatus(t, api, apiURL+"/v1/batches/"+batch["id"].(string), batchGets, acme, "", "done")

	// The worker counts a completion just after recording it: wait for it.
	var workerAfter families
	require.Eventually(t, func() bool {
		workerAfter = scrape(t, worker, workerURL)
		return workerAfter.sum("paprika_work_completed_total", nil)-workerBefore.sum("paprika_work_completed_total", nil) >= float64(8+accepted)
	}, 20*time.Second, 100*time.Millisecond)
	apiAfter := scrape(t, api, apiURL)

	delta := func(after, before families, name string, labels map[string]string) float64 {
		return after.sum(name, labels) - before.sum(name, labels)
	}
	// Only the pdf job uses Chromium, so only it may have been retried (a
	// crash or a timeout on a loaded machine): each retry is one more
	// claim, start and wait.
	retried := delta(workerAfter, workerBefore, "paprika_render_failures_total", map[string]string{"code": "render-failed"}) +
		delta(workerAfter, workerBefore, "paprika_render_failures_total", map[string]string{"code": "render-timeout"})
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"paprika_claims_total", map[string]string{"tier": "standard"}, 8 + retried},
		{"paprika_claims_total", map[string]string{"tier": "limited"}, float64(accepted)},
		{"paprika_work_started_total", map[string]string{"tier": "standard", "kind": "job"}, 4 + retried},
		{"paprika_work_started_total", map[string]string{"tier": "standard", "kind": "record"}, 4},
		{"paprika_work_started_total", map[string]string{"tier": "limited", "kind": "job"}, float64(accepted)},
		{"paprika_work_started_total", map[string]string{"kind": "render"}, 0},
		{"paprika_work_completed_total", map[string]string{"tier": "standard", "kind": "job", "status": "done"}, 3},
		{"paprika_work_completed_total", map[string]string{"tier": "standard", "kind": "job", "status": "failed"}, 1},
		{"paprika_work_completed_total", map[string]string{"tier": "standard", "kind": "record", "status": "done"}, 3},
		{"paprika_work_completed_total", map[string]string{"tier": "standard", "kind": "record", "status": "failed"}, 1},
		{"paprika_work_completed_total", map[string]string{"tier": "limited", "kind": "job", "status": "done"}, float64(accepted)},
		{"paprika_render_failures_total", map[string]string{"code": "template-error"}, 2},
		{"paprika_work_wait_seconds_count", map[string]string{"tier": "standard", "format": "html"}, 7},
		{"paprika_work_wait_seconds_count", map[string]string{"tier": "standard", "format": "pdf"}, 1 + retried},
		{"paprika_work_wait_seconds_count", map[string]string{"tier": "limited", "format": "html"}, float64(accepted)},
		{"paprika_render_duration_seconds_count", map[string]string{"tier": "standard", "format": "html"}, 5},
		{"paprika_render_duration_seconds_count", map[string]string{"tier": "standard", "format": "pdf"}, 1},
		{"paprika_rate_limited_total", nil, 0}, // the worker answers no requests
	} {
		require.Equal(t, c.want, delta(workerAfter, workerBefore, c.name, c.labels), "worker: %s%v", c.name, c.labels)
	}
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"paprika_http_requests_total", map[string]string{"route": "/v1/jobs", "method": "POST", "status": "202"}, float64(4 + accepted)},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/jobs", "method": "POST", "status": "429"}, float64(refused)},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/batches", "method": "POST", "status": "202"}, 1},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/renders", "method": "POST", "status": "200"}, float64(1 + quick)},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/renders", "method": "POST", "status": "503"}, float64(busy)},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/jobs/{id}", "method": "GET", "status": "200"}, float64(jobGets[200])},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/jobs/{id}", "method": "GET", "status": "404"}, float64(jobGets[404])},
		{"paprika_http_requests_total", map[string]string{"route": "/v1/batches/{id}", "method": "GET"}, float64(batchGets[200])},
		{"paprika_http_request_duration_seconds_count", map[string]string{"route": "/v1/renders", "method": "POST"}, float64(1 + quick + busy)},
		{"paprika_rate_limited_total", map[string]string{"tier": "limited"}, float64(refused)},
		{"paprika_rate_limited_total", map[string]string{"tier": "standard"}, 0},
		{"paprika_busy_total", map[string]string{"tier": "standard", "slots": "render"}, float64(busy)},
		{"paprika_work_started_total", map[string]string{"tier": "standard", "kind": "render"}, float64(1 + quick)},
		{"paprika_work_completed_total", map[string]string{"tier": "standard", "kind": "render", "status": "done"}, float64(1 + quick)},
		{"paprika_render_duration_seconds_count", map[string]string{"tier": "standard", "format": "pdf"}, 1},
		{"paprika_render_duration_seconds_count", map[string]string{"tier": "standard", "format": "html"}, float64(quick)},
		{"paprika_claims_total", nil, 0}, // the api claims nothing
	} {
		require.Equal(t, c.want, delta(apiAfter, apiBefore, c.name, c.labels), "api: %s%v", c.name, c.labels)
	}
	// The per-request GETs of the polls are counted under the pattern too;
	// no series is named after a raw path.
	for _, m := range apiAfter["paprika_http_requests_total"].GetMetric() {
		route := label(m, "route")
		require.NotContains(t, route, jobs[0], "a raw path as a route label")
		require.True(t, strings.HasPrefix(route, "/"), "route %q", route)
	}

	// The gauges: weights as configured, nothing left queued or running,
	// tabs open in both browsers, the pools' sizes.
	for _, f := range []families{apiAfter, workerAfter} {
		require.Equal(t, 2.0, f.sum("paprika_tier_weight", map[string]string{"tier": "limited"}))
		require.Equal(t, 0.0, f.sum("paprika_tier_queued", nil))
		require.Equal(t, 0.0, f.sum("paprika_tier_running", nil))
		require.Equal(t, 1.0, f.sum("paprika_measures_up", nil))
		require.Greater(t, f.sum("paprika_chromium_tabs", nil), 0.0)
		require.Greater(t, f.sum("paprika_db_pool_max_conns", nil), 0.0)
		require.Greater(t, f.sum("paprika_db_pool_acquires_total", nil), 0.0)
		require.Contains(t, f, "go_goroutines")
		require.Contains(t, f, "process_resident_memory_bytes")
	}
	require.Contains(t, workerAfter, "paprika_webhook_attempts_total")

	// Every metric of the dashboard and of the rules is on one of them.
	for _, name := range deployedMetricNames(t) {
		_, inAPI := apiAfter[baseName(apiAfter, name)]
		_, inWorker := workerAfter[baseName(workerAfter, name)]
		require.True(t, inAPI || inWorker, "%s is used by deploy/ but exported by neither process", name)
	}
}

// startProcess runs `paprika api` or `paprika worker` in-process with vars
// and returns it with its base URL once it listens.
func startProcess(t *testing.T, command string, vars map[string]string) (*serving, string) {
	t.Helper()
	addrs := make(chan net.Addr, 1)
	log := testLogger(t)
	run := runAPI
	if command == "worker" {
		run = runWorker
	}
	s := startServing(t, func(ctx context.Context) error {
		return run(ctx, getenv(vars), log, func(a net.Addr) { addrs <- a })
	})
	select {
	case a := <-addrs:
		return s, "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port)
	case err := <-s.done:
		t.Fatalf("%s stopped before listening: %v", command, err)
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s did not listen within 2 minutes", command)
	}
	return nil, ""
}

// tenantWithKey creates a tenant at tier ("" the default) and returns the
// secret of a new render key.
func tenantWithKey(t *testing.T, s *serving, base, id, tier string) string {
	t.Helper()
	status, body := s.do(t, http.MethodPost, base+"/v1/admin/tenants", adminToken, `{"id": "`+id+`", "name": "`+id+`"}`)
	require.Equal(t, http.StatusCreated, status, body)
	if tier != "" {
		status, body = s.do(t, http.MethodPatch, base+"/v1/admin/tenants/"+id, adminToken, `{"tier": "`+tier+`"}`)
		require.Equal(t, http.StatusOK, status, body)
	}
	status, body = s.do(t, http.MethodPost, base+"/v1/admin/tenants/"+id+"/keys", adminToken, `{"name": "k", "scopes": ["render"]}`)
	require.Equal(t, http.StatusCreated, status, body)
	return body["secret"].(string)
}

// postRaw posts body with the key and returns the status and the body, of
// any content type.
func postRaw(t *testing.T, s *serving, url, key, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, b
}

// waitStatus polls url (with whichever key owns it: the other's answer is
// 404) until its status is one of want, counting the answers in seen.
func waitStatus(t *testing.T, s *serving, url string, seen map[int]int, key, otherKey string, want ...string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		for _, k := range []string{key, otherKey} {
			if k == "" {
				continue
			}
			status, body := s.do(t, http.MethodGet, url, k, "")
			seen[status]++
			if status == http.StatusOK {
				for _, w := range want {
					if body["status"] == w {
						return
					}
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is not %v within 60 s", url, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// families are one scrape's metric families by name.
type families map[string]*dto.MetricFamily

func scrape(t *testing.T, s *serving, base string) families {
	t.Helper()
	resp, err := s.client.Get(base + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	require.NoError(t, err)
	return fams
}

// sum adds the values of every series of name whose labels include
// labels. A histogram's _count and _sum are read as series of their own.
func (f families) sum(name string, labels map[string]string) float64 {
	var suffix string
	fam := f[name]
	if fam == nil {
		for _, s := range []string{"_count", "_sum"} {
			if base, ok := strings.CutSuffix(name, s); ok && f[base] != nil {
				fam, suffix = f[base], s
			}
		}
	}
	if fam == nil {
		return 0
	}
	total := 0.0
next:
	for _, m := range fam.GetMetric() {
		for k, v := range labels {
			if label(m, k) != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			total += m.Counter.GetValue()
		case m.Gauge != nil:
			total += m.Gauge.GetValue()
		case m.Untyped != nil:
			total += m.Untyped.GetValue()
		case m.Histogram != nil && suffix == "_count":
			total += float64(m.Histogram.GetSampleCount())
		case m.Histogram != nil && suffix == "_sum":
			total += m.Histogram.GetSampleSum()
		}
	}
	return total
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

// baseName is the family a series name belongs to: a histogram's _bucket,
// _count and _sum are its family's.
func baseName(f families, name string) string {
	if _, ok := f[name]; ok {
		return name
	}
	for _, s := range []string{"_bucket", "_count", "_sum"} {
		if base, ok := strings.CutSuffix(name, s); ok {
			if fam := f[base]; fam != nil && fam.GetType() == dto.MetricType_HISTOGRAM {
				return base
			}
		}
	}
	return name
}
