package paprika

import (
	"time"

	"github.com/google/uuid"
)

// Webhook event statuses.
const (
	WebhookPending   = "pending"
	WebhookDelivered = "delivered"
	WebhookFailed    = "failed"
)

// WebhookEvent is one event of the outbox.
type WebhookEvent struct {
	ID         string
	TenantID   string
	Type       string     // job.finished or batch.finished
	JobID      *uuid.UUID // one of JobID and BatchID is set
	BatchID    *uuid.UUID
	URL        string
	Status     string
	CreatedAt  time.Time
	NextAt     *time.Time // the next attempt, while pending
	Attempts   int
	Body       []byte // nil until the first attempt
	FinishedAt *time.Time
}

// WebhookAttempt is one delivery attempt.
type WebhookAttempt struct {
	Attempt    int
	At         time.Time
	Status     int // HTTP status; 0 when none came
	DurationMs int
	Error      string
}

// WebhookSecrets are a tenant's signing secrets.
type WebhookSecrets struct {
	Secret    string
	RotatedAt *time.Time
	Previous  []OldWebhookSecret // replaced, still signing; newest first
}

// OldWebhookSecret is a replaced secret that signs until ExpiresAt.
type OldWebhookSecret struct {
	Secret    string
	ExpiresAt time.Time
}

// WebhookSecretOverlap is how long a replaced secret keeps signing.
const WebhookSecretOverlap = 24 * time.Hour
