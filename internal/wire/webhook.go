package wire

import (
	"encoding/json"

	"github.com/paprikahq/paprika/internal/paprika"
)

// WebhookSecret is a tenant's webhook signing secret and the replaced
// ones still signing (docs/webhooks.md).
type WebhookSecret struct {
	Secret    string             `json:"secret"`
	RotatedAt *string            `json:"rotatedAt"`
	Previous  []OldWebhookSecret `json:"previous"`
}

// OldWebhookSecret is a replaced secret that signs until ExpiresAt.
type OldWebhookSecret struct {
	Secret    string `json:"secret"`
	ExpiresAt string `json:"expiresAt"`
}

// NewWebhookSecret is ws as the admin API answers it; Previous is [], not
// null, when no replaced secret still signs.
func NewWebhookSecret(ws *paprika.WebhookSecrets) WebhookSecret {
	out := WebhookSecret{Secret: ws.Secret, RotatedAt: NullableTimestamp(ws.RotatedAt), Previous: []OldWebhookSecret{}}
	for _, o := range ws.Previous {
		out.Previous = append(out.Previous, OldWebhookSecret{Secret: o.Secret, ExpiresAt: Timestamp(o.ExpiresAt)})
	}
	return out
}

// Deliveries is the answer of /v1/jobs/{id}/deliveries and
// /v1/batches/{id}/deliveries: the event (nil without a webhookUrl) and its attempts.
type Deliveries struct {
	Event    *WebhookEvent    `json:"event"`
	Attempts []WebhookAttempt `json:"attempts"`
}

// WebhookEvent is a job's or batch's webhook event.
type WebhookEvent struct {
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

// WebhookAttempt is one delivery attempt of a webhook event.
type WebhookAttempt struct {
	Attempt    int     `json:"attempt"`
	At         string  `json:"at"`
	Status     *int    `json:"status"`
	DurationMs int     `json:"durationMs"`
	Error      *string `json:"error"`
}

// NewDeliveries is the event ev (nil: none) and its attempts as the API
// answers them: an attempt's status null when no answer came, its error
// null when there was none.
func NewDeliveries(ev *paprika.WebhookEvent, attempts []paprika.WebhookAttempt) Deliveries {
	out := Deliveries{Attempts: []WebhookAttempt{}}
	if ev != nil {
		out.Event = &WebhookEvent{
			ID: ev.ID, Type: ev.Type, URL: ev.URL, Status: ev.Status, CreatedAt: Timestamp(ev.CreatedAt),
			Attempts: ev.Attempts, NextAttemptAt: NullableTimestamp(ev.NextAt), FinishedAt: NullableTimestamp(ev.FinishedAt),
			Payload: nullable(ev.Body),
		}
	}
	for _, a := range attempts {
		aj := WebhookAttempt{Attempt: a.Attempt, At: Timestamp(a.At), DurationMs: a.DurationMs}
		if a.Status != 0 {
			aj.Status = &a.Status
		}
		if a.Error != "" {
			aj.Error = &a.Error
		}
		out.Attempts = append(out.Attempts, aj)
	}
	return out
}

// Pending tells whether the event may still be attempted.
func (d Deliveries) Pending() bool { return d.Event != nil && d.Event.Status == "pending" }
