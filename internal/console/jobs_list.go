package console

import (
	"net/http"
	"net/url"

	"github.com/paprikahq/paprika/internal/wire"
)

type jobsPage struct {
	Status string
	Jobs   []wire.Job
	Next   string
	Live   bool // some job may still change: the list refreshes itself
}

var statusFilters = []string{"queued", "running", "done", "failed", "canceled"}

// jobsList lists the tenant's jobs, newest first, optionally by status.
func (c *Console) jobsList(w http.ResponseWriter, r *http.Request, s *session) error {
	q := url.Values{"limit": {"50"}}
	p := jobsPage{Status: r.URL.Query().Get("status")}
	if contains(statusFilters, p.Status) {
		q.Set("status", p.Status)
	} else {
		p.Status = ""
	}
	if after := r.URL.Query().Get("after"); after != "" {
		q.Set("after", after)
	}
	var list page[wire.Job]
	if err := c.call(r, s, http.MethodGet, "/v1/jobs?"+q.Encode(), nil, &list); err != nil {
		return err
	}
	p.Jobs, p.Next = list.Data, list.Next
	for _, j := range p.Jobs {
		p.Live = p.Live || j.Live()
	}
	c.render(w, r, s, http.StatusOK, "jobs", "jobs", p)
	return nil
}
