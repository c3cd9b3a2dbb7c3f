package api

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/wire"
)

// Waits is the store's side of what queued work waits for and how long it
// should (docs/scheduler.md, What tenants see): its own group's figures,
// which the scheduler turns into queue.etaSeconds and queue.waitingFor.
type Waits interface {
	Wait(ctx context.Context, tenantID, tier string, ahead int, at time.Time) (scheduler.Wait, error)
	BatchAhead(ctx context.Context, tenantID string, id uuid.UUID) (int, error)
}

// groupWaits memoizes a request's group figures by tier: a list's queued
// work is mostly of one group.
type groupWaits map[string]scheduler.Wait

// queue makes the queue object of tenant p's work queued at tier with
// ahead of its own work before it.
func (s *Server) queue(ctx context.Context, p *tenantCaller, tier config.Tier, ahead int, memo groupWaits) (*wire.Queue, error) {
	w, ok := memo[tier.Key]
	if !ok {
		var err error
		if w, err = s.store.Wait(ctx, p.Tenant.ID, tier.Key, ahead, time.Now()); err != nil {
			return nil, err
		}
		if memo != nil {
			memo[tier.Key] = w
		}
	}
	w.Ahead = ahead
	return &wire.Queue{Ahead: ahead, EtaSeconds: scheduler.ETASeconds(w), WaitingFor: scheduler.WaitingFor(w, tier.MaxRunning)}, nil
}

// queuedJobJSON is toJobJSON with, while the job is queued, when and why.
func (s *Server) queuedJobJSON(ctx context.Context, j *paprika.Job, p *tenantCaller, memo groupWaits) (wire.Job, error) {
	out := s.toJobJSON(j, p)
	if out.Queue == nil {
		return out, nil
	}
	q, err := s.queue(ctx, p, p.tierOf(j.KeyTier), j.Ahead, memo)
	if err != nil {
		return out, err
	}
	out.Queue = q
	return out, nil
}

// queuedBatchJSON is toBatchJSON with, while records wait, the queue
// object of its next record.
func (s *Server) queuedBatchJSON(ctx context.Context, b *paprika.Batch, p *tenantCaller, memo groupWaits) (wire.Batch, error) {
	out := s.toBatchJSON(b, p)
	if b.Queued == 0 || (b.Status != paprika.StatusQueued && b.Status != paprika.StatusRunning) {
		return out, nil
	}
	ahead, err := s.store.BatchAhead(ctx, p.Tenant.ID, b.ID)
	if err != nil {
		return out, err
	}
	out.Queue, err = s.queue(ctx, p, p.tierOf(b.KeyTier), ahead, memo)
	return out, err
}
