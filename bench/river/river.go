package main

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// noopArgs is every River job of the bench, the flood's and the small
// tenants' alike: one kind, one queue, so River runs them first in, first out.
type noopArgs struct {
	Tenant string `json:"tenant"`
	N      int    `json:"n"`
}

func (noopArgs) Kind() string { return "noop" }

// noopWorker does nothing, and counts.
type noopWorker struct {
	river.WorkerDefaults[noopArgs]
	worked, small *atomic.Int64
}

func (w *noopWorker) Work(ctx context.Context, job *river.Job[noopArgs]) error {
	w.worked.Add(1)
	if job.Args.Tenant != bigTenant {
		w.small.Add(1)
	}
	return nil
}

// runRiver fills River's queue with the flood (InsertManyFast, which is
// COPY), starts one client with workers×slots MaxWorkers, lets the small
// tenants insert jobs of the same kind while it drains, and reads the waits
// from river_job: attempted_at − created_at.
func runRiver(ctx context.Context, db *server, o *options) (*result, error) {
	maxWorkers := o.workers * o.slots
	r := &result{system: "River " + riverVersion, setup: fmt.Sprintf("1 client, MaxWorkers %d, FetchCooldown %s", maxWorkers, o.riverCooldown), flood: o.flood}
	pool, err := riverDatabase(ctx, db, "river_bench", int32(maxWorkers+8))
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	driver := riverpgxv5.New(pool)

	var worked, small atomic.Int64
	workers := river.NewWorkers()
	river.AddWorker(workers, &noopWorker{worked: &worked, small: &small})
	client, err := river.NewClient(driver, &river.Config{
		Queues:        map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: maxWorkers}},
		Workers:       workers,
		FetchCooldown: o.riverCooldown,
		Logger:        slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		return nil, err
	}

	log.Printf("River: inserting the flood, %d jobs", o.flood)
	start := time.Now()
	if err := queueNoops(ctx, client, pool, o.flood); err != nil {
		return nil, fmt.Errorf("insert the flood: %w", err)
	}
	r.fillFor = time.Since(start)
	log.Printf("River: flood queued in %s; starting the client", r.fillFor.Round(time.Second))

	stopClient, err := startClient(ctx, client)
	if err != nil {
		return nil, err
	}
	defer stopClient()
	if err := benchkit.Sleep(ctx, o.warmup); err != nil {
		return nil, err
	}

	r.load[0] = benchkit.LoadAvg()
	r.windowStart = time.Now()
	w0 := worked.Load()
	wctx, cancel := context.WithTimeout(ctx, o.duration)
	r.submitted, err = submitSmall(wctx, smallTenants(o.small), o.every, func(ctx context.Context, t string, n int) error {
		_, err := client.Insert(ctx, noopArgs{Tenant: t, N: n}, nil)
		return err
	})
	cancel()
	if err != nil {
		return nil, err
	}
	r.windowEnd = time.Now()
	r.worked = worked.Load() - w0
	r.rate = float64(r.worked) / r.windowEnd.Sub(r.windowStart).Seconds()
	r.load[1] = benchkit.LoadAvg()
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state = 'available'`).Scan(&r.floodLeft); err != nil {
		return nil, err
	}
	r.floodLeft -= int64(r.submitted) - small.Load() // the small jobs among them
	log.Printf("River: window closed, %.0f jobs/s; waiting up to %s for the small tenants' last jobs", r.rate, o.drain)

	_, err = waitFor(ctx, o.drain, func(context.Context) (bool, error) { return small.Load() >= int64(r.submitted), nil })
	if err != nil {
		return nil, err
	}
	r.drainedIn = time.Since(r.windowEnd)
	if err := r.readWaits(ctx, pool, `SELECT created_at, attempted_at FROM river_job WHERE args->>'tenant' <> $1`, bigTenant, "river_job"); err != nil {
		return nil, err
	}
	return r, nil
}

// riverDatabase makes database name afresh, opens a pool of maxConns on it
// (0: pgxpool's default) and migrates River's schema into it.
func riverDatabase(ctx context.Context, db *server, name string, maxConns int32) (*pgxpool.Pool, error) {
	url, err := db.freshDB(ctx, name)
	if err != nil {
		return nil, err
	}
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	if maxConns > 0 {
		pcfg.MaxConns = maxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, err
	}
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err == nil {
		_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	}
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return pool, nil
}

// queueNoops queues n of the big tenant's no-op jobs (InsertManyFast, which
// is COPY) and analyzes the table.
func queueNoops(ctx context.Context, client *river.Client[pgx.Tx], pool *pgxpool.Pool, n int) error {
	const chunk = 10_000
	params := make([]river.InsertManyParams, 0, chunk)
	for i := 0; i < n; i += chunk {
		params = params[:0]
		for k := i; k < min(i+chunk, n); k++ {
			params = append(params, river.InsertManyParams{Args: noopArgs{Tenant: bigTenant, N: k + 1}})
		}
		if _, err := client.InsertManyFast(ctx, params); err != nil {
			return err
		}
	}
	_, err := pool.Exec(ctx, "VACUUM (ANALYZE) river_job")
	return err
}

// startClient starts a River client and returns what stops it, with 30 s
// for its jobs in flight, after the caller's context has ended too.
func startClient(ctx context.Context, client *river.Client[pgx.Tx]) (stop func(), err error) {
	if err := client.Start(ctx); err != nil {
		return nil, err
	}
	return func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := client.Stop(sctx); err != nil {
			log.Printf("River: stop: %v", err)
		}
	}, nil
}
