package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/webhook"
	"github.com/paprikahq/paprika/internal/worker"
)

func runWorker(ctx context.Context, getenv func(string) string, log *slog.Logger, onListen listenFunc) error {
	cfg, pool, err := loadAndOpen(ctx, config.RoleWorker, getenv, log)
	if err != nil {
		return err
	}
	defer pool.Close()
	if worker.SetGC(getenv) {
		log.Debug("garbage collector target set for a worker", "gogc", worker.GCPercent)
	}
	m := newMetrics(cfg, pool)
	engine := newEngine(cfg, m, log)
	defer engine.Close()
	return workerMain(ctx, cfg, pool, m, engine, log, onListen, true)
}

// newEngine is the process's render engine, with its PAPRIKA_WORKERS render
// slots: the one limit of its renders, which its worker and (in dev mode)
// its api both take.
func newEngine(cfg *config.Config, m *metrics.Metrics, log *slog.Logger) *render.Engine {
	return render.New(render.Config{Chromium: cfg.Chromium, Slots: cfg.Workers, Timeout: cfg.RenderTimeout,
		AllowHosts: cfg.AllowHosts, Logger: log, NoSandbox: cfg.ChromiumNoSandbox, Metrics: m, PageMemory: cfg.RenderMaxMemory})
}

// workerMain runs the worker on pool, rendering on engine (the caller
// closes it); serveHTTP false runs it without its own port (dev mode, where
// the API's port answers for the process and the api shares the
// configuration, the pool, the metrics, which the api serves, and the
// engine with its render slots).
func workerMain(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, m *metrics.Metrics, engine *render.Engine, log *slog.Logger, onListen listenFunc, serveHTTP bool) error {
	outputs, err := storage.New(ctx, cfg.Storage)
	if err != nil {
		return err
	}
	defer outputs.Close()
	if err := engine.CheckSandbox(ctx); err != nil {
		return err
	}
	worker := worker.New(postgres.NewQueue(pool), worker.Config{
		Policy:   scheduler.Policy{Tiers: cfg.Tiers, WorkerTiers: cfg.WorkerTiers, Lease: cfg.Lease},
		Slots:    cfg.Workers,
		Ahead:    cfg.ClaimAhead,
		Renderer: engine,
		Outputs:  outputs,
		Logger:   log,
		Metrics:  m,
		Secret:   cfg.SecretKey,

		RenderSlots: engine.Slots(), // in dev mode the api's too
	})

	// Webhooks go out from goroutines of their own, never a render slot,
	// over a small pool of their own, never the claimers' connections.
	hookPool, err := postgres.Open(ctx, cfg.DatabaseURL, 4)
	if err != nil {
		return err
	}
	defer hookPool.Close()
	store := &postgres.Store{Pool: hookPool}
	deliverer := webhook.New(store, webhook.Config{
		Data:       webhook.Payloads(store, cfg.Tiers),
		AllowHosts: cfg.WebhookAllowHosts,
		Logger:     log,
	})
	deliverDone := make(chan struct{})
	go func() { defer close(deliverDone); _ = deliverer.Run(ctx) }()
	defer func() { <-deliverDone }() // before the pool closes

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
		defer cancel()
		if err := pool.Ping(ctx); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"status":"database unreachable"}` + "\n"))
			return
		}
		if err := engine.Ready(ctx); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"status":"chromium unavailable"}` + "\n"))
			return
		}
		_, _ = fmt.Fprintf(w, `{"status":"ready","chromiumSandboxed":%t}`+"\n", engine.Sandboxed())
	})
	m.MustRegister(deliverer.Metrics(), worker.OutputStoreGauge())
	if serveHTTP { // in dev mode the api adds the queue's gauges and its sandbox gauge, and serves /metrics
		m.MustRegister(scheduler.QueueCollector(store, cfg.Tiers), engine.SandboxGauge())
	}
	mux.Handle("GET /metrics", m.Handler())

	log.InfoContext(ctx, "worker started", "tiers", cfg.WorkerTiers, "slots", cfg.Workers, "claimAhead", worker.ClaimAhead())
	sweeper := &storage.Sweeper{Store: &postgres.Store{Pool: pool}, Outputs: outputs, Logger: log}
	sweepDone := make(chan struct{})
	go func() { defer close(sweepDone); sweeper.Run(ctx, 10*time.Minute) }()
	defer func() { <-sweepDone }() // before the pool closes
	if !serveHTTP {
		return worker.Run(ctx)
	}
	workerDone := make(chan error, 1)
	go func() { workerDone <- worker.Run(ctx) }()
	err = serve(ctx, cfg.Host, cfg.Port, mux, log, onListen)
	if werr := <-workerDone; err == nil {
		err = werr
	}
	return err
}
