package console

import (
	"net/http"
	"net/url"
)

// jobShow is one job: its status, its queue position, its output or error.
func (c *Console) jobShow(w http.ResponseWriter, r *http.Request, s *session) error {
	var job jobJSON
	if err := c.call(r, s, http.MethodGet, "/v1/jobs/"+url.PathEscape(r.PathValue("id")), nil, &job); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "job", "jobs", job)
	return nil
}

// jobCancel cancels a queued or running job.
func (c *Console) jobCancel(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	if err := c.call(r, s, http.MethodDelete, "/v1/jobs/"+url.PathEscape(id), nil, nil); err != nil {
		return err
	}
	seeOther(w, r, "/console/jobs/"+url.PathEscape(id), "canceled")
	return nil
}
