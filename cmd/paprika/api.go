package main

import (
	"context"
	"log/slog"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
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
	srv := api.New(cfg, &postgres.Store{Pool: pool}, log)
	defer srv.Close()
	if err := srv.CheckSandbox(ctx); err != nil {
		return err
	}
	return serve(ctx, cfg.Port, srv.Handler(), log, onListen)
}
