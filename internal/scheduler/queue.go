package scheduler

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Queue is what a claim needs of the store, implemented by
// internal/postgres.Queue: the claim of three round trips. The worker
// runtime (internal/worker) needs more of it: completions, leases, releases
// and sources.
type Queue interface {
	BeginClaim(ctx context.Context, p ClaimParams) (Claim, error)
}

// Lane is one (tenant, key tier) lane a claim has locked: its queue
// counters, its group's tier and limits, the batches that take turns in it,
// and what the claim's policy gives it (TakeJobs, TakeRecords, Turn.Take).
type Lane struct {
	ID            int64
	QueuedJobs    int
	QueuedRecords int64
	WaitingSince  time.Time
	TenantID      string
	Tier          string
	Weight        float64
	MaxRunning    int
	Batches       []*Turn
	TakeJobs      int
	TakeRecords   int
}

// Turn is one batch with records waiting in a lane.
type Turn struct {
	ID        uuid.UUID
	NextIndex int32
	Running   int
	Queued    int
	Submitted time.Time
	Take      int
}

// GroupKey names a group: a tenant at a tier.
type GroupKey struct{ Tenant, Tier string }

// Group is a group's state read under its lock: running now, started in
// the last 60 s (the two-window estimate), and what this claim gave it.
type Group struct {
	Running, Recent float64
	Taken           int
}

// ClaimParams is what a claim needs to rank lanes: the configured tiers in
// order (their names, weights and maxRunning, 0 = none), the tiers this
// worker claims, how many items at most, and the lease to take them under.
type ClaimParams struct {
	Names       []string
	Weights     []float64
	MaxRunning  []int32
	WorkerTiers []string
	K           int
	Lease       time.Duration
	Now         time.Time
}

// Claim is one claim's transaction, a round trip per step: it begins with
// the lanes ranked and locked (Lanes); LockGroups reads their groups fresh
// under lock; after the policy has set what to take from each lane, Take
// takes the items and commits. Close ends it whatever happened (a rollback
// unless Take or Commit committed).
type Claim interface {
	Lanes() []*Lane
	// Bound is the most share used a lane may have and still be given an
	// item by this claim: the lanes it did not lock have at least that
	// share, or are another claimer's. +Inf when it ranked every lane.
	Bound() float64
	LockGroups(ctx context.Context) (map[GroupKey]*Group, error)
	Take(ctx context.Context) ([]paprika.Item, error)
	Commit(ctx context.Context) error
	Close()
}
