package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/paprikahq/paprika/internal/config"
)

// The middleware every request goes through (request id, the request's log
// line, its metrics), around a handler that writes a small answer. The
// server's Chromium engine is never started. docs/performance.md has the
// figures before and after the metrics' hook.
func BenchmarkObserve(b *testing.B) {
	cfg := &config.Config{Tiers: config.DefaultTiers(), Workers: 1, DataDir: b.TempDir()}
	s := New(cfg, nil, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	b.Cleanup(func() { _ = s.Close() })
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/jobs/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"x"}`))
	})
	h := s.observe(mux)
	req := httptest.NewRequest(http.MethodGet, "/v1/jobs/01a230e4-8378-7a8e-95c4-7813985a13ef", nil)
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
}
