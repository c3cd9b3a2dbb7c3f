package api

import (
	"net/http"

	"github.com/paprikahq/paprika/internal/wire"
)

func (s *Server) getWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	ws, err := s.store.WebhookSecrets(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewWebhookSecret(ws))
	return nil
}

// rotateWebhookSecret gives the tenant a new secret; the one it replaces
// signs beside it for 24 h, so receivers can move to the new one.
func (s *Server) rotateWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	ws, err := s.store.RotateWebhookSecret(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	s.log.InfoContext(r.Context(), "webhook secret rotated", "tenant", r.PathValue("id"))
	writeJSON(w, http.StatusOK, wire.NewWebhookSecret(ws))
	return nil
}

func (s *Server) deliveries(w http.ResponseWriter, r *http.Request, what string) error {
	id, err := pathID(r, what)
	if err != nil {
		return err
	}
	ev, attempts, err := s.store.Deliveries(r.Context(), principal(r).Tenant.ID, what, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewDeliveries(ev, attempts))
	return nil
}

func (s *Server) jobDeliveries(w http.ResponseWriter, r *http.Request) error {
	return s.deliveries(w, r, "job")
}

func (s *Server) batchDeliveries(w http.ResponseWriter, r *http.Request) error {
	return s.deliveries(w, r, "batch")
}
