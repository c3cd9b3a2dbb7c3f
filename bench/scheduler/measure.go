package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

type groupKey struct{ tenant, tier string }

// snapshot is the state the measurements are differences of.
type snapshot struct {
	at       time.Time
	started  map[groupKey]int64
	finished int64
	queued   map[string]int64 // per tenant, jobs and records
	cpu      cpuSample
}

func takeSnapshot(ctx context.Context, pool *pgxpool.Pool, pids []int, postmaster int) (*snapshot, error) {
	s := &snapshot{started: map[groupKey]int64{}, queued: map[string]int64{}}
	s.cpu = sampleCPU(pids, postmaster)
	s.at = time.Now()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // read only
	if _, err := tx.Exec(ctx, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT tenant_id, tier, started FROM group_starts`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var k groupKey
		var n int64
		if err := rows.Scan(&k.tenant, &k.tier, &n); err != nil {
			return nil, err
		}
		s.started[k] = n
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := tx.QueryRow(ctx, `SELECT coalesce(sum(finished), 0) FROM group_finishes`).Scan(&s.finished); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT tenant_id, sum(queued_jobs + queued_records) FROM lanes GROUP BY 1`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var t string
		var n int64
		if err := rows.Scan(&t, &n); err != nil {
			return nil, err
		}
		s.queued[t] = n
	}
	return s, rows.Err()
}

func (s *snapshot) totalStarted() int64 {
	var n int64
	for _, v := range s.started {
		n += v
	}
	return n
}

// cpuSample holds CPU seconds used so far.
type cpuSample struct {
	workers, postgres float64
	busy, total       float64 // the whole machine, from /proc/stat
}

func sampleCPU(pids []int, postmaster int) cpuSample {
	var c cpuSample
	for _, p := range pids {
		v, _ := benchkit.ProcCPU(p)
		c.workers += v
	}
	if postmaster > 0 {
		c.postgres = benchkit.ServerCPU(postmaster)
	}
	c.busy, c.total = benchkit.MachineCPU()
	return c
}

// runResult is one measured run of W worker processes.
type runResult struct {
	workers   int
	at        time.Time
	load      string
	seconds   float64
	claimed   int64
	completed int64
	claims    []claimSample
	errors    int64
	errorMsgs []string // the first few claim errors' texts
	cut       int64    // claims ended by the workers' stop
	source    int64
	prepared  map[string]preparedStat
	share     shareResult
	cpu       struct{ workers, postgres, other, idle float64 } // cores
	topSQL    []string
	maxGap    time.Duration // the longest a worker process went without starting a claim
	logged    []string
	loggedN   int
}

type claimSample struct {
	dur, rt1, rt2, rt3 time.Duration
	items, lanes       int64
	asked              int64
}

// lanesPerClaim is the mean of lanes locked per claim, and the share of
// claims that gave some lane more than one item.
func (r *runResult) lanesPerClaim() (mean, stacked, asked float64) {
	if len(r.claims) == 0 {
		return 0, 0, 0
	}
	var n, s, a int64
	for _, c := range r.claims {
		n += c.lanes
		a += c.asked
		if c.items > c.lanes {
			s++
		}
	}
	l := float64(len(r.claims))
	return float64(n) / l, float64(s) / l, float64(a) / l
}

// cpuPerItem is CPU microseconds per completed item.
func (r *runResult) cpuPerItem() (workers, postgres float64) {
	if r.completed == 0 {
		return 0, 0
	}
	return 1e6 * r.cpu.workers * r.seconds / float64(r.completed), 1e6 * r.cpu.postgres * r.seconds / float64(r.completed)
}

func (r *runResult) perSecond() float64 { return float64(r.completed) / r.seconds }

func (r *runResult) latency(q float64) time.Duration {
	if len(r.claims) == 0 {
		return 0
	}
	d := make([]time.Duration, len(r.claims))
	for i, c := range r.claims {
		d[i] = c.dur
	}
	slices.Sort(d)
	return d[benchkit.QuantileIndex(len(d), q)]
}

func (r *runResult) itemsPerClaim() float64 {
	var n int64
	for _, c := range r.claims {
		n += c.items
	}
	if len(r.claims) == 0 {
		return 0
	}
	return float64(n) / float64(len(r.claims))
}

func (r *runResult) meanRT() (rt1, rt2, rt3, gap time.Duration) {
	if len(r.claims) == 0 {
		return
	}
	var a, b, c, d time.Duration
	for _, s := range r.claims {
		a, b, c, d = a+s.rt1, b+s.rt2, c+s.rt3, d+s.dur-s.rt1-s.rt2-s.rt3
	}
	n := time.Duration(len(r.claims))
	return a / n, b / n, c / n, d / n
}

func runThroughput(ctx context.Context, c *cluster, o *options, workers int) (*runResult, error) {
	r := &runResult{workers: workers, at: time.Now()}
	r.load = benchkit.LoadAvg()
	log.Printf("run: %d worker process(es) × %d slots, load average %s", workers, o.slots, r.load)
	if err := c.freshRunDB(ctx); err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, c.url(runDB))
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	if o.statStatements {
		if _, err := pool.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()"); err != nil {
			return nil, err
		}
	}
	tmp, outputs, cleanup, err := runDirs(o)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	ps, err := spawnWorkers(ctx, o, workers, c.url(runDB), outputs, tmp)
	if err != nil {
		killWorkers(ps)
		return nil, err
	}
	pids := make([]int, len(ps))
	for i, p := range ps {
		pids[i] = p.cmd.Process.Pid
	}
	if err := benchkit.Sleep(ctx, o.warmup); err != nil {
		killWorkers(ps)
		return nil, err
	}
	s0, err := takeSnapshot(ctx, pool, pids, c.postmaster())
	if err != nil {
		killWorkers(ps)
		return nil, err
	}
	if o.statStatements {
		if _, err := pool.Exec(ctx, "SELECT pg_stat_statements_reset()"); err != nil {
			killWorkers(ps)
			return nil, err
		}
	}
	if err := benchkit.Sleep(ctx, o.duration); err != nil {
		killWorkers(ps)
		return nil, err
	}
	s1, err := takeSnapshot(ctx, pool, pids, c.postmaster())
	if err != nil {
		killWorkers(ps)
		return nil, err
	}
	results, err := stopWorkers(ps)
	if err != nil {
		return nil, err
	}
	r.seconds = s1.at.Sub(s0.at).Seconds()
	r.claimed = s1.totalStarted() - s0.totalStarted()
	r.completed = s1.finished - s0.finished
	r.prepared = map[string]preparedStat{}
	for _, wr := range results {
		r.errors += wr.ClaimErrors
		r.errorMsgs = append(r.errorMsgs, wr.ClaimErrorMsg...)
		r.cut += wr.ClaimsCut
		r.source += wr.SourceQueries
		r.loggedN += wr.LoggedCount
		r.logged = append(r.logged, wr.Logged...)
		for _, cl := range wr.Claims {
			start := time.Unix(0, cl[0])
			if start.Before(s0.at) || start.After(s1.at) {
				continue
			}
			r.claims = append(r.claims, claimSample{dur: time.Duration(cl[1]), items: cl[2], lanes: cl[3],
				rt1: time.Duration(cl[4]), rt2: time.Duration(cl[5]), rt3: time.Duration(cl[6]), asked: cl[7]})
		}
		for _, p := range wr.Prepared {
			q := r.prepared[p.Statement]
			q.Statement, q.Generic, q.Custom = p.Statement, q.Generic+p.Generic, q.Custom+p.Custom
			r.prepared[p.Statement] = q
		}
	}
	el := r.seconds
	r.cpu.workers = (s1.cpu.workers - s0.cpu.workers) / el
	r.cpu.postgres = (s1.cpu.postgres - s0.cpu.postgres) / el
	busy := (s1.cpu.busy - s0.cpu.busy) / el
	r.cpu.other = max(busy-r.cpu.workers-r.cpu.postgres, 0)
	r.cpu.idle = (s1.cpu.total - s0.cpu.total - (s1.cpu.busy - s0.cpu.busy)) / el
	r.share = fairShare(o.fill, s0, s1)
	_, _, r.maxGap = claimStats(results, s0.at, s1.at)
	if o.statStatements {
		r.topSQL = topStatements(ctx, pool, r.completed)
	}
	return r, nil
}

// claimStats summarizes the claims that started in [from, to]: their
// durations at p50 and p99, and the longest time any worker process went
// without starting a claim.
func claimStats(results []workerResult, from, to time.Time) (p50, p99, maxGap time.Duration) {
	var d []time.Duration
	for _, wr := range results {
		last := from
		for _, cl := range wr.Claims {
			start := time.Unix(0, cl[0])
			if start.Before(from) || start.After(to) {
				continue
			}
			d = append(d, time.Duration(cl[1]))
			maxGap = max(maxGap, start.Sub(last))
			last = start
		}
		maxGap = max(maxGap, to.Sub(last))
	}
	if len(d) == 0 {
		return 0, 0, maxGap
	}
	slices.Sort(d)
	return d[benchkit.QuantileIndex(len(d), 0.5)], d[benchkit.QuantileIndex(len(d), 0.99)], maxGap
}

// runDirs makes the directory for the workers' results and one for their
// outputs, and returns how to remove both.
func runDirs(o *options) (tmp, outputs string, cleanup func(), err error) {
	tmp, err = os.MkdirTemp("", "pbench-run")
	if err != nil {
		return "", "", nil, err
	}
	outputs = filepath.Join(tmp, "outputs")
	if o.outputs != "" {
		if outputs, err = os.MkdirTemp(o.outputs, "pbench-outputs"); err != nil {
			os.RemoveAll(tmp)
			return "", "", nil, err
		}
	}
	return tmp, outputs, func() {
		os.RemoveAll(outputs)
		os.RemoveAll(tmp)
	}, nil
}

// shareResult compares each group's starts in the window with its fair
// share. Counted are the groups that had work queued through the window
// (queued at its end); work running counts toward share used too, but with
// no-op renders it is a start or two at most, so starts are the share.
//
// With s_g the starts of group g and w_g its weight, the fair share of g is
// f_g = w_g · Σs / Σw over the counted groups, and its deviation is
// s_g / f_g − 1. Reported: the largest |deviation| of any group, the same in
// starts (|s_g − f_g|), the tiers' deviations (Σs over the tier against
// Σf), and the ratio of a priority group's mean starts to a standard
// group's (4 is exact).
type shareResult struct {
	groups        int
	fairPerWeight float64 // f_g for a weight-1 group
	maxDev        float64
	maxDevGroup   string
	maxAbs        float64
	p99Dev        float64
	tierDev       map[string]float64
	ratio         float64
	excluded      int
}

func fairShare(spec fillSpec, s0, s1 *snapshot) shareResult {
	var res shareResult
	var gs []benchkit.Group
	for _, t := range spec.layout() {
		if t.role == "idle" {
			continue
		}
		k := groupKey{t.id, t.groupTier()}
		if s1.queued[t.id] == 0 {
			res.excluded++
			continue
		}
		gs = append(gs, benchkit.Group{Tenant: k.tenant, Tier: k.tier, Starts: float64(s1.started[k] - s0.started[k]), Weight: t.weight()})
	}
	s := benchkit.FairShare(gs)
	res.groups, res.fairPerWeight, res.maxDev, res.maxDevGroup = s.Groups, s.FairPerWeight, s.MaxDev, s.MaxDevGroup
	res.maxAbs, res.p99Dev, res.tierDev, res.ratio = s.MaxAbs, s.P99Dev, s.TierDev, s.Ratio("priority", "standard")
	return res
}

// topStatements lists the statements that used the most server time.
func topStatements(ctx context.Context, pool *pgxpool.Pool, items int64) []string {
	stats, err := benchkit.TopStatements(ctx, pool, 14)
	if err != nil {
		return []string{"pg_stat_statements: " + err.Error()}
	}
	var out []string
	for _, st := range stats {
		out = append(out, fmt.Sprintf("%8d calls %8.0f ms exec %6.0f ms plan  %6.3f ms/call  %6.1f µs/item  %-16s", st.Calls,
			st.ExecMS, st.PlanMS, st.PerCall(), st.PerItem(items), statementName(st.Query)))
	}
	return out
}
