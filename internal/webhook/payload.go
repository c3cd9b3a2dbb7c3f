package webhook

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// WorkStore reads what an event's data is made of: the tenant and its
// finished job or batch.
type WorkStore interface {
	Tenant(ctx context.Context, id string) (*paprika.Tenant, error)
	Job(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Job, error)
	Batch(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Batch, error)
}

// Payloads is the deliverer's DataFunc: the job or batch JSON the API
// answers for GET /v1/jobs/{id} or /v1/batches/{id} (wire.Job, wire.Batch),
// made from the row when the event is first attempted. The work has
// finished by then, so the row no longer changes; the deliverer keeps the
// body it made, so every retry sends the same bytes. tiers give the tier
// of work that never ran, as the API shows it.
func Payloads(store WorkStore, tiers config.Tiers) DataFunc {
	return func(ctx context.Context, ev *paprika.WebhookEvent) (json.RawMessage, error) {
		t, err := store.Tenant(ctx, ev.TenantID)
		if err != nil {
			return nil, err
		}
		var v any
		if ev.JobID != nil {
			j, err := store.Job(ctx, ev.TenantID, *ev.JobID)
			if err != nil {
				return nil, err
			}
			v = wire.NewJob(j, tiers.Resolve(j.KeyTier, t.Tier).Key)
		} else {
			b, err := store.Batch(ctx, ev.TenantID, *ev.BatchID)
			if err != nil {
				return nil, err
			}
			v = wire.NewBatch(b, tiers.Resolve(b.KeyTier, t.Tier).Key)
		}
		var buf bytes.Buffer
		if err := wire.Encode(&buf, v); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
}
