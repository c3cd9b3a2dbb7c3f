package wire

import (
	"encoding/json"
	"strconv"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Batch is a batch as the API answers it (docs/api.md), and as a webhook
// carries it.
type Batch struct {
	ID         string          `json:"id"`
	Status     string          `json:"status"`
	Tier       string          `json:"tier"`
	Format     string          `json:"format"`
	TemplateID *string         `json:"templateId"`
	Source     string          `json:"source,omitempty"`
	Total      int             `json:"total"`
	Queued     int             `json:"queued"`
	Running    int             `json:"running"`
	Done       int             `json:"done"`
	Failed     int             `json:"failed"`
	Canceled   int             `json:"canceled"`
	CreatedAt  string          `json:"createdAt"`
	StartedAt  *string         `json:"startedAt"`
	FinishedAt *string         `json:"finishedAt"`
	Queue      *Queue          `json:"queue"`
	Metadata   json.RawMessage `json:"metadata"`
}

// NewBatch is b as the API answers it. tierNow is the tier its records
// would be claimed at now, shown while some wait or none has run (as
// NewJob's). Its Queue is the caller's to fill in.
func NewBatch(b *paprika.Batch, tierNow string) Batch {
	out := Batch{
		ID: b.ID.String(), Status: b.Status, Tier: b.Tier, Format: b.Format, TemplateID: templateRef(b.Source), Source: b.SourcePath(),
		Total: b.Total, Queued: b.Queued, Running: b.Running, Done: b.Done, Failed: b.Failed, Canceled: b.Canceled,
		CreatedAt: Timestamp(b.CreatedAt), StartedAt: NullableTimestamp(b.StartedAt), FinishedAt: NullableTimestamp(b.FinishedAt),
		Metadata: nullable(b.Metadata),
	}
	if b.Queued > 0 || out.Tier == "" {
		out.Tier = tierNow
	}
	return out
}

// Live tells whether the batch may still change.
func (b Batch) Live() bool {
	return b.Status == paprika.StatusQueued || b.Status == paprika.StatusRunning
}

// Ended is how many records have ended, done or not.
func (b Batch) Ended() int { return b.Done + b.Failed + b.Canceled }

// Record is one record of a batch as the API answers it.
type Record struct {
	Index      int        `json:"index"`
	Status     string     `json:"status"`
	StartedAt  *string    `json:"startedAt"`
	FinishedAt *string    `json:"finishedAt"`
	Error      *WorkError `json:"error"`
	OutputURL  *string    `json:"outputUrl"`
}

// NewRecord is rec, a record of batch batchID, as the API answers it.
func NewRecord(batchID uuid.UUID, rec *paprika.Record) Record {
	out := Record{Index: rec.Index, Status: rec.Status, StartedAt: NullableTimestamp(rec.StartedAt), FinishedAt: NullableTimestamp(rec.FinishedAt)}
	if rec.ErrCode != "" {
		out.Error = &WorkError{Code: rec.ErrCode, Message: rec.ErrMessage}
	}
	if rec.Status == paprika.StatusDone {
		u := "/v1/batches/" + batchID.String() + "/records/" + strconv.Itoa(rec.Index) + "/output"
		out.OutputURL = &u
	}
	return out
}
