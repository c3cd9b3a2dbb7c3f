package main

import (
	"context"
	"errors"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render/chromium"
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
	return serveAPI(ctx, cfg, pool, log, onListen)
}

// serveAPI serves the API on cfg.Port until ctx ends (api, and dev mode
// beside its worker on the same pool).
func serveAPI(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, log *slog.Logger, onListen listenFunc) error {
	srv := api.New(cfg, &postgres.Store{Pool: pool}, log)
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
	err := serve(ctx, cfg.Port, srv.Handler(), log, onListen)
	cancel(nil)
	<-checked
	if cause := context.Cause(ctx); errors.Is(cause, chromium.ErrSandbox) {
		return cause
	}
	return err
}
