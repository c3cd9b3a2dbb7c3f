package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/worker"
)

// workerResult is what a worker process reports when it stops.
type workerResult struct {
	// Claims: start (unix ns), duration (ns), items, lanes locked, the
	// three round trips' durations (ns; 0 when the claim ended earlier),
	// and the items asked for.
	Claims        [][8]int64     `json:"claims"`
	ClaimErrors   int64          `json:"claimErrors"`
	ClaimErrorMsg []string       `json:"claimErrorMsg"` // the first few
	ClaimsCut     int64          `json:"claimsCut"`     // ended by the worker's stop
	SourceQueries int64          `json:"sourceQueries"` // batch source cache misses
	Prepared      []preparedStat `json:"prepared"`
	Logged        []string       `json:"logged"` // the first warnings and errors
	LoggedCount   int            `json:"loggedCount"`
}

// logSink drops the log lines but keeps the first warnings and errors.
type logSink struct {
	mu    sync.Mutex
	kept  []string
	count int
}

func (l *logSink) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(`"level":"WARN"`)) || bytes.Contains(p, []byte(`"level":"ERROR"`)) {
		l.mu.Lock()
		l.count++
		if len(l.kept) < 20 {
			l.kept = append(l.kept, strings.TrimSpace(string(p)))
		}
		l.mu.Unlock()
	}
	return len(p), nil
}

type preparedStat struct {
	Statement string `json:"statement"`
	Generic   int64  `json:"generic"`
	Custom    int64  `json:"custom"`
}

// noop renders nothing, at once.
type noop struct{}

var noopBody = []byte("<p>ok</p>")

func (noop) Render(ctx context.Context, in render.Input) (*render.Output, error) {
	return &render.Output{Body: noopBody, ContentType: "text/html; charset=utf-8", Pages: 1}, nil
}

// workerMain runs one worker process: a worker.Worker as `paprika worker`
// makes it (pool of slots*2+8 connections, JSON logs, outputs on disk), with
// a no-op renderer, until SIGTERM.
func workerMain(args []string) int {
	fs := flag.NewFlagSet("worker", flag.ExitOnError)
	dbURL := fs.String("database-url", "", "")
	slots := fs.Int("slots", 16, "")
	maxClaim := fs.Int("max-claim", 0, "")
	ahead := fs.Int("ahead", 0, "")
	held := fs.Int("held", 0, "")
	outputs := fs.String("outputs", "", "")
	result := fs.String("result", "", "")
	generic := fs.Bool("generic-plans", false, "")
	cpuprofile := fs.String("cpuprofile", "", "")
	_ = fs.Parse(args)
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, "worker:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	worker.SetGC(os.Getenv) // as paprika worker does
	tiers, err := config.ParseTiers(tiersJSON)
	if err != nil {
		return fail(err)
	}
	cfg, err := postgres.ParseConfig(*dbURL, int32(*slots*2+8)) // as cmd/paprika opens it
	if err != nil {
		return fail(err)
	}
	if *generic {
		cfg.ConnConfig.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
	}
	tr := &claimTracer{open: map[*pgx.Conn]*claimRec{}}
	logs := &logSink{}
	cfg.ConnConfig.Tracer = tr
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return fail(err)
	}
	defer pool.Close()
	if err := pool.Ping(ctx); err != nil {
		return fail(err)
	}
	w := worker.New(postgres.NewQueue(pool), worker.Config{
		Policy:   scheduler.Policy{Tiers: tiers, WorkerTiers: tiers.Names()},
		Slots:    *slots,
		Ahead:    *ahead,
		MaxClaim: *maxClaim,
		Held:     *held,
		Renderer: noop{},
		Outputs:  &storage.Files{Dir: *outputs},
		// The claim lines are formatted as in production, then dropped;
		// warnings and errors are kept for the report.
		Logger: slog.New(slog.NewJSONHandler(logs, nil)),
	})
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(err)
		}
		defer f.Close()
	}
	fmt.Println("ready")
	err = w.Run(ctx)
	if *cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return fail(err)
	}
	res := tr.result()
	res.Logged, res.LoggedCount = logs.kept, logs.count
	res.Prepared = preparedStats(context.Background(), pool)
	f, err := os.Create(*result)
	if err != nil {
		return fail(err)
	}
	defer f.Close()
	if err := json.NewEncoder(f).Encode(res); err != nil {
		return fail(err)
	}
	return 0
}

// preparedStats reads, on every pooled connection, how often each prepared
// statement ran with a generic or a custom plan: pgx prepares every
// statement, and PostgreSQL picks the kind of plan (plan_cache_mode auto).
func preparedStats(ctx context.Context, pool *pgxpool.Pool) []preparedStat {
	sums := map[string]*preparedStat{}
	for _, c := range pool.AcquireAllIdle(ctx) {
		rows, err := c.Query(ctx, `SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`)
		if err == nil {
			for rows.Next() {
				var s preparedStat
				if rows.Scan(&s.Statement, &s.Generic, &s.Custom) == nil {
					name := statementName(s.Statement)
					if sums[name] == nil {
						sums[name] = &preparedStat{Statement: name}
					}
					sums[name].Generic += s.Generic
					sums[name].Custom += s.Custom
				}
			}
			rows.Close()
		}
		c.Release()
	}
	var out []preparedStat
	for _, s := range sums {
		out = append(out, *s)
	}
	return out
}

// statementName names a prepared statement by the queue's statement it is
// (internal/postgres/sql), or by its first line.
func statementName(sql string) string {
	sql = strings.TrimSpace(sql)
	if name, ok := statementNames[sql]; ok {
		return name
	}
	first, _, _ := strings.Cut(sql, "\n")
	return first
}

var statementNames = func() map[string]string {
	m := map[string]string{}
	for name, sql := range postgres.Statements() {
		m[sql] = name
	}
	return m
}()

// claimTracer times each claim on the connection it runs on: from the
// start of the round trip that ranks the lanes to the end of the round trip
// that commits (or to the COMMIT or ROLLBACK that ends it early). That is
// Claimer.Claim without the pool acquire.
type claimTracer struct {
	mu            sync.Mutex
	open          map[*pgx.Conn]*claimRec
	done          [][8]int64
	errors        int64
	errorMsgs     []string
	cut           int64 // claims ended by the stop: their context was canceled
	sourceQueries atomic.Int64
}

type claimRec struct {
	start, rtStart time.Time
	rt             [3]time.Duration
	n              int
	items, lanes   int64
	asked          int64
}

type sqlKey struct{}

func (t *claimTracer) TraceBatchStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	rec := t.open[conn]
	if rec == nil {
		// The claim's first round trip: BEGIN, ..., rankLanes.
		qs := data.Batch.QueuedQueries
		i := slices.IndexFunc(qs, func(q *pgx.QueuedQuery) bool { return statementName(q.SQL) == "rank-lanes" })
		if i < 0 || qs[0].SQL != "BEGIN" {
			return ctx
		}
		rec = &claimRec{start: now}
		if args := qs[i].Arguments; len(args) >= 5 {
			if k, ok := args[4].(int); ok {
				rec.asked = int64(k)
			}
		}
		t.open[conn] = rec
	}
	rec.rtStart = now
	return ctx
}

func (t *claimTracer) TraceBatchQuery(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchQueryData) {
	t.mu.Lock()
	defer t.mu.Unlock()
	rec := t.open[conn]
	if rec == nil {
		return
	}
	switch statementName(data.SQL) {
	case "rank-lanes":
		rec.lanes = data.CommandTag.RowsAffected()
	case "take-jobs", "take-records":
		rec.items += data.CommandTag.RowsAffected()
	}
}

func (t *claimTracer) TraceBatchEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchEndData) {
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	rec := t.open[conn]
	if rec == nil {
		return
	}
	if rec.n < 3 {
		rec.rt[rec.n] = now.Sub(rec.rtStart)
	}
	rec.n++
	switch {
	case data.Err == nil:
	case ctx.Err() != nil:
		t.cut++
	default:
		t.errors++
		if len(t.errorMsgs) < 3 {
			t.errorMsgs = append(t.errorMsgs, data.Err.Error())
		}
	}
	if rec.n == 3 || data.Err != nil {
		t.finish(conn, rec, now)
	}
}

func (t *claimTracer) finish(conn *pgx.Conn, rec *claimRec, end time.Time) {
	delete(t.open, conn)
	t.done = append(t.done, [8]int64{rec.start.UnixNano(), int64(end.Sub(rec.start)), rec.items, rec.lanes,
		int64(rec.rt[0]), int64(rec.rt[1]), int64(rec.rt[2]), rec.asked})
}

func (t *claimTracer) TraceQueryStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if statementName(data.SQL) == "batch-source" {
		t.sourceQueries.Add(1)
	}
	return context.WithValue(ctx, sqlKey{}, data.SQL)
}

func (t *claimTracer) TraceQueryEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryEndData) {
	sql, _ := ctx.Value(sqlKey{}).(string)
	if sql != "COMMIT" && sql != "ROLLBACK" {
		return
	}
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	if rec := t.open[conn]; rec != nil {
		t.finish(conn, rec, now)
	}
}

func (t *claimTracer) result() workerResult {
	t.mu.Lock()
	defer t.mu.Unlock()
	return workerResult{Claims: t.done, ClaimErrors: t.errors, ClaimErrorMsg: t.errorMsgs, ClaimsCut: t.cut,
		SourceQueries: t.sourceQueries.Load()}
}

var profileRuns int

// proc is a running worker process.
type proc struct {
	cmd    *exec.Cmd
	result string
	ready  chan struct{}
	exited chan error
	stderr lockedWriter
}

// spawnWorkers starts n worker processes and waits until each has its pool.
func spawnWorkers(ctx context.Context, o *options, n int, dbURL, outputs, tmp string) ([]*proc, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var ps []*proc
	for i := range n {
		p := &proc{result: fmt.Sprintf("%s/worker%d.json", tmp, i), ready: make(chan struct{}), exited: make(chan error, 1)}
		args := []string{"-worker", "-database-url", dbURL, "-slots", fmt.Sprint(o.slots), "-max-claim", fmt.Sprint(o.maxClaim), "-ahead", fmt.Sprint(o.ahead), "-held", fmt.Sprint(o.held),
			"-outputs", fmt.Sprintf("%s/w%d", outputs, i), "-result", p.result}
		if o.genericPlans {
			args = append(args, "-generic-plans")
		}
		if o.profile != "" {
			profileRuns++
			args = append(args, "-cpuprofile", filepath.Join(o.profile, fmt.Sprintf("worker-%02d-%d.pprof", profileRuns, i)))
		}
		p.cmd = exec.Command(exe, args...)
		p.cmd.Stderr = &p.stderr
		p.cmd.SysProcAttr = benchkit.ChildAttr()
		out, err := p.cmd.StdoutPipe()
		if err != nil {
			return ps, err
		}
		started := make(chan error, 1)
		go func() {
			// The parent-death signal belongs to the thread that forks: keep
			// it until the child exits.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			if err := p.cmd.Start(); err != nil {
				started <- err
				return
			}
			started <- nil
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if sc.Text() == "ready" {
					close(p.ready)
				}
			}
			p.exited <- p.cmd.Wait()
		}()
		if err := <-started; err != nil {
			return ps, err
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		select {
		case <-p.ready:
		case err := <-p.exited:
			return ps, fmt.Errorf("worker exited at start: %v: %s", err, p.stderr.String())
		case <-ctx.Done():
			return ps, ctx.Err()
		case <-time.After(30 * time.Second):
			return ps, fmt.Errorf("worker not ready after 30s: %s", p.stderr.String())
		}
	}
	return ps, nil
}

// stopWorkers sends SIGTERM to each worker and collects its result.
func stopWorkers(ps []*proc) ([]workerResult, error) {
	for _, p := range ps {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
	}
	var out []workerResult
	var firstErr error
	for _, p := range ps {
		select {
		case err := <-p.exited:
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("worker %d: %v: %s", p.cmd.Process.Pid, err, p.stderr.String())
			}
		case <-time.After(40 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.exited
			if firstErr == nil {
				firstErr = fmt.Errorf("worker %d did not stop in 40s", p.cmd.Process.Pid)
			}
			continue
		}
		b, err := os.ReadFile(p.result)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		var r workerResult
		if err := json.Unmarshal(b, &r); err != nil && firstErr == nil {
			firstErr = err
		}
		out = append(out, r)
	}
	return out, firstErr
}

// killWorkers ends workers that are still running, for the error paths.
func killWorkers(ps []*proc) {
	for _, p := range ps {
		_ = p.cmd.Process.Kill() // an error only says it had exited
	}
}

type lockedWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
