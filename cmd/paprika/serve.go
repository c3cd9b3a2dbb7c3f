package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
)

// listenFunc, when given, is told the address a server listens on (tests
// start commands on :0).
type listenFunc func(net.Addr)

// serverTimeouts are the connection limits of every server the process
// runs (api.DefaultTimeouts). Only a test that runs alone (not parallel)
// shortens them, and puts them back.
var serverTimeouts = api.DefaultTimeouts()

// serve runs h on PAPRIKA_HOST and PORT until ctx ends, then shuts down
// within 10 s. host "" is every interface.
func serve(ctx context.Context, host string, port int, h http.Handler, log *slog.Logger, onListen listenFunc) error {
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return err
	}
	if onListen != nil {
		onListen(ln.Addr())
	}
	srv := api.NewHTTPServer(h, serverTimeouts, slog.NewLogLogger(log.Handler(), slog.LevelWarn))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	log.InfoContext(ctx, "listening", "addr", ln.Addr().String())
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// loadAndOpen reads role's configuration and opens its database: what api
// and worker start with (dev mode makes its own database first).
func loadAndOpen(ctx context.Context, role config.Role, getenv func(string) string, log *slog.Logger) (*config.Config, *pgxpool.Pool, error) {
	cfg, err := config.Load(role, getenv)
	if err != nil {
		return nil, nil, err
	}
	pool, err := openDatabase(ctx, cfg, log)
	return cfg, pool, err
}

// openDatabase applies the migrations (under the advisory lock) and opens
// the pool.
func openDatabase(ctx context.Context, cfg *config.Config, log *slog.Logger) (*pgxpool.Pool, error) {
	if err := postgres.Migrate(ctx, cfg.DatabaseURL, log); err != nil {
		return nil, err
	}
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, int32(cfg.Workers*2+8))
	if err != nil {
		return nil, err
	}
	if err := checkSecretKey(ctx, cfg, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

func runMigrate(ctx context.Context, getenv func(string) string, log *slog.Logger) error {
	cfg, err := config.Load(config.RoleMigrate, getenv)
	if err != nil {
		return err
	}
	return postgres.Migrate(ctx, cfg.DatabaseURL, log)
}
