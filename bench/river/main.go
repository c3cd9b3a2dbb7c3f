// Command river runs Paprika's fair-share queue and River, a FIFO queue
// (github.com/riverqueue/river, with riverpgxv5), side by side on the same
// private PostgreSQL (fsync on), with the same no-op work and the same
// flood: one big tenant with -flood jobs queued, then -small small tenants
// each submitting one job every -every for -duration while the flood drains.
//
// For each system it reports jobs per second (claimed and completed, over
// the submitting window) and the small tenants' waits (submit → start, as
// the database records them), and it draws both waits over time into -chart.
//
// With -burndown N it runs River alone instead: N no-op jobs queued, then one
// client with the settings of River's own benchmark works them all. That is
// the scale bench/scheduler's figures are read against, run in turn on the
// same machine (docs/performance.md, The machine from day to day).
//
// It is its own module, so that the product never imports River; it reuses
// the product's packages (internal/pgserver, internal/postgres,
// internal/scheduler, internal/worker) through a replace directive: Go's internal rule is
// one of import paths, and this module's path is under the product's.
//
// Run it from this directory:
//
//	cd bench/river && go run . -chart ../../docs/river-vs-paprika.png
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

// options are the run's flags; both systems get the same.
type options struct {
	flood    int
	small    int
	every    time.Duration
	duration time.Duration
	warmup   time.Duration
	drain    time.Duration
	workers  int // Paprika worker processes' worth (in-process worker.Workers)
	slots    int // slots per Paprika worker; River gets workers×slots MaxWorkers
	outputs  string
	systems  []string
	chart    string
	markdown string
	keep     string

	riverCooldown time.Duration
	burndown      int
}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("bench/river: ")
	var o options
	var systems string
	flag.IntVar(&o.flood, "flood", 500_000, "jobs the big tenant has queued when the small tenants start")
	flag.IntVar(&o.small, "small", 50, "small tenants submitting while the flood drains")
	flag.DurationVar(&o.every, "every", time.Second, "each small tenant submits one job this often")
	flag.DurationVar(&o.duration, "duration", 60*time.Second, "how long the small tenants submit (the measured window)")
	flag.DurationVar(&o.warmup, "warmup", 3*time.Second, "time the workers run on the flood before the small tenants start")
	flag.DurationVar(&o.drain, "drain", 10*time.Minute, "after the window, how long to wait for the small tenants' last jobs to start (FIFO: until the flood ahead of them is done)")
	flag.IntVar(&o.workers, "workers", 2, "Paprika workers (each a worker.Worker with its own pool, as a `paprika worker` process has)")
	flag.IntVar(&o.slots, "slots", 32, "slots per Paprika worker; River runs one client with workers×slots MaxWorkers")
	flag.StringVar(&o.outputs, "outputs", "", "directory Paprika's workers write their (tiny) outputs in (default: a temporary directory in /dev/shm when it exists, since River's no-op writes nothing)")
	flag.StringVar(&systems, "systems", "river,paprika", "systems to run, comma-separated, in order")
	flag.StringVar(&o.chart, "chart", "", "draw both systems' waits over time into `FILE` (.png or .svg)")
	flag.StringVar(&o.markdown, "markdown", "", "also write the results as a Markdown table to `FILE`")
	flag.DurationVar(&o.riverCooldown, "river-fetch-cooldown", 10*time.Millisecond, "River's Config.FetchCooldown, the least time between two fetches of its producer (River's default is 100ms; a fetch takes at most MaxWorkers jobs, so this caps River at MaxWorkers per cooldown)")
	flag.IntVar(&o.burndown, "burndown", 0, "instead of the side-by-side run: queue `N` no-op jobs and let one River client, with the settings of River's own benchmark, work them all; prints jobs/s (the scale bench/scheduler is read against)")
	flag.StringVar(&o.keep, "keep", "", "keep the private PostgreSQL in `DIR` (default: a temporary directory, removed at the end)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: cd bench/river && go run . [flags]\n\n"+
			"Paprika's fair share and River's FIFO side by side under a flood; see docs/performance.md,\n"+
			"section Side by side with River.\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	for _, s := range strings.Split(systems, ",") {
		s = strings.TrimSpace(s)
		if s != "river" && s != "paprika" {
			log.Fatalf("-systems: %q is neither river nor paprika", s)
		}
		o.systems = append(o.systems, s)
	}
	if o.flood < 1 || o.small < 1 || o.small > 999 || o.every <= 0 || o.duration <= 0 || o.workers < 1 || o.slots < 1 {
		log.Fatal("-flood, -every, -duration, -workers and -slots must be positive, -small between 1 and 999")
	}
	run := run
	if o.burndown != 0 {
		if o.burndown < 0 {
			log.Fatal("-burndown must be positive")
		}
		run = burndown
	}
	benchkit.Run(func(ctx context.Context) error { return run(ctx, &o) })
}

func run(ctx context.Context, o *options) error {
	started := time.Now()
	db, err := startServer(ctx, o.keep)
	if err != nil {
		return err
	}
	defer db.close()
	outputs, cleanup, err := outputsDir(o.outputs)
	if err != nil {
		return err
	}
	defer cleanup()
	log.Printf("PostgreSQL %s; %s; load average %s", db.version, benchkit.MachineInfo(), benchkit.LoadAvg())
	var results []*result
	for _, s := range o.systems {
		var r *result
		switch s {
		case "river":
			r, err = runRiver(ctx, db, o)
		case "paprika":
			r, err = runPaprika(ctx, db, o, outputs)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
		r.printLine(os.Stdout)
		results = append(results, r)
	}
	rep := &report{opts: o, results: results, started: started, finished: time.Now(),
		pgVersion: db.version, goVersion: runtime.Version(), machine: benchkit.MachineInfo()}
	rep.print(os.Stdout)
	if o.markdown != "" {
		if err := os.WriteFile(o.markdown, []byte(rep.markdown()), 0o644); err != nil {
			return err
		}
		log.Printf("wrote %s", o.markdown)
	}
	if o.chart != "" {
		if err := drawChart(o.chart, o, results); err != nil {
			return fmt.Errorf("chart: %w", err)
		}
		log.Printf("wrote %s", o.chart)
	}
	return nil
}

// outputsDir is where Paprika's workers put outputs.
func outputsDir(dir string) (string, func(), error) {
	if dir != "" {
		return dir, func() {}, nil
	}
	parent := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		parent = "/dev/shm"
	}
	d, err := os.MkdirTemp(parent, "river-bench-out")
	if err != nil {
		return "", nil, err
	}
	return d, func() { os.RemoveAll(d) }, nil
}
