package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"log/slog"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/worker"
)

// countingNoop renders nothing, at once, and counts.
type countingNoop struct{ n *atomic.Int64 }

var noopBody = []byte("<p>ok</p>")

func (c countingNoop) Render(ctx context.Context, in render.Input) (*render.Output, error) {
	c.n.Add(1)
	return &render.Output{Body: noopBody, ContentType: "text/html; charset=utf-8", Pages: 1}, nil
}

// The big tenant's flood is batches of this many records, as an importer
// would send it.
const floodBatch = 5000

// runPaprika fills Paprika's queue with the flood (the big tenant's
// batches, through postgres.Store.CreateBatch as the api does), runs
// -workers worker.Workers of -slots slots with a no-op renderer, lets the
// small tenants submit jobs through postgres.Store.CreateJob while it
// drains, and reads the waits from the jobs table: started_at − created_at.
func runPaprika(ctx context.Context, db *server, o *options, outputs string) (*result, error) {
	r := &result{system: "Paprika", setup: fmt.Sprintf("%d × %d slots", o.workers, o.slots), flood: o.flood}
	url, err := db.freshDB(ctx, "paprika_bench")
	if err != nil {
		return nil, err
	}
	if err := postgres.Migrate(ctx, url, nil); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	pool, err := postgres.Open(ctx, url, 8)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	store := &postgres.Store{Pool: pool}
	small := smallTenants(o.small)
	for _, t := range append([]string{bigTenant}, small...) {
		if _, err := store.CreateTenant(ctx, paprika.Tenant{ID: t, Name: "Tenant " + t, RetentionDays: 30}); err != nil {
			return nil, fmt.Errorf("tenant %s: %w", t, err)
		}
	}
	log.Printf("Paprika: queueing the flood, %d records in batches of %d", o.flood, floodBatch)
	start := time.Now()
	if err := fillFlood(ctx, store, o.flood); err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, "VACUUM (ANALYZE)"); err != nil {
		return nil, err
	}
	r.fillFor = time.Since(start)
	log.Printf("Paprika: flood queued in %s; starting %d workers", r.fillFor.Round(time.Second), o.workers)

	tiers, err := config.ParseTiers("")
	if err != nil {
		return nil, err
	}
	var worked atomic.Int64
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	wctx, stopWorkers := context.WithCancel(ctx)
	g := &errgroup.Group{}
	for i := range o.workers {
		// Each worker has a pool as `paprika worker` opens it.
		wp, err := postgres.Open(ctx, url, int32(o.slots*2+8))
		if err != nil {
			stopWorkers()
			return nil, err
		}
		defer wp.Close()
		w := worker.New(postgres.NewQueue(wp), worker.Config{
			Policy:   scheduler.Policy{Tiers: tiers, WorkerTiers: tiers.Names()},
			Slots:    o.slots,
			Ahead:    o.slots, // a full set claimed ahead, as PAPRIKA_CLAIM_AHEAD=auto does for short renders
			Renderer: countingNoop{&worked},
			Outputs:  &storage.Files{Dir: fmt.Sprintf("%s/w%d", outputs, i)},
			Logger:   logger,
			Grace:    5 * time.Second,
		})
		g.Go(func() error { return w.Run(wctx) })
	}
	defer func() {
		stopWorkers()
		if err := g.Wait(); err != nil {
			log.Printf("Paprika: worker: %v", err)
		}
	}()
	if err := benchkit.Sleep(ctx, o.warmup); err != nil {
		return nil, err
	}

	r.load[0] = benchkit.LoadAvg()
	r.windowStart = time.Now()
	w0 := worked.Load()
	sctx, cancel := context.WithTimeout(ctx, o.duration)
	r.submitted, err = submitSmall(sctx, small, o.every, func(ctx context.Context, t string, n int) error {
		return store.CreateJob(ctx, &paprika.Job{TenantID: t, KeyID: "key_small",
			Source: paprika.Source{Template: "<p>{{i}}</p>", Format: "html", Options: json.RawMessage(`{}`)},
			Data:   json.RawMessage(`{"i":` + strconv.Itoa(n) + `}`)})
	})
	cancel()
	if err != nil {
		return nil, err
	}
	r.windowEnd = time.Now()
	r.worked = worked.Load() - w0
	r.rate = float64(r.worked) / r.windowEnd.Sub(r.windowStart).Seconds()
	r.load[1] = benchkit.LoadAvg()
	if err := pool.QueryRow(ctx, `SELECT coalesce(sum(queued_records), 0) FROM lanes WHERE tenant_id = $1`, bigTenant).Scan(&r.floodLeft); err != nil {
		return nil, err
	}
	log.Printf("Paprika: window closed, %.0f jobs/s; waiting up to %s for the small tenants' last jobs", r.rate, o.drain)
	_, err = waitFor(ctx, o.drain, func(ctx context.Context) (bool, error) {
		var n int
		err := pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE tenant_id = ANY($1) AND started_at IS NULL`, small).Scan(&n)
		return n == 0, err
	})
	if err != nil {
		return nil, err
	}
	r.drainedIn = time.Since(r.windowEnd)
	if err := r.readWaits(ctx, pool, `SELECT created_at, started_at FROM jobs WHERE tenant_id = ANY($1)`, small, "the jobs table"); err != nil {
		return nil, err
	}
	return r, nil
}

// fillFlood queues n records of the big tenant, four batches at a time.
func fillFlood(ctx context.Context, store *postgres.Store, n int) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for first := 0; first < n; first += floodBatch {
		g.Go(func() error {
			recs := make([]json.RawMessage, min(floodBatch, n-first))
			for k := range recs {
				recs[k] = json.RawMessage(`{"i":` + strconv.Itoa(first+k+1) + `}`)
			}
			b := &paprika.Batch{TenantID: bigTenant, KeyID: "key_big",
				Source: paprika.Source{Template: "<p>{{i}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
			return store.CreateBatch(gctx, b, recs)
		})
	}
	return g.Wait()
}
