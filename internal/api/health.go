package api

import (
	"context"
	"net/http"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

// readyz answers 200 when the database answers (and, once the API renders,
// Chromium is up).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Pool.Ping(ctx); err != nil {
		return &paprika.Error{Code: paprika.CodeBusy, Message: "Not ready: the database does not answer", RetryAfter: 1}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	return nil
}
