// Command product measures Paprika's product path: the real `paprika api`
// and `paprika worker` processes on a private PostgreSQL, html batch records
// submitted through the API, outputs written and fsynced on the ordinary
// disk.
//
// It builds ./cmd/paprika (or takes -bin), starts PostgreSQL with fsync on
// (internal/pgserver), and for each of -repeat runs, on a fresh database and
// a fresh data directory:
//
//   - starts one `paprika api` and creates -tenants tenants through the admin
//     API (-priority of them of tier priority, weight 4; the rest standard,
//     weight 1), one key each;
//   - starts -workers `paprika worker` processes with PAPRIKA_WORKERS=-slots
//     on the empty queue, waits until they and their Chromium have finished
//     starting, and pauses them (SIGSTOP);
//   - submits -records records as -batches batches per tenant through
//     POST /v1/batches, the records shared in proportion to the tenants'
//     weights so that every tenant's backlog lasts about as long, and lets
//     the workers go on (SIGCONT), so that they find the whole backlog at
//     once (-cold starts them only now, so that the drain pays for their
//     start, Chromium's included; -overlap starts them before submitting
//     and lets them drain while the batches arrive);
//   - waits until every record is done, then reads every record's startedAt
//     and finishedAt through GET /v1/batches/{id}/records, and reports
//     records/s, waits, slot use, CPU per record of the workers, the API and
//     PostgreSQL, the load average, and the fair-share check.
//
// Before each run -disk-probe writes files in the data directory to show
// what an output costs on that disk at the time; -stat-statements,
// -profile and -json add PostgreSQL's statements and waits, the workers'
// profiles and traces, and machine-readable output. docs/performance.md,
// section Product path, says how each figure is measured.
//
// Everything it starts is stopped when it ends, on an error or Ctrl-C too.
//
//	go run ./bench/product
//	go run ./bench/product -repeat 3 -json
//	go run ./bench/product -repeat 3 -bin /tmp/paprika-main,/tmp/paprika-new
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// tiersJSON is PAPRIKA_TIERS of every process: standard, the default, and
// priority with four times its weight.
const tiersJSON = `{"standard": {"weight": 1}, "priority": {"weight": 4}}`

type options struct {
	workers        int
	slots          int
	claimAhead     string
	tenants        int
	priority       int
	records        int
	batches        int
	format         string
	datadir        string
	tmpfs          bool
	bin            string
	json           bool
	repeat         int
	overlap        bool
	cold           bool
	sample         int
	timeout        time.Duration
	profile        string
	profileSeconds int
	verbose        bool
	statStatements bool
	diskProbe      int
}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("bench: ")
	var o options
	flag.IntVar(&o.workers, "workers", 2, "`paprika worker` processes")
	flag.IntVar(&o.slots, "slots", 8, "render slots per worker process (PAPRIKA_WORKERS)")
	flag.StringVar(&o.claimAhead, "claim-ahead", "", "items each worker claims beyond its free slots: PAPRIKA_CLAIM_AHEAD, auto or 0–1024 (default: unset, the binary's own default)")
	flag.IntVar(&o.tenants, "tenants", 100, "tenants")
	flag.IntVar(&o.priority, "priority", 20, "tenants of tier priority (weight 4), among -tenants; the rest are standard (weight 1)")
	flag.IntVar(&o.records, "records", 20_000, "batch records in all, shared by the tenants in proportion to their weights")
	flag.IntVar(&o.batches, "batches", 2, "batches per tenant")
	flag.StringVar(&o.format, "format", "html", "the records' format: html, pdf or png (pdf and png render in Chromium)")
	flag.StringVar(&o.datadir, "datadir", "", "directory the runs' PAPRIKA_DATA_DIR is made in (default: the system temp dir, on the ordinary disk here, so every output is really fsynced)")
	flag.BoolVar(&o.tmpfs, "tmpfs", false, "make the data directory in /dev/shm, a tmpfs, where fsync costs nothing (not like production)")
	flag.StringVar(&o.bin, "bin", "", "the paprika binary to run (default: go build ./cmd/paprika into a temporary directory); several, comma-separated, run in turn in each round of -repeat (every other round in reverse order), to compare them under the same load")
	flag.BoolVar(&o.json, "json", false, "print the results as JSON on stdout (the log still goes to stderr)")
	flag.IntVar(&o.repeat, "repeat", 1, "runs, each on a fresh database and data directory")
	flag.BoolVar(&o.overlap, "overlap", false, "start the workers before submitting, so they drain while the batches arrive (default: every batch is queued first)")
	flag.BoolVar(&o.cold, "cold", false, "start the workers only once every batch is queued, so that the drain pays for their start, Chromium's included (default: they start on the empty queue, finish starting, and are paused while the batches are queued)")
	flag.IntVar(&o.sample, "sample", 20, "tenants in the share check, spread evenly over both tiers; 0 = all")
	flag.DurationVar(&o.timeout, "timeout", 10*time.Minute, "give up on a run after this long")
	flag.StringVar(&o.profile, "profile", "", "write a CPU profile of each worker process into `DIR` (builds the binary with -tags pprof; see docs/performance.md)")
	flag.IntVar(&o.profileSeconds, "profile-seconds", 5, "length of each worker's CPU profile, from the moment the workers run")
	flag.BoolVar(&o.statStatements, "stat-statements", false, "load pg_stat_statements and print the statements that used the most PostgreSQL time during each drain")
	flag.IntVar(&o.diskProbe, "disk-probe", 400, "before each run, write this many files in the data directory four ways (one by one; 8 at once; 8 written then fsynced in parallel; 8 written then one syncfs) and report CPU and time per file; 0 = off")
	flag.BoolVar(&o.verbose, "v", false, "log the processes' warnings and errors")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: go run ./bench/product [flags]\n\n"+
			"Measures html batch records through real paprika api and worker processes;\n"+
			"see docs/performance.md, section Product path.\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := o.check(); err != nil {
		log.Fatal(err)
	}
	if o.profile != "" {
		// Made now, not found missing after a run's profiles were taken.
		if err := os.MkdirAll(o.profile, 0o755); err != nil {
			log.Fatal(err)
		}
	}
	benchkit.Run(func(ctx context.Context) error { return run(ctx, &o) })
}

func (o *options) check() error {
	switch {
	case o.workers < 1 || o.slots < 1 || o.slots > 256:
		return fmt.Errorf("-workers must be at least 1 and -slots 1–256")
	case o.cold && o.overlap:
		return fmt.Errorf("-cold and -overlap are two ways to start the workers: choose one")
	case !validAhead(o.claimAhead):
		return fmt.Errorf("-claim-ahead must be auto or 0–1024")
	case o.tenants < 2 || o.priority < 1 || o.priority >= o.tenants:
		return fmt.Errorf("-tenants must be at least 2 and -priority between 1 and -tenants-1, so both tiers have tenants")
	case o.batches < 1:
		return fmt.Errorf("-batches must be at least 1")
	case o.records < o.batches*(o.tenants+3*o.priority):
		return fmt.Errorf("-records %d: too few for %d batches per tenant", o.records, o.batches)
	case o.format != "html" && o.format != "pdf" && o.format != "png":
		return fmt.Errorf("-format is html, pdf or png")
	case o.repeat < 1:
		return fmt.Errorf("-repeat must be at least 1")
	}
	return nil
}

func run(ctx context.Context, o *options) error {
	env, err := setup(ctx, o)
	if err != nil {
		return err
	}
	defer env.close()
	rep := &report{Command: commandLine(), Machine: env.machine, PostgreSQL: env.pgVersion, Code: env.code,
		Settings: settingsOf(o)}
	n := 0
	for i := 1; i <= o.repeat; i++ {
		// In turn, so that each binary sees the same load, and every other
		// round in reverse (A B, B A, A B, …): the first run of a bench pays
		// for the disk's recent deletes on a journal-less ext4 (see keep),
		// and the machine's speed drifts, so neither may always go first.
		bins := slices.Clone(env.bins)
		if i%2 == 0 {
			slices.Reverse(bins)
		}
		for _, bin := range bins {
			n++
			r, err := runOnce(ctx, env, o, n, bin)
			if err != nil {
				return fmt.Errorf("run %d: %w", n, err)
			}
			rep.Runs = append(rep.Runs, r)
			if !o.json {
				r.print(os.Stdout)
			}
		}
	}
	if o.json {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.printSummary(os.Stdout)
	return nil
}

func validAhead(v string) bool {
	if v == "" || v == "auto" {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n >= 0 && n <= 1024
}
