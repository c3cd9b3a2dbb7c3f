// Package api is Paprika's HTTP API: the admin API for tenants, keys and the
// scheduler's measures, and the tenant API for renders, jobs, batches,
// templates and outputs. Every error goes through one writer.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
)

// Server holds the handlers' dependencies.
type Server struct {
	cfg   *config.Config
	store *postgres.Store
	log   *slog.Logger
}

// New returns the API server.
func New(cfg *config.Config, store *postgres.Store, log *slog.Logger) *Server {
	return &Server{cfg: cfg, store: store, log: log}
}

// handler is an HTTP handler that returns its error for the one writer.
type handler func(http.ResponseWriter, *http.Request) error

func withPrincipal(ctx context.Context, p *postgres.Principal) context.Context {
	return context.WithValue(ctx, principalKey, p)
}

// Handler returns every route on one mux (all routes are in this function).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	route := func(pattern string, h handler) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				s.writeError(w, r, err)
			}
		})
	}

	route("GET /healthz", s.healthz)
	route("GET /readyz", s.readyz)

	route("POST /v1/admin/tenants", s.admin(s.createTenant))
	route("GET /v1/admin/tenants", s.admin(s.listTenants))
	route("GET /v1/admin/tenants/{id}", s.admin(s.getTenant))
	route("PATCH /v1/admin/tenants/{id}", s.admin(s.patchTenant))
	route("DELETE /v1/admin/tenants/{id}", s.admin(s.deleteTenant))
	route("POST /v1/admin/tenants/{id}/keys", s.admin(s.createKey))
	route("GET /v1/admin/tenants/{id}/keys", s.admin(s.listKeys))
	route("DELETE /v1/admin/tenants/{id}/keys/{keyId}", s.admin(s.revokeKey))

	route("/", s.notFound)
	return s.observe(mux)
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) error {
	return notFoundRoute(r)
}
