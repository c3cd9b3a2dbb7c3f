package console

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/wire"
)

type tenantsPage struct {
	Tenants []wire.Tenant
	Next    string
	Tiers   []Tier
	Error   string
	Form    wire.Tenant // what was typed, when creating failed
}

// tenantsList lists every tenant, with the form that creates one.
func (c *Console) tenantsList(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showTenants(w, r, s, http.StatusOK, tenantsPage{})
}

func (c *Console) showTenants(w http.ResponseWriter, r *http.Request, s *session, status int, p tenantsPage) error {
	q := url.Values{"limit": {"200"}}
	if after := r.URL.Query().Get("after"); after != "" {
		q.Set("after", after)
	}
	var list page[wire.Tenant]
	if err := c.call(r, s, http.MethodGet, "/v1/admin/tenants?"+q.Encode(), nil, &list); err != nil {
		return err
	}
	p.Tenants, p.Next, p.Tiers = list.Data, list.Next, c.cfg.Tiers
	c.render(w, r, s, status, "tenants", "tenants", p)
	return nil
}

// tierValue is a tier select's value for the API: "" is null, the default.
func tierValue(v string) any {
	if v == "" {
		return nil
	}
	return v
}

// tenantCreate creates a tenant from the list's form.
func (c *Console) tenantCreate(w http.ResponseWriter, r *http.Request, s *session) error {
	in := map[string]any{"id": strings.TrimSpace(r.PostFormValue("id")), "name": r.PostFormValue("name"),
		"tier": tierValue(r.PostFormValue("tier"))}
	if d := strings.TrimSpace(r.PostFormValue("retentionDays")); d != "" {
		n, err := strconv.Atoi(d)
		if err != nil {
			return c.showTenants(w, r, s, http.StatusBadRequest, tenantsPage{Error: "Bad request: retention days is a whole number"})
		}
		in["retentionDays"] = n
	}
	var t wire.Tenant
	if err := c.call(r, s, http.MethodPost, "/v1/admin/tenants", in, &t); err != nil {
		var ae *apiError
		if errors.As(err, &ae) && ae.Status != http.StatusUnauthorized {
			form := wire.Tenant{ID: r.PostFormValue("id"), Name: r.PostFormValue("name")}
			return c.showTenants(w, r, s, ae.Status, tenantsPage{Error: ae.Message, Form: form})
		}
		return err
	}
	seeOther(w, r, "/console/admin/tenants/"+url.PathEscape(t.ID), "created")
	return nil
}
