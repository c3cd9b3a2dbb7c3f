//go:build load

package faults

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	loadDuration = flag.Duration("load.duration", 2*time.Minute, "how long the clients submit")
	loadClients  = flag.Int("load.clients", 200, "concurrent clients, spread over the tenants")
)

const loadTenants = 10 // half standard (weight 1), half priority (weight 4)

// The kinds of client.
const (
	kindSync = iota
	kindJob
	kindBatch
)

// tally counts answers by kind and status (and error code).
type tally struct {
	mu sync.Mutex
	n  map[string]int
}

func (t *tally) add(kind string, a answer, err error) {
	key := kind + " "
	switch {
	case err != nil:
		key += "error"
	case a.status >= 400:
		var e struct{ Code string }
		_ = a.json(&e)
		key += strconv.Itoa(a.status) + " " + e.Code
	default:
		key += strconv.Itoa(a.status)
	}
	t.mu.Lock()
	t.n[key]++
	t.mu.Unlock()
}

// loadRun is what the clients accepted and saw.
type loadRun struct {
	answers  tally
	mu       sync.Mutex
	jobs     map[string][]string // tenant → job ids accepted
	batches  map[string][]string
	syncDone int
	storm    struct{ sent, busy, ok int }
}

// Two apis and two workers, 200 clients over 10 tenants in two tiers,
// mixed synchronous renders, jobs and batches of the invoice in html and
// pdf for 2 minutes (-load.duration), one client in a retry storm: no 5xx
// but busy, no work lost or done twice, every tenant's share of the starts
// within 5% of its weight's while all are waiting, and every process's
// memory flat after the first minute.
func TestLoad(t *testing.T) {
	invoice, err := os.ReadFile("../internal/render/testdata/invoice.hbs")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../internal/render/testdata/invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	c := newCluster(t, map[string]string{"PAPRIKA_LEASE": "30s", "PAPRIKA_RENDER_TIMEOUT": "60s"})
	apis := []*proc{c.startProc("api-1", "api", nil), c.startProc("api-2", "api", nil)}
	workers := []*proc{c.startProc("worker-1", "worker", nil), c.startProc("worker-2", "worker", nil)}
	tenants := make([]string, loadTenants)
	keys := map[string]string{}
	weight := map[string]float64{}
	for i := range tenants {
		tier, w := "standard", 1.0
		if i%2 == 1 {
			tier, w = "priority", 4.0
		}
		tenants[i] = fmt.Sprintf("t%02d-%s", i, tier)
		keys[tenants[i]] = c.tenant(apis[0], tenants[i], tier)
		weight[tenants[i]] = w
	}

	run := &loadRun{answers: tally{n: map[string]int{}}, jobs: map[string][]string{}, batches: map[string][]string{}}
	input := func(format string) map[string]any {
		return map[string]any{"template": string(invoice), "data": rawJSON(data), "format": format}
	}
	start := time.Now()
	ctx, stop := context.WithDeadline(t.Context(), start.Add(*loadDuration))
	defer stop()

	// RSS of every process and of its Chromium, sampled.
	var samplesMu sync.Mutex
	type sample struct {
		at        time.Duration
		self, kid map[string]int64
	}
	var samples []sample
	// The tenants with work queued, sampled, for the fair-share windows.
	type queuedSample struct {
		at  time.Time
		all bool
	}
	var queued []queuedSample
	var bg sync.WaitGroup
	bg.Add(1)
	sampling, stopSampling := context.WithCancel(t.Context())
	defer stopSampling()
	go func() {
		defer bg.Done()
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-sampling.Done():
				return
			case <-tick.C:
			}
			var waiting int
			err := c.db.QueryRow(sampling, `SELECT count(DISTINCT tenant_id) FROM (
				SELECT tenant_id FROM jobs WHERE status = 'queued'
				UNION ALL SELECT b.tenant_id FROM batches b WHERE b.queued > 0) q`).Scan(&waiting)
			samplesMu.Lock()
			queued = append(queued, queuedSample{time.Now(), err == nil && waiting == loadTenants})
			if n%4 == 0 {
				s := sample{at: time.Since(start), self: map[string]int64{}, kid: map[string]int64{}}
				for _, p := range append(append([]*proc(nil), apis...), workers...) {
					s.self[p.Name] = pssKiB(p.Pid())
					for _, k := range p.Chromiums() {
						s.kid[p.Name] += pssKiB(k)
					}
				}
				samples = append(samples, s)
			}
			samplesMu.Unlock()
		}
	}()

	// Each tenant's clients take turns at the kinds of work, so that every
	// tenant has the same mix: of ten, four submit jobs, two render now, and
	// four submit batches (which keep every tenant's queue from running dry).
	order := []int{kindJob, kindSync, kindBatch, kindJob, kindBatch, kindSync, kindJob, kindBatch, kindJob, kindBatch}
	submitting := func() bool { return ctx.Err() == nil }
	var clients sync.WaitGroup
	for i := range *loadClients {
		tenant := tenants[i%loadTenants]
		key := keys[tenant]
		api := apis[i%2]
		j := i / loadTenants
		kind := order[j%len(order)]
		format := []string{"pdf", "html"}[(j+j/len(order))%2]
		clients.Add(1)
		go func() {
			defer clients.Done()
			sleep(ctx, time.Duration(rand.IntN(2000))*time.Millisecond) // not all in the same millisecond
			for submitting() {
				switch kind {
				case kindSync:
					run.syncRender(c, api, key, input(format), true)
				case kindJob:
					in := input(format)
					in["webhookUrl"] = c.hooks.url
					run.submitAndWait(c, api, key, tenant, "/v1/jobs", in)
				default:
					in := input(format)
					in["webhookUrl"] = c.hooks.url
					records := make([]rawJSON, 20)
					for r := range records {
						records[r] = rawJSON(data)
					}
					delete(in, "data")
					in["records"] = records
					run.submitAndWait(c, api, key, tenant, "/v1/batches", in)
				}
			}
		}()
	}
	// The retry storm: one more client of the first tenant that answers busy
	// with the same request at once, never reading Retry-After.
	clients.Add(1)
	go func() {
		defer clients.Done()
		for submitting() {
			a, err := c.do(t.Context(), http.MethodPost, apis[0].URL("/v1/renders"), keys[tenants[0]], input("pdf"))
			run.answers.add("storm render", a, err)
			run.mu.Lock()
			run.storm.sent++
			switch {
			case err == nil && a.status == http.StatusOK:
				run.storm.ok++
				run.syncDone++
			case err == nil && a.status == http.StatusServiceUnavailable:
				run.storm.busy++
			}
			run.mu.Unlock()
		}
	}()
	<-ctx.Done()
	submitted := time.Since(start)
	drainStart := time.Now()
	clients.Wait() // each waits for its last work to end
	c.waitSettled(10 * time.Minute)
	drained := time.Since(drainStart)
	stopSampling()
	bg.Wait()

	// Every process up throughout.
	for _, p := range append(append([]*proc(nil), apis...), workers...) {
		if !p.Alive() {
			t.Errorf("%s exited under load (%v)", p.Name, p.State)
		}
	}
	// No 5xx but busy.
	var lines []string
	for k, n := range run.answers.n {
		lines = append(lines, fmt.Sprintf("  %-28s %7d", k, n))
		f := strings.Fields(k)
		status := f[len(f)-2]
		if strings.HasSuffix(k, " error") {
			status = "error"
		}
		if strings.HasPrefix(status, "5") && !strings.HasSuffix(k, " busy") || status == "error" {
			t.Errorf("%d answers %q", n, k)
		}
	}
	sort.Strings(lines)

	// No work lost or done twice.
	var allJobs, allBatches []string
	for _, tn := range tenants {
		allJobs = append(allJobs, run.jobs[tn]...)
		allBatches = append(allBatches, run.batches[tn]...)
	}
	var jobsDone, jobsNot, recDone, recNot, reclaimed, stray int
	if err := c.db.QueryRow(t.Context(), `SELECT count(*) FILTER (WHERE status = 'done' AND output_bytes > 0),
		count(*) FILTER (WHERE status <> 'done' OR output_bytes IS NULL), count(*) FILTER (WHERE attempts <> 1)
		FROM jobs WHERE id = ANY($1::uuid[])`, allJobs).Scan(&jobsDone, &jobsNot, &reclaimed); err != nil {
		t.Fatal(err)
	}
	var r2 int
	if err := c.db.QueryRow(t.Context(), `SELECT count(*) FILTER (WHERE status = 'done' AND output_bytes > 0),
		count(*) FILTER (WHERE status <> 'done' OR output_bytes IS NULL), count(*) FILTER (WHERE attempts <> 1)
		FROM batch_records WHERE batch_id = ANY($1::uuid[])`, allBatches).Scan(&recDone, &recNot, &r2); err != nil {
		t.Fatal(err)
	}
	reclaimed += r2
	if err := c.db.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM jobs WHERE NOT (id = ANY($1::uuid[])))
		+ (SELECT count(*) FROM batches WHERE NOT (id = ANY($2::uuid[])))`, allJobs, allBatches).Scan(&stray); err != nil {
		t.Fatal(err)
	}
	if jobsNot+recNot > 0 {
		t.Errorf("%d jobs and %d records accepted did not end done with an output", jobsNot, recNot)
	}
	if reclaimed > 0 {
		t.Errorf("%d items were claimed more than once with no fault injected", reclaimed)
	}
	if stray > 0 {
		t.Errorf("%d jobs or batches stored that no client was told of", stray)
	}
	c.checkCountedOnce(run.syncDone + jobsDone + recDone)
	c.checkAnnounced(append(append([]string(nil), allJobs...), allBatches...))
	for _, id := range sampleOf(allJobs, 10) {
		var j struct{ Output struct{ Bytes int64 } }
		_ = c.must(http.MethodGet, apis[1].URL("/v1/jobs/"+id), keyOf(run, keys, id), nil, http.StatusOK).json(&j)
		a := c.must(http.MethodGet, apis[1].URL("/v1/jobs/"+id+"/output"), keyOf(run, keys, id), nil, http.StatusOK)
		if int64(len(a.body)) != j.Output.Bytes {
			t.Errorf("job %s: %d bytes served, %d recorded", id, len(a.body), j.Output.Bytes)
		}
	}

	// Fair share of the starts while every tenant had work queued.
	starts := map[string][]time.Time{}
	rows, err := c.db.Query(t.Context(), `SELECT tenant_id, started_at FROM jobs WHERE started_at IS NOT NULL
		UNION ALL SELECT b.tenant_id, r.started_at FROM batch_records r JOIN batches b ON b.id = r.batch_id WHERE r.started_at IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var tn string
		var at time.Time
		if err := rows.Scan(&tn, &at); err != nil {
			t.Fatal(err)
		}
		starts[tn] = append(starts[tn], at)
	}
	rows.Close()
	inWindow := func(at time.Time) bool {
		i := sort.Search(len(queued), func(i int) bool { return queued[i].at.After(at) })
		return i > 0 && i < len(queued) && queued[i-1].all && queued[i].all
	}
	var windowSeconds float64
	for i := 1; i < len(queued); i++ {
		if queued[i-1].all && queued[i].all {
			windowSeconds += queued[i].at.Sub(queued[i-1].at).Seconds()
		}
	}
	counted := map[string]int{}
	total, sumW := 0, 0.0
	for _, tn := range tenants {
		for _, at := range starts[tn] {
			if inWindow(at) {
				counted[tn]++
				total++
			}
		}
		sumW += weight[tn]
	}
	var shareLines []string
	worst := 0.0
	for _, tn := range tenants {
		want := weight[tn] / sumW
		got := float64(counted[tn]) / math.Max(1, float64(total))
		dev := (got - want) / want
		worst = math.Max(worst, math.Abs(dev))
		shareLines = append(shareLines, fmt.Sprintf("  %-14s weight %.0f  starts %5d  share %5.2f%%  want %5.2f%%  off %+5.1f%%",
			tn, weight[tn], counted[tn], 100*got, 100*want, 100*dev))
		if math.Abs(dev) > 0.05 {
			t.Errorf("%s started %.2f%% of the work while all waited, want %.2f%% ± 5%%", tn, 100*got, 100*want)
		}
	}
	if total < 100 {
		t.Errorf("only %d starts while every tenant waited: too few to judge the shares", total)
	}

	// Memory flat after the first minute (half the run, if shorter), until
	// the clients stopped.
	from := min(time.Minute, *loadDuration/2)
	var memLines []string
	samplesMu.Lock()
	var after []sample
	for _, s := range samples {
		if s.at >= from && s.at <= *loadDuration {
			after = append(after, s)
		}
	}
	samplesMu.Unlock()
	if len(after) < 6 {
		t.Errorf("only %d memory samples after %s", len(after), from)
	} else {
		for _, p := range append(append([]*proc(nil), apis...), workers...) {
			for _, which := range []string{"paprika", "chromium"} {
				get := func(s sample) int64 {
					if which == "paprika" {
						return s.self[p.Name]
					}
					return s.kid[p.Name]
				}
				first := (get(after[0]) + get(after[1]) + get(after[2])) / 3
				n := len(after)
				last := (get(after[n-1]) + get(after[n-2]) + get(after[n-3])) / 3
				peak := int64(0)
				for _, s := range after {
					peak = max(peak, get(s))
				}
				memLines = append(memLines, fmt.Sprintf("  %-9s %-8s at %s %6d MiB, at the end %6d MiB, peak %6d MiB",
					p.Name, which, from, first>>10, last>>10, peak>>10))
				// Flat: the end within a fifth (and 64 MiB) of the start of the window.
				if last > first+first/5+64<<10 {
					t.Errorf("%s's %s grew from %d MiB to %d MiB after %s", p.Name, which, first>>10, last>>10, from)
				}
			}
		}
	}

	load, _ := os.ReadFile("/proc/loadavg")
	report := []string{
		fmt.Sprintf("load test: %d clients over %d tenants (5 weight 1, 5 weight 4), 2 api + 2 worker processes of PAPRIKA_WORKERS=2, submitting for %s, drained in %s",
			*loadClients, loadTenants, submitted.Round(time.Second), drained.Round(time.Second)),
		fmt.Sprintf("load average at the end: %s", strings.TrimSpace(string(load))),
		fmt.Sprintf("work: %d jobs and %d records done (%d jobs, %d batches accepted), %d synchronous renders answered 200; %d lost, %d claimed twice, %d stray",
			jobsDone, recDone, len(allJobs), len(allBatches), run.syncDone, jobsNot+recNot, reclaimed, stray),
		fmt.Sprintf("retry storm: %d requests, %d busy, %d rendered", run.storm.sent, run.storm.busy, run.storm.ok),
		"answers:",
	}
	report = append(report, lines...)
	report = append(report, fmt.Sprintf("start shares over %.0f s while all %d tenants waited (%d starts; worst %.1f%% off):", windowSeconds, loadTenants, total, 100*worst))
	report = append(report, shareLines...)
	report = append(report, "memory (PSS: shared pages divided among the processes sharing them, so that Chromium's sum means something):")
	report = append(report, memLines...)
	fmt.Println(strings.Join(report, "\n"))
}

// rawJSON is JSON sent as it is.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }

// syncRender renders now, honouring Retry-After when busy.
func (r *loadRun) syncRender(c *cluster, api *proc, key string, in map[string]any, honour bool) {
	a, err := c.do(c.t.Context(), http.MethodPost, api.URL("/v1/renders"), key, in)
	r.answers.add("render", a, err)
	if err == nil && a.status == http.StatusOK {
		r.mu.Lock()
		r.syncDone++
		r.mu.Unlock()
	}
	if err == nil && a.status == http.StatusServiceUnavailable && honour {
		secs, _ := strconv.Atoi(a.header.Get("Retry-After"))
		time.Sleep(time.Duration(max(secs, 1)) * time.Second)
	}
}

// submitAndWait submits a job or batch and polls it until it ends: each
// client has one piece of work outstanding, as a user waiting on it would.
// Requests run to their answers past the deadline, so that every answer
// is counted.
func (r *loadRun) submitAndWait(c *cluster, api *proc, key, tenant, path string, in map[string]any) {
	ctx := c.t.Context()
	a, err := c.do(ctx, http.MethodPost, api.URL(path), key, in)
	r.answers.add("POST "+path, a, err)
	if err != nil || a.status != http.StatusAccepted {
		time.Sleep(time.Second)
		return
	}
	var w struct{ ID string }
	_ = a.json(&w)
	r.mu.Lock()
	if path == "/v1/jobs" {
		r.jobs[tenant] = append(r.jobs[tenant], w.ID)
	} else {
		r.batches[tenant] = append(r.batches[tenant], w.ID)
	}
	r.mu.Unlock()
	for ctx.Err() == nil {
		time.Sleep(500 * time.Millisecond)
		a, err := c.do(ctx, http.MethodGet, api.URL(path+"/"+w.ID), key, nil)
		r.answers.add("GET "+path+"/{id}", a, err)
		var s struct{ Status string }
		if err == nil && a.json(&s) == nil && s.Status != "queued" && s.Status != "running" {
			return
		}
	}
}

// pssKiB is a process's proportional set size, from
// /proc/PID/smaps_rollup; 0 if it is gone.
func pssKiB(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Pss:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func sampleOf(ids []string, n int) []string {
	if len(ids) <= n {
		return ids
	}
	out := make([]string, n)
	for i := range out {
		out[i] = ids[i*len(ids)/n]
	}
	return out
}

func keyOf(r *loadRun, keys map[string]string, job string) string {
	for tn, ids := range r.jobs {
		for _, id := range ids {
			if id == job {
				return keys[tn]
			}
		}
	}
	return ""
}
