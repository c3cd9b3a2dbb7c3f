package wire

import (
	"encoding/json"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Output describes a finished document.
type Output struct {
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	Pages       int    `json:"pages"`
}

// WorkError is a failed job's or record's error: its code and message.
type WorkError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Queue is a queued job's place among its tenant's own jobs
// (docs/scheduler.md), when it should start and why it waits; a batch's is
// its next record's.
type Queue struct {
	Ahead      int      `json:"ahead"`
	EtaSeconds *float64 `json:"etaSeconds"`
	WaitingFor string   `json:"waitingFor"`
}

// Job is a job as the API answers it (docs/api.md), and as a webhook
// carries it.
type Job struct {
	ID         string          `json:"id"`
	Status     string          `json:"status"`
	Tier       string          `json:"tier"`
	Format     string          `json:"format"`
	TemplateID *string         `json:"templateId"`
	Source     string          `json:"source,omitempty"`
	CreatedAt  string          `json:"createdAt"`
	StartedAt  *string         `json:"startedAt"`
	FinishedAt *string         `json:"finishedAt"`
	Attempts   int             `json:"attempts"`
	Queue      *Queue          `json:"queue"`
	Output     *Output         `json:"output"`
	Error      *WorkError      `json:"error"`
	Metadata   json.RawMessage `json:"metadata"`
}

// NewJob is j as the API answers it. tierNow is the tier j would be
// claimed at now (docs/scheduler.md), shown while it has not run, since
// the tier it ran at is known only once it has. A queued job's Queue holds
// only its place; when it should start and why it waits are the caller's
// to fill in.
func NewJob(j *paprika.Job, tierNow string) Job {
	out := Job{
		ID: j.ID.String(), Status: j.Status, Tier: j.Tier, Format: j.Format, TemplateID: templateRef(j.Source), Source: j.SourcePath(),
		CreatedAt: Timestamp(j.CreatedAt), StartedAt: NullableTimestamp(j.StartedAt), FinishedAt: NullableTimestamp(j.FinishedAt),
		Attempts: j.Attempts, Metadata: nullable(j.Metadata),
	}
	if j.Status == paprika.StatusQueued || out.Tier == "" {
		out.Tier = tierNow // not yet run (or canceled before it ran)
	}
	if j.Status == paprika.StatusQueued {
		out.Queue = &Queue{Ahead: j.Ahead}
	}
	if j.Output != nil && j.Status == paprika.StatusDone {
		out.Output = &Output{URL: "/v1/jobs/" + out.ID + "/output", ContentType: j.Output.ContentType, Bytes: j.Output.Bytes, Pages: j.Output.Pages}
	}
	if j.ErrCode != "" {
		out.Error = &WorkError{Code: j.ErrCode, Message: j.ErrMessage}
	}
	return out
}

// Live tells whether the job may still change.
func (j Job) Live() bool {
	return j.Status == paprika.StatusQueued || j.Status == paprika.StatusRunning
}

// templateRef is the templateId of work rendered from a stored template,
// id@version; nil for inline content.
func templateRef(src paprika.Source) *string {
	if src.TemplateID == "" {
		return nil
	}
	ref := src.TemplateID + "@" + strconv.Itoa(src.TemplateVersion)
	return &ref
}
