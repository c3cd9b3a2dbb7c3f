package console

import (
	"net/http"
	"net/url"

	"github.com/paprikahq/paprika/internal/wire"
)

type jobPage struct {
	Job        wire.Job
	Deliveries wire.Deliveries
}

// Live tells whether the page may still change: the job, or its webhook.
func (p jobPage) Live() bool { return p.Job.Live() || p.Deliveries.Pending() }

// jobShow is one job: its status, its queue position, its output or error,
// its webhook deliveries.
func (c *Console) jobShow(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	var p jobPage
	if err := c.call(r, s, http.MethodGet, "/v1/jobs/"+id, nil, &p.Job); err != nil {
		return err
	}
	if err := c.call(r, s, http.MethodGet, "/v1/jobs/"+id+"/deliveries", nil, &p.Deliveries); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "job", "jobs", p)
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
