package paprika

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// Work statuses, of jobs, batches and batch records alike. The queue's SQL
// spells them through these constants too (see internal/postgres/sql).
const (
	StatusQueued   = "queued"
	StatusRunning  = "running"
	StatusDone     = "done"
	StatusFailed   = "failed"
	StatusCanceled = "canceled"
)

// Statuses lists every status, in the order of a job's life.
var Statuses = []string{StatusQueued, StatusRunning, StatusDone, StatusFailed, StatusCanceled}

// Kinds of queued work: a single job, or one record of a batch.
const (
	KindJob    = "job"
	KindRecord = "record"
)

// Source is what to render: an inline template, a stored one at a version,
// or an Office file among the tenant's assets; its format and options.
// Shared by jobs and batches.
type Source struct {
	Template        string // inline; "" when TemplateID or Asset is set
	TemplateID      string
	TemplateVersion int
	// Asset is the name of the tenant's Office file rendered instead of a
	// template ("contract.docx", given as "source": "assets/contract.docx").
	Asset   string
	Format  string
	Options json.RawMessage
}

// SourcePath is the Office source as a request gives it and the pipeline
// reads it, "assets/NAME"; "" for work from a template.
func (s Source) SourcePath() string {
	if s.Asset == "" {
		return ""
	}
	return "assets/" + s.Asset
}

// Job is one queued document.
type Job struct {
	ID       uuid.UUID
	TenantID string
	KeyID    string
	KeyTier  string
	Status   string
	Tier     string // the tier it ran at; "" while queued
	Source
	Data       json.RawMessage
	Metadata   json.RawMessage
	WebhookURL string
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	Attempts   int
	Output     *Output
	ErrCode    string
	ErrMessage string
	Ahead      int // the tenant's own queued jobs ahead of this one, while queued
}

// Output describes a finished document.
type Output struct {
	ContentType string
	Bytes       int64
	Pages       int
}

// Batch is one template rendered for many records.
type Batch struct {
	ID       uuid.UUID
	TenantID string
	KeyID    string
	KeyTier  string
	Status   string
	Tier     string
	Source
	Metadata                                       json.RawMessage
	WebhookURL                                     string
	Total, Queued, Running, Done, Failed, Canceled int
	CreatedAt                                      time.Time
	StartedAt                                      *time.Time
	FinishedAt                                     *time.Time
}

// Record is one record of a batch.
type Record struct {
	Index      int
	Status     string
	StartedAt  *time.Time
	FinishedAt *time.Time
	Output     *Output
	ErrCode    string
	ErrMessage string
}

// NewID returns a time-ordered id (UUIDv7): ids sort in submission order,
// which is the queue's order within a lane.
func NewID() uuid.UUID {
	return uuid.Must(uuid.NewV7())
}

// DoneDocument is a finished batch record as the merged PDF lists it.
type DoneDocument struct {
	Index int
	Pages int
	Field string // the record data field asked for, as text; "" when absent
}
