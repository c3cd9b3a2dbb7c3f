package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/console"
	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/storage"
)

func runAPI(ctx context.Context, getenv func(string) string, log *slog.Logger, onListen listenFunc) error {
	cfg, pool, err := loadAndOpen(ctx, config.RoleAPI, getenv, log)
	if err != nil {
		return err
	}
	defer pool.Close()
	return serveAPI(ctx, cfg, pool, newMetrics(cfg, pool), nil, log, onListen)
}

// newMetrics returns a process's metrics, with its database pool's.
func newMetrics(cfg *config.Config, pool *pgxpool.Pool) *metrics.Metrics {
	m := metrics.New(cfg.Tiers)
	m.MustRegister(metrics.NewPoolCollector(pool))
	return m
}

// serveAPI serves the API on cfg.Port until ctx ends (api, and dev mode
// beside its worker on the same pool and the same engine, whose render
// slots the two share; engine nil: the api makes its own).
func serveAPI(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, m *metrics.Metrics, engine *render.Engine, log *slog.Logger, onListen listenFunc) error {
	outputs, err := storage.New(ctx, cfg.Storage)
	if err != nil {
		return err
	}
	defer outputs.Close()
	opts := []api.Option{api.WithOutputs(outputs), api.WithMetrics(m)}
	if engine != nil {
		opts = append(opts, api.WithEngine(engine))
	}
	srv := api.New(cfg, &postgres.Store{Pool: pool}, log, opts...)
	defer srv.Close()
	// Chromium starts while the API starts listening; if its sandbox cannot
	// run, the API stops again with why. Renders that came meanwhile wait
	// for that same start and fail.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	checked := make(chan struct{})
	go func() {
		defer close(checked)
		if err := srv.CheckSandbox(ctx); err != nil {
			cancel(err)
		}
	}()
	err = serve(ctx, cfg.Host, cfg.Port, withConsole(cfg, pool, srv, log), log, onListen)
	cancel(nil)
	<-checked
	if cause := context.Cause(ctx); errors.Is(cause, render.ErrSandbox) {
		return cause
	}
	return err
}

// withConsole serves the web console at /console/ beside the API, calling
// the API's handler in-process for its sessions.
func withConsole(cfg *config.Config, pool *pgxpool.Pool, srv *api.Server, log *slog.Logger) http.Handler {
	h := srv.Handler()
	tiers := make([]console.Tier, len(cfg.Tiers))
	for i, t := range cfg.Tiers {
		tiers[i] = console.Tier{Key: t.Key, Name: t.Name}
	}
	return console.New(console.Config{Sessions: &postgres.Store{Pool: pool}, API: h, Identify: srv.Identify, Tiers: tiers,
		MaxRequestBytes: cfg.MaxRequestBytes, Bodies: srv.Bodies(), Logger: log}).Mount(h)
}
