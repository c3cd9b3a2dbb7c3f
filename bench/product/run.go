package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// cpuAt is the CPU seconds used so far by the benchmark's processes and the
// machine.
type cpuAt struct {
	at                     time.Time
	workers, api, postgres float64
	workersSys             float64 // the kernel's part of workers
	self                   float64 // this benchmark (reading logs, polling)
	busy, total            float64
}

func sampleCPU(workers []*benchkit.Proc, api *benchkit.Proc, postmaster int) cpuAt {
	c := cpuAt{at: time.Now()}
	for _, w := range workers {
		v, _ := benchkit.ProcCPU(w.Pid())
		c.workers += v
		c.workersSys += benchkit.ProcSystemCPU(w.Pid())
	}
	c.api, _ = benchkit.ProcCPU(api.Pid())
	c.self, _ = benchkit.ProcCPU(os.Getpid())
	c.postgres = benchkit.ServerCPU(postmaster)
	c.busy, c.total = benchkit.MachineCPU()
	return c
}

// runOnce is one measured run on a fresh database and data directory.
func runOnce(ctx context.Context, e *env, o *options, n int, bin string) (res *result, err error) {
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	res = &result{Run: n, Binary: bin, At: time.Now().UTC().Format(time.RFC3339), LoadStart: benchkit.LoadAvg()}
	log.Printf("run %d (%s): load average %s", n, bin, res.LoadStart)
	db := "paprika_product_" + strconv.Itoa(n)
	if err := e.freshDatabase(ctx, db); err != nil {
		return nil, err
	}
	dataDir, err := makeDataDir(o)
	if err != nil {
		return nil, err
	}
	e.keep(dataDir)
	res.DataDir = dataDir
	if o.diskProbe > 0 {
		if res.Disk, err = probeDisk(dataDir, o.diskProbe); err != nil {
			return nil, fmt.Errorf("disk probe: %w", err)
		}
	}

	token := benchkit.RandomHex()
	base := map[string]string{
		"PAPRIKA_DATABASE_URL": e.pg.URL(db),
		"PAPRIKA_TIERS":        tiersJSON,
		"PAPRIKA_DATA_DIR":     dataDir,
	}
	vars := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	var procs []*benchkit.Proc
	defer func() { benchkit.StopAll(procs) }()
	api, err := benchkit.StartProc(ctx, "api", bin, "api", vars(map[string]string{"PAPRIKA_ADMIN_TOKEN": token, "PAPRIKA_WORKERS": "2"}), o.verbose)
	if err != nil {
		return nil, err
	}
	procs = append(procs, api)
	c := newClient(api.URL(""), token)
	ts := layout(o)
	if err := c.createTenants(ctx, ts); err != nil {
		return nil, fmt.Errorf("creating tenants: %w", err)
	}
	poll, err := pgx.Connect(ctx, e.pg.URL(db))
	if err != nil {
		return nil, err
	}
	defer poll.Close(context.WithoutCancel(ctx))

	var workers []*benchkit.Proc
	startWorkers := func() error {
		for i := 0; i < o.workers; i++ {
			extra := map[string]string{"PAPRIKA_WORKERS": strconv.Itoa(o.slots)}
			if o.claimAhead != "" {
				extra["PAPRIKA_CLAIM_AHEAD"] = o.claimAhead
			}
			if o.profile != "" {
				port, err := benchkit.FreePort()
				if err != nil {
					return err
				}
				extra["PAPRIKA_PPROF"] = "127.0.0.1:" + strconv.Itoa(port)
			}
			// All spawned before any is waited for: a worker may claim
			// before its /healthz answers, and must not run alone.
			w, err := benchkit.SpawnProc(fmt.Sprintf("worker %d", i+1), bin, "worker", vars(extra), o.verbose)
			if err != nil {
				return err
			}
			w.Pprof = extra["PAPRIKA_PPROF"]
			workers = append(workers, w)
			procs = append(procs, w)
		}
		for _, w := range workers {
			if err := w.WaitHealthy(ctx, 60*time.Second); err != nil {
				return err
			}
		}
		return nil
	}
	var subStart, subEnd, drainStart cpuAt
	var bs []submitted
	submit := func() error {
		subStart = sampleCPU(workers, api, e.pg.PID())
		var err error
		bs, err = c.submit(ctx, ts, o.format)
		subEnd = sampleCPU(workers, api, e.pg.PID())
		return err
	}
	// markDrain starts the drain's count; workers not yet spawned count
	// from 0 (a worker may claim before its /healthz answers).
	markDrain := func() error {
		if o.statStatements {
			// Counted from here: the drain (and, with -overlap, the submission).
			if _, err := poll.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()"); err != nil {
				return err
			}
		}
		drainStart = sampleCPU(workers, api, e.pg.PID())
		return nil
	}
	switch {
	case o.overlap:
		if err := markDrain(); err != nil {
			return nil, err
		}
		if err := startWorkers(); err != nil {
			return nil, err
		}
		if err := submit(); err != nil {
			return nil, fmt.Errorf("submitting: %w", err)
		}
	case o.cold:
		if err := submit(); err != nil {
			return nil, fmt.Errorf("submitting: %w", err)
		}
		if err := markDrain(); err != nil {
			return nil, err
		}
		if err := startWorkers(); err != nil {
			return nil, err
		}
	default:
		// Warm workers, as a long-lived deployment has them: started on an
		// empty queue and left until their Chromium has finished starting
		// (about a core-second each, a one-off of a process's life), then
		// paused while the batches are queued, so that they find the whole
		// backlog at once, and let go when the drain's count starts.
		if err := startWorkers(); err != nil {
			return nil, err
		}
		settled := settle(ctx, workers)
		log.Printf("run %d: workers settled in %.1f s", n, settled.Seconds())
		// Let go however this returns: a paused process would not stop.
		defer func() { _ = signalAll(workers, syscall.SIGCONT) }()
		if err := signalAll(workers, syscall.SIGSTOP); err != nil {
			return nil, err
		}
		if err := submit(); err != nil {
			return nil, fmt.Errorf("submitting: %w", err)
		}
		if err := markDrain(); err != nil {
			return nil, err
		}
		if err := signalAll(workers, syscall.SIGCONT); err != nil {
			return nil, err
		}
	}
	res.SubmitSeconds = subEnd.at.Sub(subStart.at).Seconds()
	res.Batches = len(bs)
	log.Printf("run %d: %d records in %d batches accepted in %.1f s; %d workers × %d slots running", n, o.records, len(bs), res.SubmitSeconds, o.workers, o.slots)
	profDone := make(chan error, 2*len(workers))
	profiles := 0
	if o.profile != "" {
		for i, w := range workers {
			for _, kind := range []string{"profile", "trace"} {
				profiles++
				go func() {
					// A second in: the workers have claimed and warmed up.
					if err := benchkit.Sleep(ctx, time.Second); err != nil {
						profDone <- err
						return
					}
					name := filepath.Join(o.profile, fmt.Sprintf("run%d-worker%d.%s", n, i+1, kind))
					profDone <- fetchProfile(ctx, w.Pprof, kind, o.profileSeconds, name)
				}()
			}
		}
	}

	var waits map[string]int
	if o.statStatements {
		waits = map[string]int{}
	}
	if err := waitDone(ctx, poll, o.records, append([]*benchkit.Proc{api}, workers...), waits); err != nil {
		return nil, err
	}
	drainEnd := sampleCPU(workers, api, e.pg.PID())
	res.LoadEnd = benchkit.LoadAvg()
	res.WallSeconds = drainEnd.at.Sub(drainStart.at).Seconds()
	if o.statStatements {
		res.TopSQL = topStatements(ctx, poll, o.records)
		res.WaitEvents = waitShares(waits)
	}
	if o.profile != "" {
		for range profiles {
			if err := <-profDone; err != nil {
				log.Printf("profile: %v", err)
			}
		}
		for i, w := range workers {
			for _, kind := range []string{"block", "mutex"} {
				if err := fetchProfile(ctx, w.Pprof, kind, 0, filepath.Join(o.profile, fmt.Sprintf("run%d-worker%d.%s", n, i+1, kind))); err != nil {
					log.Printf("profile: %v", err)
				}
			}
		}
		log.Printf("profiles and traces in %s", o.profile)
	}
	for _, p := range procs {
		k, first := p.Logs.Counts()
		res.Logged += k
		res.LoggedFirst = append(res.LoggedFirst, first...)
	}
	recs, err := c.records(ctx, bs)
	if err != nil {
		return nil, fmt.Errorf("reading records: %w", err)
	}
	benchkit.StopAll(procs)
	procs = nil
	res.compute(o, ts, recs)
	res.cpu(o, subStart, subEnd, drainStart, drainEnd)
	return res, nil
}

// waitDone polls the batches' counters until n records have finished,
// failing if a process exits meanwhile. With waits not nil, it also counts
// what the active client backends are waiting for at each poll.
func waitDone(ctx context.Context, conn *pgx.Conn, n int, procs []*benchkit.Proc, waits map[string]int) error {
	last, lastAt := int64(-1), time.Now()
	for {
		var finished int64
		if err := conn.QueryRow(ctx, `SELECT coalesce(sum(done + failed + canceled), 0)::bigint FROM batches`).Scan(&finished); err != nil {
			return fmt.Errorf("polling: %w", err)
		}
		if finished >= int64(n) {
			return nil
		}
		if waits != nil {
			if err := sampleWaits(ctx, conn, waits); err != nil {
				return err
			}
		}
		if finished != last {
			last, lastAt = finished, time.Now()
		} else if time.Since(lastAt) > time.Minute {
			return fmt.Errorf("no record finished for a minute (%d of %d finished)", finished, n)
		}
		for _, p := range procs {
			if err := p.Alive(); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%d of %d records finished: %w", finished, n, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func makeDataDir(o *options) (string, error) {
	parent := o.datadir
	if o.tmpfs {
		parent = "/dev/shm"
	}
	return os.MkdirTemp(parent, "pprod-data")
}

// topStatements lists the statements that used the most PostgreSQL time,
// with their calls and time per record.
func topStatements(ctx context.Context, conn *pgx.Conn, records int) []string {
	stats, err := benchkit.TopStatements(ctx, conn, 15)
	if err != nil {
		return []string{"pg_stat_statements: " + err.Error()}
	}
	var out []string
	for _, st := range stats {
		q := strings.Join(strings.Fields(st.Query), " ")
		if len(q) > 110 {
			q = q[:110] + "…"
		}
		out = append(out, fmt.Sprintf("%7d calls %8d rows %7.0f ms %6.3f ms/call %5.1f µs/record  %s", st.Calls, st.Rows,
			st.ExecMS+st.PlanMS, st.PerCall(), st.PerItem(int64(records)), q))
	}
	return out
}

// sampleWaits adds what each active client backend but ours waits for now:
// "CPU" when it waits for nothing.
func sampleWaits(ctx context.Context, conn *pgx.Conn, waits map[string]int) error {
	rows, err := conn.Query(ctx, `
		SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') FROM pg_stat_activity
		WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return err
		}
		waits[w]++
	}
	waits[""]++ // the samples
	return rows.Err()
}

// waitShares is the mean number of active backends in each state per
// sample, largest first.
func waitShares(waits map[string]int) []string {
	samples := waits[""]
	if samples == 0 {
		return nil
	}
	type kv struct {
		k string
		n int
	}
	var all []kv
	for k, n := range waits {
		if k != "" {
			all = append(all, kv{k, n})
		}
	}
	slices.SortFunc(all, func(a, b kv) int { return b.n - a.n })
	var out []string
	for _, x := range all {
		out = append(out, fmt.Sprintf("%s %.2f", x.k, float64(x.n)/float64(samples)))
	}
	return out
}

// settle waits until the processes' trees (each worker and the Chromium it
// started) have used less than a tenth of a core over half a second, or 30
// seconds have passed, and returns how long it waited.
func settle(ctx context.Context, procs []*benchkit.Proc) time.Duration {
	trees := make([]*benchkit.TreeSampler, len(procs))
	for i, p := range procs {
		trees[i] = benchkit.NewTreeSampler(p.Pid())
	}
	used := func() float64 {
		sum := 0.0
		for _, t := range trees {
			cpu, _ := t.Total()
			sum += cpu
		}
		return sum
	}
	start := time.Now()
	const window = 500 * time.Millisecond
	last := 0.0
	for time.Since(start) < 30*time.Second {
		if benchkit.Sleep(ctx, window) != nil {
			break
		}
		now := used()
		if (now-last)/window.Seconds() < 0.1 {
			break
		}
		last = now
	}
	return time.Since(start)
}

// signalAll sends sig to every process (SIGSTOP pauses one, SIGCONT lets
// it go on).
func signalAll(procs []*benchkit.Proc, sig syscall.Signal) error {
	for _, p := range procs {
		if err := p.Cmd.Process.Signal(sig); err != nil {
			return fmt.Errorf("%s: %w", sig, err)
		}
	}
	return nil
}
