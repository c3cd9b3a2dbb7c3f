package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// wait is one small tenant's job: when it was submitted and how long it
// waited to start. A job that had not started when the run ended has
// started false and waited at least wait.
type wait struct {
	submitted time.Time
	wait      time.Duration
	started   bool
}

// result is one system's run.
type result struct {
	system  string
	setup   string // workers and slots
	flood   int
	fillFor time.Duration
	load    [2]string // load average when the window opens and closes

	windowStart, windowEnd time.Time
	worked                 int64   // jobs claimed and completed in the window
	rate                   float64 // worked per second
	floodLeft              int64   // the flood's jobs still queued when the window closed
	submitted              int
	waits                  []wait // sorted by wait
	drainedIn              time.Duration
}

// readWaits reads the small jobs' waits (query answers each one's submit
// and start times, the start NULL when it has not started), counts those
// not started as waiting until now, checks that every submitted job is
// there (in table) and sorts them.
func (r *result) readWaits(ctx context.Context, pool *pgxpool.Pool, query string, arg any, table string) error {
	end := time.Now()
	rows, err := pool.Query(ctx, query, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var created time.Time
		var started *time.Time
		if err := rows.Scan(&created, &started); err != nil {
			return err
		}
		w := wait{submitted: created, started: started != nil}
		if w.started {
			w.wait = started.Sub(created)
		} else {
			w.wait = end.Sub(created)
		}
		r.waits = append(r.waits, w)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(r.waits) != r.submitted {
		return fmt.Errorf("%d small jobs in %s, %d submitted", len(r.waits), table, r.submitted)
	}
	r.sortWaits()
	return nil
}

func (r *result) sortWaits() {
	slices.SortFunc(r.waits, func(a, b wait) int { return int(a.wait - b.wait) })
}

// q is quantile p of the waits; ok is false when a job that had not
// started lies at or below it (the figure is then a lower bound).
func (r *result) q(p float64) (time.Duration, bool) {
	if len(r.waits) == 0 {
		return 0, true
	}
	i := benchkit.QuantileIndex(len(r.waits), p)
	for _, w := range r.waits[:i+1] {
		if !w.started {
			return r.waits[i].wait, false
		}
	}
	return r.waits[i].wait, true
}

func (r *result) notStarted() int {
	n := 0
	for _, w := range r.waits {
		if !w.started {
			n++
		}
	}
	return n
}

func fmtQ(d time.Duration, ok bool) string {
	s := fmtDur(d)
	if !ok {
		s = "≥ " + s
	}
	return s
}

func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
}

func (r *result) printLine(w io.Writer) {
	p50, ok50 := r.q(0.50)
	p95, ok95 := r.q(0.95)
	fmt.Fprintf(w, "%s (%s): %.0f jobs/s over %s; %d small jobs, wait p50 %s, p95 %s, %d not started; flood left %d; load %s → %s\n",
		r.system, r.setup, r.rate, r.windowEnd.Sub(r.windowStart).Round(time.Second), r.submitted,
		fmtQ(p50, ok50), fmtQ(p95, ok95), r.notStarted(), r.floodLeft, r.load[0], r.load[1])
}

// report is the whole run.
type report struct {
	opts                          *options
	results                       []*result
	started, finished             time.Time
	pgVersion, goVersion, machine string
}

func (rep *report) print(w io.Writer) {
	fmt.Fprintln(w)
	fmt.Fprint(w, rep.markdown())
}

func (rep *report) markdown() string {
	o := rep.opts
	var b strings.Builder
	fmt.Fprintf(&b, "Flood %d jobs of one tenant; %d small tenants × 1 job every %s for %s; started %s, took %s; PostgreSQL %s (fsync on), %s, %s\n\n",
		o.flood, o.small, o.every, o.duration, rep.started.UTC().Format("2006-01-02 15:04 MST"),
		rep.finished.Sub(rep.started).Round(time.Second), rep.pgVersion, rep.goVersion, rep.machine)
	b.WriteString("| system | workers | flood queued in | jobs/s (claimed+completed) | small jobs | wait p50 | wait p95 | wait max | not started | flood left at the end of the window | last small job started after | load avg (window start → end) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rep.results {
		p50, ok50 := r.q(0.50)
		p95, ok95 := r.q(0.95)
		mx, okmx := r.q(1)
		drained := fmtDur(r.drainedIn)
		if r.notStarted() > 0 {
			drained = "not within -drain"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.0f | %d | %s | %s | %s | %d | %d | %s | %s → %s |\n",
			r.system, r.setup, r.fillFor.Round(time.Second), r.rate, r.submitted,
			fmtQ(p50, ok50), fmtQ(p95, ok95), fmtQ(mx, okmx), r.notStarted(), r.floodLeft, drained, r.load[0], r.load[1])
	}
	return b.String()
}
