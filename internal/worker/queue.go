package worker

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// Queue is what the worker needs of the store (internal/postgres.Queue):
// the policy's claims, and completions, leases and releases, and the
// sources work renders from.
type Queue interface {
	scheduler.Queue
	Complete(ctx context.Context, rs []paprika.Result, wake bool) error
	Release(ctx context.Context, r paprika.Ref, code, message string, handBack bool) (held bool, err error)
	Renew(ctx context.Context, refs []paprika.Ref, lease time.Duration) (kept map[int64]bool, err error)
	Expired(ctx context.Context) ([]paprika.Ref, error)
	Listen(ctx context.Context, wake func()) error
	BatchSource(ctx context.Context, id uuid.UUID) (paprika.Source, error)
	TemplateContent(ctx context.Context, tenantID, id string, version int) (string, error)
	// Certificate is a tenant's signing certificate with its sealed key.
	Certificate(ctx context.Context, tenantID, name string) (*paprika.Certificate, error)
	// AssetsNamed are those of names a tenant has assets of: what a
	// render looks up, the names its page uses.
	AssetsNamed(ctx context.Context, tenantID string, names []string) ([]paprika.Asset, error)
}
