package console

import (
	"net/http"
	"net/url"

	"github.com/paprikahq/paprika/internal/wire"
)

type templatesPage struct {
	Templates []wire.Template
	Next      string
}

// templatesList lists the tenant's stored templates, latest versions.
func (c *Console) templatesList(w http.ResponseWriter, r *http.Request, s *session) error {
	var p page[wire.Template]
	q := url.Values{"limit": {"100"}}
	if after := r.URL.Query().Get("after"); after != "" {
		q.Set("after", after)
	}
	if err := c.call(r, s, http.MethodGet, "/v1/templates?"+q.Encode(), nil, &p); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "templates", "templates", templatesPage{Templates: p.Data, Next: p.Next})
	return nil
}
