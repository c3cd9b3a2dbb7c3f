package paprika

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"
)

// Item is one claimed piece of work: a job, or one record of a batch.
type Item struct {
	Kind      string
	JobID     uuid.UUID // KindJob
	BatchID   uuid.UUID // KindRecord
	Index     int       // KindRecord
	TenantID  string
	Tier      string
	Submitted time.Time
	Attempt   int
	Token     int64
	Source    Source // for records, filled from the batch by the worker
	Data      json.RawMessage
}

// Wait is how long the item waited: claim time minus submit time.
func (it *Item) Wait(claimedAt time.Time) time.Duration { return claimedAt.Sub(it.Submitted) }

// AppendIDs appends to attrs the ids that name the item's work in a log
// line: the job's id, or the batch's id and the record's index.
func (it *Item) AppendIDs(attrs []slog.Attr) []slog.Attr {
	if it.Kind == KindJob {
		return append(attrs, slog.String("jobId", it.JobID.String()))
	}
	return append(attrs, slog.String("batchId", it.BatchID.String()), slog.Int("index", it.Index))
}

// Ref names one claimed item and the lease it was claimed under.
type Ref struct {
	Kind    string
	JobID   uuid.UUID
	BatchID uuid.UUID
	Index   int
	Token   int64
}

// Ref returns the item's reference.
func (it *Item) Ref() Ref {
	return Ref{Kind: it.Kind, JobID: it.JobID, BatchID: it.BatchID, Index: it.Index, Token: it.Token}
}

// MaxAttempts is how many times work is claimed before a lost lease or a
// retryable render failure fails it for good.
const MaxAttempts = 3

// Result is how one claimed item ended, to be recorded.
type Result struct {
	Item       Item
	Status     string // StatusDone or StatusFailed
	Output     *Output
	ErrCode    string
	ErrMessage string
	Seconds    float64 // render time
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
	Take(ctx context.Context) ([]Item, error)
	Commit(ctx context.Context) error
	Close()
}
