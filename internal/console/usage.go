package console

import (
	"net/http"
	"net/url"

	"github.com/paprikahq/paprika/internal/wire"
)

// usagePage is the usage of one range of UTC days: the tenant's own, or,
// for the operator, every tenant's or one's.
type usagePage struct {
	Admin    bool
	From, To string
	Tenant   string // the operator's filter; "" for every tenant
	Usage    wire.UsageList
}

// usageShow is the tenant's own usage by UTC day and tier, this month by
// default (docs/operations.md, Usage).
func (c *Console) usageShow(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.usage(w, r, s, "/v1/usage", false)
}

// usage asks path for the range the form gives (from, to; the API's
// defaults when absent) and shows it. A range the API refuses is its
// message, on the page.
func (c *Console) usage(w http.ResponseWriter, r *http.Request, s *session, path string, admin bool) error {
	p := usagePage{Admin: admin, From: r.URL.Query().Get("from"), To: r.URL.Query().Get("to")}
	q := url.Values{}
	if p.From != "" {
		q.Set("from", p.From)
	}
	if p.To != "" {
		q.Set("to", p.To)
	}
	if admin {
		if p.Tenant = r.URL.Query().Get("tenant"); p.Tenant != "" {
			q.Set("tenant", p.Tenant)
		}
	}
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	if err := c.call(r, s, http.MethodGet, path, nil, &p.Usage); err != nil {
		return err
	}
	p.From, p.To = p.Usage.From, p.Usage.To
	active := "usage"
	if admin {
		active = "admin-usage"
	}
	c.render(w, r, s, http.StatusOK, "usage", active, p)
	return nil
}
