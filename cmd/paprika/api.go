package main

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/storage"
)

func runAPI(ctx context.Context, getenv func(string) string, log *slog.Logger, onListen listenFunc) error {
	cfg, err := config.Load(config.RoleAPI, getenv)
	if err != nil {
		return err
	}
	pool, err := openDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer pool.Close()
	return serveAPI(ctx, cfg, pool, newMetrics(cfg, pool), log, onListen)
}

// newMetrics returns a process's metrics, with its database pool's.
func newMetrics(cfg *config.Config, pool *pgxpool.Pool) *metrics.Metrics {
	m := metrics.New(cfg.Tiers)
	m.MustRegister(metrics.NewPoolCollector(pool))
	return m
}

// serveAPI serves the API on cfg.Port until ctx ends (api, and dev mode
// beside its worker on the same pool).
func serveAPI(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, m *metrics.Metrics, log *slog.Logger, onListen listenFunc) error {
	outputs, err := storage.New(ctx, cfg.Storage)
	if err != nil {
		return err
	}
	defer outputs.Close()
	srv := api.New(cfg, &postgres.Store{Pool: pool}, log, api.WithOutputs(outputs), api.WithMetrics(m))
	defer srv.Close()
	return serve(ctx, cfg.Port, srv.Handler(), log, onListen)
}
