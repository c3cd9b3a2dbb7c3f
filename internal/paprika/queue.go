package paprika

import (
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
