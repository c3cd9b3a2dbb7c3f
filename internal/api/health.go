package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// readiness is /readyz's answer when this process renders.
type readiness struct {
	Status            string `json:"status"`
	ChromiumSandboxed bool   `json:"chromiumSandboxed"`
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

// readyz answers 200 when the database answers (and, once the API renders,
// Chromium is up).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.WarnContext(ctx, "not ready: PostgreSQL", "err", err)
		return &paprika.Error{Code: paprika.CodeUnavailable, Message: "Not ready: the database does not answer", RetryAfter: unavailableRetryAfter}
	}
	if s.engine == nil {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
		return nil
	}
	if err := s.engine.Ready(ctx); err != nil {
		s.log.WarnContext(ctx, "not ready: Chromium", "err", err)
		msg := "Not ready: Chromium does not start"
		if errors.Is(err, render.ErrSandbox) {
			msg = "Not ready: Chromium's sandbox cannot run here (the log says why)"
		}
		return &paprika.Error{Code: paprika.CodeBusy, Message: msg, RetryAfter: 5}
	}
	writeJSON(w, http.StatusOK, readiness{Status: "ready", ChromiumSandboxed: s.engine.Sandboxed()})
	return nil
}

// metrics serves the Prometheus metrics: the runtime's and every tier's
// measures.
func (s *Server) metrics(w http.ResponseWriter, r *http.Request) error {
	if s.prom == nil {
		return &paprika.Error{Code: paprika.CodeBusy, Message: "Not ready: no database", RetryAfter: 1}
	}
	s.prom.ServeHTTP(w, r)
	return nil
}
