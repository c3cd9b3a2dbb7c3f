// Command scheduler benchmarks Paprika's fair-share claiming (docs/scheduler.md,
// how work is shared) at the size of docs/performance-log.md's goals: 1,000
// tenants over two tiers and 1,000,000 queued batch records, with no-op
// renders.
//
// It starts a private PostgreSQL (fsync on unless -fast) or uses
// -database-url, fills a template database once (kept with -keep DIR), and
// gives every measurement a fresh copy of it. Then, in order:
//
//   - explain: EXPLAIN (ANALYZE, BUFFERS) of every statement of a claim and
//     of a completion, with custom and generic plans;
//   - throughput: W worker processes (this binary re-executed with -worker,
//     each a worker.Worker with -slots slots) for each W of -workers, each
//     -repeat times: items claimed and completed per second, claim latency
//     p50/p99 (timed around the claim's three round trips by a pgx tracer),
//     the largest deviation of any group's starts from its fair share, and
//     the CPU the workers, PostgreSQL and everything else used;
//   - small: while the workers drain the queue (a big tenant holding 500,000
//     records), -small tenants with nothing queued submit single jobs, and
//     the p95 of their waits (started_at - created_at) is reported.
//
// Run it from the repository root:
//
//	go run ./bench/scheduler -keep /tmp/paprika-bench -markdown /tmp/scheduler.md
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

const tiersJSON = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 2}}`

type options struct {
	databaseURL    string
	keep           string
	fast           bool
	statStatements bool
	phases         map[string]bool

	fill fillSpec

	workers  []int
	repeat   int
	slots    int
	maxClaim int
	ahead    int
	held     int
	warmup   time.Duration
	duration time.Duration
	outputs  string

	smallWorkers int
	small        int
	smallEvery   time.Duration
	smallFor     time.Duration

	markdown string
	verbose  bool
	explainK int

	// Experiments, not for the reported numbers.
	genericPlans bool
	profile      string
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-worker" {
		os.Exit(workerMain(os.Args[2:]))
	}
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	var o options
	var phases, workers string
	flag.StringVar(&o.databaseURL, "database-url", "", "use this PostgreSQL (a superuser URL; two databases are created in it) instead of a private one")
	flag.StringVar(&o.keep, "keep", "", "keep the private cluster, and its filled template database, in `DIR` and reuse them on the next run")
	flag.BoolVar(&o.fast, "fast", false, "private cluster with fsync, synchronous_commit and full_page_writes off (not like production)")
	flag.BoolVar(&o.statStatements, "stat-statements", false, "load pg_stat_statements and print the statements that used the most server time in each run (restarts a private cluster)")
	flag.StringVar(&phases, "phases", "explain,throughput,small", "phases to run, comma-separated")
	flag.IntVar(&o.fill.tenants, "tenants", 1000, "tenants")
	flag.IntVar(&o.fill.priority, "priority", 200, "tenants of tier priority (weight 4, maxRunning 2); the rest are standard (weight 1, the default tier)")
	flag.IntVar(&o.fill.idle, "idle", 20, "standard tenants with nothing queued (the small tenants of the small phase)")
	flag.IntVar(&o.fill.records, "records", 1_000_000, "queued batch records in all")
	flag.IntVar(&o.fill.bigRecords, "big", 500_000, "records of the big tenant (standard), among -records")
	flag.IntVar(&o.fill.bigBatch, "big-batch", 5000, "records per batch of the big tenant")
	flag.IntVar(&o.fill.batch, "batch", 500, "most records per batch of the other tenants")
	flag.IntVar(&o.fill.history, "history", 0, "finished batches (all records done) submitted before the queued ones, spread over the tenants with work: a retention period's history")
	flag.IntVar(&o.fill.jobs, "jobs", 0, "queued single jobs in all, besides -records, shared by the tenants other than the big one in proportion to their tiers' weights (a claim takes a group's jobs before its records)")
	flag.IntVar(&o.fill.historyBatch, "history-batch", 50, "records per finished batch of -history")
	flag.StringVar(&workers, "workers", "1,2,4", "worker process counts to measure")
	flag.IntVar(&o.repeat, "repeat", 2, "runs of each worker count")
	flag.IntVar(&o.slots, "slots", 16, "slots per worker process (PAPRIKA_WORKERS); a claim takes up to min(free slots, -max-claim)")
	flag.IntVar(&o.maxClaim, "max-claim", 0, "most items one claim takes (worker.Config.MaxClaim; 0 = its default, 64)")
	flag.IntVar(&o.ahead, "ahead", 0, "items a worker claims beyond its free slots (PAPRIKA_CLAIM_AHEAD; default 0, what auto makes of this bench's tiers, one of which has maxRunning)")
	flag.IntVar(&o.held, "held", 0, "most rendered results a worker holds for its completion flushes (worker.Config.Held; 0 = its default, 256)")
	flag.DurationVar(&o.warmup, "warmup", 3*time.Second, "time the workers run before measuring")
	flag.DurationVar(&o.duration, "duration", 20*time.Second, "measured time of each run")
	flag.StringVar(&o.outputs, "outputs", "", "directory the workers write their outputs in (default: a temporary directory on the disk the system temp dir is on; a tmpfs such as /dev/shm takes the per-output fsync away)")
	flag.IntVar(&o.smallWorkers, "small-workers", 2, "worker processes draining the queue during the small phase")
	flag.IntVar(&o.small, "small", 20, "small tenants submitting in the small phase (at most -idle)")
	flag.DurationVar(&o.smallEvery, "small-every", 10*time.Second, "each small tenant submits one job this often: a small tenant submits below its fair share, which is the rate ÷ the weights of the backlogged groups (see docs/performance.md)")
	flag.DurationVar(&o.smallFor, "small-for", 30*time.Second, "how long the small tenants submit")
	flag.IntVar(&o.explainK, "explain-k", 16, "items (and lanes) of the claim the explain phase plans")
	flag.StringVar(&o.markdown, "markdown", "", "also write the results and plans as Markdown to `FILE`")
	flag.BoolVar(&o.verbose, "v", false, "print the plans and per-run details")
	flag.BoolVar(&o.genericPlans, "generic-plans", false, "experiment: the workers' connections run with plan_cache_mode=force_generic_plan")
	flag.StringVar(&o.profile, "profile", "", "experiment: the worker processes write CPU profiles into `DIR`")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: go run ./bench/scheduler [flags]\n\n"+
			"Benchmarks fair-share claiming on 1,000 tenants and 1,000,000 queued records with no-op renders;\n"+
			"see docs/performance.md, section Claiming at scale.\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	o.phases = map[string]bool{}
	for _, p := range strings.Split(phases, ",") {
		o.phases[strings.TrimSpace(p)] = true
	}
	var err error
	if o.workers, err = benchkit.Counts("workers", workers, 64); err != nil {
		log.Fatal(err)
	}
	if o.small > o.fill.idle {
		log.Fatalf("-small %d: only %d idle tenants (-idle)", o.small, o.fill.idle)
	}
	if err := o.fill.check(); err != nil {
		log.Fatal(err)
	}
	if o.profile != "" {
		// The workers only create their files in it.
		if err := os.MkdirAll(o.profile, 0o755); err != nil {
			log.Fatal(err)
		}
	}

	benchkit.Run(func(ctx context.Context) error { return run(ctx, &o) })
}

func run(ctx context.Context, o *options) error {
	started := time.Now()
	c, err := startCluster(ctx, o)
	if err != nil {
		return err
	}
	defer c.close()
	if err := c.ensureFilled(ctx, o.fill); err != nil {
		return err
	}
	rep := &report{opts: o, started: started, pgVersion: c.version, goVersion: runtime.Version()}
	rep.machine = benchkit.MachineInfo()
	if o.phases["explain"] {
		if rep.explain, err = runExplain(ctx, c, o); err != nil {
			return fmt.Errorf("explain: %w", err)
		}
		rep.printExplain(os.Stdout, o.verbose)
	}
	if o.phases["throughput"] {
		for _, w := range o.workers {
			for i := 0; i < o.repeat; i++ {
				r, err := runThroughput(ctx, c, o, w)
				if err != nil {
					return fmt.Errorf("throughput, %d workers: %w", w, err)
				}
				r.printLine(os.Stdout)
				if o.verbose {
					r.printDetails(os.Stdout)
				}
				rep.runs = append(rep.runs, r)
			}
		}
	}
	if o.phases["small"] {
		for i := 0; i < o.repeat; i++ {
			s, err := runSmall(ctx, c, o)
			if err != nil {
				return fmt.Errorf("small tenants: %w", err)
			}
			s.printLine(os.Stdout)
			rep.small = append(rep.small, s)
		}
	}
	rep.finished = time.Now()
	rep.print(os.Stdout)
	if o.markdown != "" {
		if err := rep.writeMarkdown(o.markdown); err != nil {
			return err
		}
		log.Printf("wrote %s", o.markdown)
	}
	return nil
}
