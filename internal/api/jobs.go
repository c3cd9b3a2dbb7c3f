package api

import (
	"net/http"
	"slices"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
)

var workStatuses = []string{paprika.StatusQueued, paprika.StatusRunning, paprika.StatusDone, paprika.StatusFailed, paprika.StatusCanceled}

// toJobJSON is j as tenant p sees it, queued work at the tier it would be
// claimed at now (docs/scheduler.md).
func (s *Server) toJobJSON(j *paprika.Job, p *tenantCaller) wire.Job {
	return wire.NewJob(j, p.tierOf(j.KeyTier).Key)
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
	if src, err = queued(src, &in.renderInput); err != nil {
		return err
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
	out := make([]wire.Job, len(rows))
	memo := groupWaits{}
	for i := range rows {
		if out[i], err = s.queuedJobJSON(r.Context(), &rows[i], p, memo); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(j wire.Job) string { return j.ID }))
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
