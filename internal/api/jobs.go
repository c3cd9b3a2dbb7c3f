package api

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/storage"
)

var workStatuses = []string{paprika.StatusQueued, paprika.StatusRunning, paprika.StatusDone, paprika.StatusFailed, paprika.StatusCanceled}

// OutputJSON describes a finished document.
type OutputJSON struct {
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	Pages       int    `json:"pages"`
}

// ErrorJSON is a failed job's or record's error: its code and message.
type ErrorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// QueueJSON is a queued job's place among its tenant's own jobs (docs/scheduler.md),
// when it should start and why it waits (queue.go); a batch's is its next
// record's.
type QueueJSON struct {
	Ahead      int      `json:"ahead"`
	EtaSeconds *float64 `json:"etaSeconds"`
	WaitingFor string   `json:"waitingFor"`
}

// JobJSON is a job as the API answers it (docs/api.md). The console and the
// command line decode the API's answers into these same types.
type JobJSON struct {
	ID         string          `json:"id"`
	Status     string          `json:"status"`
	Tier       string          `json:"tier"`
	Format     string          `json:"format"`
	TemplateID *string         `json:"templateId"`
	CreatedAt  string          `json:"createdAt"`
	StartedAt  *string         `json:"startedAt"`
	FinishedAt *string         `json:"finishedAt"`
	Attempts   int             `json:"attempts"`
	Queue      *QueueJSON      `json:"queue"`
	Output     *OutputJSON     `json:"output"`
	Error      *ErrorJSON      `json:"error"`
	Metadata   json.RawMessage `json:"metadata"`
}

func (s *Server) toJobJSON(j *paprika.Job, p *tenantCaller) JobJSON {
	out := JobJSON{
		ID: j.ID.String(), Status: j.Status, Tier: j.Tier, Format: j.Format, TemplateID: templateRef(j.Source),
		CreatedAt: ts(j.CreatedAt), StartedAt: tsPtr(j.StartedAt), FinishedAt: tsPtr(j.FinishedAt),
		Attempts: j.Attempts, Metadata: nullable(j.Metadata),
	}
	if j.Status == paprika.StatusQueued || out.Tier == "" {
		out.Tier = p.tierOf(j.KeyTier).Key // not yet run (or canceled before it ran)
	}
	if j.Status == paprika.StatusQueued {
		out.Queue = &QueueJSON{Ahead: j.Ahead}
	}
	if j.Output != nil && j.Status == paprika.StatusDone {
		out.Output = &OutputJSON{URL: "/v1/jobs/" + out.ID + "/output", ContentType: j.Output.ContentType, Bytes: j.Output.Bytes, Pages: j.Output.Pages}
	}
	if j.ErrCode != "" {
		out.Error = &ErrorJSON{Code: j.ErrCode, Message: j.ErrMessage}
	}
	return out
}

func templateRef(src paprika.Source) *string {
	if src.TemplateID == "" {
		return nil
	}
	ref := src.TemplateID + "@" + itoa(src.TemplateVersion)
	return &ref
}

func nullable(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

func (s *Server) createJob(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	var in workInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return s.refused(r.Context(), p, err)
	}
	src, _, err := s.source(r.Context(), p.Tenant.ID, &in.renderInput)
	if err != nil {
		return s.refused(r.Context(), p, err)
	}
	data, err := checkData("data", in.Data)
	if err != nil {
		return s.refused(r.Context(), p, err)
	}
	if err := s.checkWork(&in); err != nil {
		return s.refused(r.Context(), p, err)
	}
	if err := s.countRequest(r.Context(), p); err != nil {
		return err
	}
	j := &paprika.Job{TenantID: p.Tenant.ID, KeyID: p.Key.ID, KeyTier: p.Key.Tier, Source: src,
		Data: data, Metadata: in.Metadata, WebhookURL: in.WebhookURL}
	if err := s.store.CreateJob(r.Context(), j); err != nil {
		return err
	}
	j, err = s.store.Job(r.Context(), p.Tenant.ID, j.ID)
	if err != nil {
		return err
	}
	out, err := s.queuedJobJSON(r.Context(), j, p, nil)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/jobs/"+j.ID.String())
	writeJSON(w, http.StatusAccepted, out)
	return nil
}

// pathID reads a work id from the path; a malformed one is simply not found.
func pathID(r *http.Request, what string) (uuid.UUID, error) {
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return id, paprika.NotFound(what)
	}
	return id, nil
}

func (s *Server) getJob(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "job")
	if err != nil {
		return err
	}
	j, err := s.store.Job(r.Context(), principal(r).Tenant.ID, id)
	if err != nil {
		return err
	}
	out, err := s.queuedJobJSON(r.Context(), j, principal(r), nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// listCursor reads ?status= and an id cursor for lists of work.
func listCursor(r *http.Request) (limit int, status string, after *uuid.UUID, err error) {
	limit, cursor, err := page(r)
	if err != nil {
		return 0, "", nil, err
	}
	status = r.URL.Query().Get("status")
	if status != "" && !slices.Contains(workStatuses, status) {
		return 0, "", nil, paprika.BadRequest("status is one of queued, running, done, failed, canceled")
	}
	if cursor != "" {
		id, err := uuid.Parse(cursor)
		if err != nil {
			return 0, "", nil, paprika.BadRequest("after is a cursor from a previous page's next")
		}
		after = &id
	}
	return limit, status, after, nil
}

func (s *Server) listJobs(w http.ResponseWriter, r *http.Request) error {
	limit, status, after, err := listCursor(r)
	if err != nil {
		return err
	}
	p := principal(r)
	rows, err := s.store.Jobs(r.Context(), p.Tenant.ID, status, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]JobJSON, len(rows))
	memo := groupWaits{}
	for i := range rows {
		if out[i], err = s.queuedJobJSON(r.Context(), &rows[i], p, memo); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(j JobJSON) string { return j.ID }))
	return nil
}

func (s *Server) cancelJob(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "job")
	if err != nil {
		return err
	}
	j, err := s.store.CancelJob(r.Context(), principal(r).Tenant.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toJobJSON(j, principal(r)))
	return nil
}

func (s *Server) jobOutput(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "job")
	if err != nil {
		return err
	}
	p := principal(r)
	j, err := s.store.Job(r.Context(), p.Tenant.ID, id)
	if err != nil {
		return err
	}
	if j.Status != paprika.StatusDone || j.Output == nil {
		return paprika.Errorf(paprika.CodeNotFound, "Not found: the job's output is not ready (status %s)", j.Status)
	}
	return s.serveOutput(w, r, storage.JobKey(p.Tenant.ID, j.ID, j.Format), j.Output.ContentType)
}

// Live tells whether the job may still change.
func (j JobJSON) Live() bool {
	return j.Status == paprika.StatusQueued || j.Status == paprika.StatusRunning
}
