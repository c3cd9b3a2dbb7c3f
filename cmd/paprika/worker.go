package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/paprikahq/paprika/internal/config"
)

func runWorker(ctx context.Context, getenv func(string) string, log *slog.Logger, onListen listenFunc) error {
	cfg, err := config.Load(config.RoleWorker, getenv)
	if err != nil {
		return err
	}
	pool, err := openDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer pool.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if err := pool.Ping(r.Context()); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"status":"database unreachable"}` + "\n"))
			return
		}
		_, _ = w.Write([]byte(`{"status":"ready"}` + "\n"))
	})
	mux.Handle("GET /metrics", promhttp.Handler())
	log.InfoContext(ctx, "worker started", "tiers", cfg.WorkerTiers, "slots", cfg.Workers)
	return serve(ctx, cfg.Port, mux, log, onListen)
}
