package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/webhook"
)

// WebhookSecretJSON is a tenant's webhook signing secret and the replaced
// ones still signing (docs/webhooks.md).
type WebhookSecretJSON struct {
	Secret    string                 `json:"secret"`
	RotatedAt *string                `json:"rotatedAt"`
	Previous  []OldWebhookSecretJSON `json:"previous"`
}

// OldWebhookSecretJSON is a replaced secret that signs until ExpiresAt.
type OldWebhookSecretJSON struct {
	Secret    string `json:"secret"`
	ExpiresAt string `json:"expiresAt"`
}

func toWebhookSecretJSON(ws *paprika.WebhookSecrets) WebhookSecretJSON {
	out := WebhookSecretJSON{Secret: ws.Secret, RotatedAt: tsPtr(ws.RotatedAt), Previous: []OldWebhookSecretJSON{}}
	for _, o := range ws.Previous {
		out.Previous = append(out.Previous, OldWebhookSecretJSON{Secret: o.Secret, ExpiresAt: ts(o.ExpiresAt)})
	}
	return out
}

func (s *Server) getWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	ws, err := s.store.WebhookSecrets(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toWebhookSecretJSON(ws))
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
	writeJSON(w, http.StatusOK, toWebhookSecretJSON(ws))
	return nil
}

// DeliveriesJSON is the answer of /v1/jobs/{id}/deliveries and
// /v1/batches/{id}/deliveries: the event (nil without a webhookUrl) and its attempts.
type DeliveriesJSON struct {
	Event    *WebhookEventJSON `json:"event"`
	Attempts []AttemptJSON     `json:"attempts"`
}

// WebhookEventJSON is a job's or batch's webhook event.
type WebhookEventJSON struct {
	ID            string          `json:"id"`
	Type          string          `json:"type"`
	URL           string          `json:"url"`
	Status        string          `json:"status"`
	CreatedAt     string          `json:"createdAt"`
	Attempts      int             `json:"attempts"`
	NextAttemptAt *string         `json:"nextAttemptAt"`
	FinishedAt    *string         `json:"finishedAt"`
	Payload       json.RawMessage `json:"payload"`
}

// AttemptJSON is one delivery attempt of a webhook event.
type AttemptJSON struct {
	Attempt    int     `json:"attempt"`
	At         string  `json:"at"`
	Status     *int    `json:"status"`
	DurationMs int     `json:"durationMs"`
	Error      *string `json:"error"`
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
	out := DeliveriesJSON{Attempts: []AttemptJSON{}}
	if ev != nil {
		out.Event = &WebhookEventJSON{
			ID: ev.ID, Type: ev.Type, URL: ev.URL, Status: ev.Status, CreatedAt: ts(ev.CreatedAt),
			Attempts: ev.Attempts, NextAttemptAt: tsPtr(ev.NextAt), FinishedAt: tsPtr(ev.FinishedAt),
			Payload: nullable(ev.Body),
		}
	}
	for _, a := range attempts {
		aj := AttemptJSON{Attempt: a.Attempt, At: ts(a.At), DurationMs: a.DurationMs}
		if a.Status != 0 {
			aj.Status = &a.Status
		}
		if a.Error != "" {
			aj.Error = &a.Error
		}
		out.Attempts = append(out.Attempts, aj)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) jobDeliveries(w http.ResponseWriter, r *http.Request) error {
	return s.deliveries(w, r, "job")
}

func (s *Server) batchDeliveries(w http.ResponseWriter, r *http.Request) error {
	return s.deliveries(w, r, "batch")
}

// WebhookData is the deliverer's webhook.DataFunc: the job or batch JSON
// this API answers for GET /v1/jobs/{id} or /v1/batches/{id}, made from the
// row when the event is first attempted (by a Server holding only what the
// JSON needs: the tiers; New would want the output store). The work has
// finished by then, so the row no longer changes; the deliverer keeps the
// body it made, so every retry sends the same bytes.
func WebhookData(store Store, tiers config.Tiers) webhook.DataFunc {
	s := &Server{cfg: &config.Config{Tiers: tiers}, store: store}
	return func(ctx context.Context, ev *paprika.WebhookEvent) (json.RawMessage, error) {
		t, err := s.store.Tenant(ctx, ev.TenantID)
		if err != nil {
			return nil, err
		}
		p := newTenantCaller(&paprika.Principal{Tenant: *t}, tiers)
		var v any
		if ev.JobID != nil {
			j, err := s.store.Job(ctx, ev.TenantID, *ev.JobID)
			if err != nil {
				return nil, err
			}
			v = s.toJobJSON(j, p)
		} else {
			b, err := s.store.Batch(ctx, ev.TenantID, *ev.BatchID)
			if err != nil {
				return nil, err
			}
			v = s.toBatchJSON(b, p)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // as writeJSON
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
}

// Pending tells whether the event may still be attempted.
func (d DeliveriesJSON) Pending() bool { return d.Event != nil && d.Event.Status == "pending" }
