package main

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// The settings of River's own benchmark (`river bench`, cmd/river/riverbench
// in River's repository), which the scale figure of about 33,000 jobs/s
// (docs/performance-log.md, "Before the claim was built") came from: one
// client, MaxWorkers 2,000, FetchCooldown 2 ms, FetchPollInterval 20 ms, the
// pool pgxpool gives a URL by default. The burn-down measures from the client's
// start to the last job completed, as River's does.
const (
	burnMaxWorkers    = 2000
	burnFetchCooldown = 2 * time.Millisecond
	burnFetchPoll     = 20 * time.Millisecond
)

// burnResult is one burn-down.
type burnResult struct {
	jobs           int64
	took           time.Duration
	cpuSelf, cpuPG float64 // CPU seconds of this process (River's client) and of PostgreSQL
	load           [2]string
}

func (b burnResult) rate() float64 { return float64(b.jobs) / b.took.Seconds() }

func (b burnResult) String() string {
	n := float64(b.jobs)
	return fmt.Sprintf("River %s burn-down: %d jobs in %.1f s, %.0f jobs/s; CPU µs/job: client %.0f, PostgreSQL %.0f; load %s → %s",
		riverVersion, b.jobs, b.took.Seconds(), b.rate(), b.cpuSelf/n*1e6, b.cpuPG/n*1e6, b.load[0], b.load[1])
}

// runBurndown queues n no-op jobs in a fresh database and lets one River
// client work them all: River's throughput on this machine, now, as the scale
// against which bench/scheduler's items/s are read (docs/performance.md).
func runBurndown(ctx context.Context, db *server, n int) (burnResult, error) {
	var r burnResult
	pool, err := riverDatabase(ctx, db, "river_burndown", 0)
	if err != nil {
		return r, err
	}
	defer pool.Close()
	driver := riverpgxv5.New(pool)
	var worked atomic.Int64
	workers := river.NewWorkers()
	river.AddWorker(workers, &noopWorker{worked: &worked, small: new(atomic.Int64)})
	client, err := river.NewClient(driver, &river.Config{
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: burnMaxWorkers}},
		Workers:           workers,
		FetchCooldown:     burnFetchCooldown,
		FetchPollInterval: burnFetchPoll,
		Logger:            slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		return r, err
	}
	if err := queueNoops(ctx, client, pool, n); err != nil {
		return r, fmt.Errorf("insert: %w", err)
	}

	r.load[0] = benchkit.LoadAvg()
	self0, _ := benchkit.ProcCPU(os.Getpid())
	pg0 := benchkit.ServerCPU(db.srv.PID())
	start := time.Now()
	stopClient, err := startClient(ctx, client)
	if err != nil {
		return r, err
	}
	defer stopClient()
	// Poll cheaply on the workers' count, then on River's table: a job is
	// done when River's completer has written it, as River's benchmark
	// counts them (a count of the table every few ms from the start would
	// cost PostgreSQL more than the jobs).
	const limit = 10 * time.Minute
	ok, err := pollUntil(ctx, limit, 2*time.Millisecond, func(context.Context) (bool, error) {
		return worked.Load() >= int64(n), nil
	})
	if err == nil && !ok {
		err = fmt.Errorf("burn-down: %d of %d jobs worked after %s", worked.Load(), n, limit)
	}
	if err != nil {
		return r, err
	}
	var completed int64
	ok, err = pollUntil(ctx, limit, 5*time.Millisecond, func(ctx context.Context) (bool, error) {
		err := pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE state = 'completed'").Scan(&completed)
		return completed >= int64(n), err
	})
	if err == nil && !ok {
		err = fmt.Errorf("burn-down: %d of %d jobs completed after %s", completed, n, limit)
	}
	if err != nil {
		return r, err
	}
	r.took = time.Since(start)
	self1, _ := benchkit.ProcCPU(os.Getpid())
	r.cpuSelf, r.cpuPG = self1-self0, benchkit.ServerCPU(db.srv.PID())-pg0
	r.jobs = int64(n)
	r.load[1] = benchkit.LoadAvg()
	return r, nil
}

// burndown is the -burndown run: one burn-down on a private PostgreSQL.
func burndown(ctx context.Context, o *options) error {
	db, err := startServer(ctx, o.keep)
	if err != nil {
		return err
	}
	defer db.close()
	log.Printf("PostgreSQL %s; %s; load average %s", db.version, benchkit.MachineInfo(), benchkit.LoadAvg())
	r, err := runBurndown(ctx, db, o.burndown)
	if err != nil {
		return err
	}
	fmt.Println(r)
	return nil
}
