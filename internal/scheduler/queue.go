package scheduler

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Queue is what the scheduler needs of the store (internal/postgres.Queue):
// claims of three round trips, completions, leases and releases, and the
// sources work renders from.
type Queue interface {
	BeginClaim(ctx context.Context, p paprika.ClaimParams) (paprika.Claim, error)
	Complete(ctx context.Context, rs []paprika.Result, wake bool) error
	Release(ctx context.Context, r paprika.Ref, code, message string, handBack bool) (held bool, err error)
	Renew(ctx context.Context, refs []paprika.Ref, lease time.Duration) (kept map[int64]bool, err error)
	Expired(ctx context.Context) ([]paprika.Ref, error)
	Listen(ctx context.Context, wake func()) error
	BatchSource(ctx context.Context, id uuid.UUID) (paprika.Source, error)
	TemplateContent(ctx context.Context, tenantID, id string, version int) (string, error)
}

// Kinds of queued work, as the domain names them.
const (
	KindJob    = paprika.KindJob
	KindRecord = paprika.KindRecord
)

// MaxAttempts is how many times work is claimed before a lost lease or a
// retryable render failure fails it for good.
const MaxAttempts = paprika.MaxAttempts

// Item is one claimed piece of work.
type Item = paprika.Item
