package api

import (
	"context"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Waits is the store's side of what queued work waits for and how long it
// should (docs/scheduler.md, What tenants see): its own group's figures.
type Waits interface {
	Wait(ctx context.Context, tenantID, tier string, ahead int, at time.Time) (paprika.Wait, error)
	BatchAhead(ctx context.Context, tenantID string, id uuid.UUID) (int, error)
}

// What queued work waits for, queue.waitingFor.
const (
	WaitingTurn       = "turn"        // its group waits its fair share
	WaitingMaxRunning = "max-running" // its tenant already runs its tier's maxRunning
	WaitingSuspended  = "suspended"   // its tenant is suspended
	WaitingNoWorker   = "no-worker"   // no live worker claims its tier
)

// waitingFor says why work of a group with figures w waits, at a tier of
// maxRunning (0: none). A suspension outweighs everything, then a tier no
// worker claims, then the tenant's own limit; else it waits its turn.
func waitingFor(w paprika.Wait, maxRunning int) string {
	switch {
	case w.Suspended:
		return WaitingSuspended
	case !w.Worker:
		return WaitingNoWorker
	case maxRunning > 0 && w.Running >= maxRunning:
		return WaitingMaxRunning
	}
	return WaitingTurn
}

// etaSeconds is when work with w.Ahead of its tenant's own work ahead of it
// should start: (ahead + 1) ÷ its group's own start rate, to the tenth of
// a second; nil without a rate to go on, or while nothing can start it
// (suspended, no worker).
func etaSeconds(w paprika.Wait) *float64 {
	if w.Rate <= 0 || w.Suspended || !w.Worker {
		return nil
	}
	eta := math.Round(float64(w.Ahead+1)/w.Rate*10) / 10
	return &eta
}

// groupWaits memoizes a request's group figures by tier: a list's queued
// work is mostly of one group.
type groupWaits map[string]paprika.Wait

// queue makes the queue object of tenant p's work queued at tier with
// ahead of its own work before it.
func (s *Server) queue(ctx context.Context, p *paprika.Principal, tier string, ahead int, memo groupWaits) (*QueueJSON, error) {
	w, ok := memo[tier]
	if !ok {
		var err error
		if w, err = s.store.Wait(ctx, p.Tenant.ID, tier, ahead, time.Now()); err != nil {
			return nil, err
		}
		if memo != nil {
			memo[tier] = w
		}
	}
	w.Ahead = ahead
	return &QueueJSON{Ahead: ahead, EtaSeconds: etaSeconds(w), WaitingFor: waitingFor(w, s.cfg.Tiers.Resolve(tier, "").MaxRunning)}, nil
}

// queuedJobJSON is toJobJSON with, while the job is queued, when and why.
func (s *Server) queuedJobJSON(ctx context.Context, j *paprika.Job, p *paprika.Principal, memo groupWaits) (JobJSON, error) {
	out := s.toJobJSON(j, p)
	if out.Queue == nil {
		return out, nil
	}
	q, err := s.queue(ctx, p, out.Tier, j.Ahead, memo)
	if err != nil {
		return out, err
	}
	out.Queue = q
	return out, nil
}

// queuedBatchJSON is toBatchJSON with, while records wait, the queue
// object of its next record.
func (s *Server) queuedBatchJSON(ctx context.Context, b *paprika.Batch, p *paprika.Principal, memo groupWaits) (BatchJSON, error) {
	out := s.toBatchJSON(b, p)
	if b.Queued == 0 || (b.Status != paprika.StatusQueued && b.Status != paprika.StatusRunning) {
		return out, nil
	}
	ahead, err := s.store.BatchAhead(ctx, p.Tenant.ID, b.ID)
	if err != nil {
		return out, err
	}
	out.Queue, err = s.queue(ctx, p, out.Tier, ahead, memo)
	return out, err
}
