package console

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/wire"
)

type tenantPage struct {
	Tenant wire.Tenant
	Keys   []wire.Key
	Tiers  []Tier
	Scopes []string
	// NewKey is the key just created: its secret is on this page, once.
	NewKey *wire.Key
	// SecretGone says the page was asked for a secret already shown.
	SecretGone bool
	Webhook    *wire.WebhookSecret // nil for a deleted tenant
	Error      string
}

var keyScopes = []string{"render", "templates", "read"}

// tenantShow is one tenant: its settings, its keys, and after a key's
// creation (?key=), its secret, once.
func (c *Console) tenantShow(w http.ResponseWriter, r *http.Request, s *session) error {
	var p tenantPage
	if id := r.URL.Query().Get("key"); id != "" {
		plain, err := c.takeSecretFlash(r, s, id)
		if err != nil {
			return err
		}
		if plain == nil {
			p.SecretGone = true
		} else {
			p.NewKey = &wire.Key{}
			if err := json.Unmarshal(plain, p.NewKey); err != nil {
				return err
			}
		}
	}
	return c.showTenant(w, r, s, http.StatusOK, p)
}

func (c *Console) showTenant(w http.ResponseWriter, r *http.Request, s *session, status int, p tenantPage) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodGet, "/v1/admin/tenants/"+id, nil, &p.Tenant); err != nil {
		return err
	}
	var keys page[wire.Key]
	if err := c.call(r, s, http.MethodGet, "/v1/admin/tenants/"+id+"/keys?limit=1000", nil, &keys); err != nil {
		return err
	}
	p.Keys, p.Tiers, p.Scopes = keys.Data, c.cfg.Tiers, keyScopes
	if p.Tenant.DeletedAt == nil {
		p.Webhook = &wire.WebhookSecret{}
		if err := c.call(r, s, http.MethodGet, "/v1/admin/tenants/"+id+"/webhook-secret", nil, p.Webhook); err != nil {
			return err
		}
	}
	c.render(w, r, s, status, "tenant", "tenants", p)
	return nil
}

// formFailed shows the tenant page with an API refusal of one of its forms.
func (c *Console) formFailed(w http.ResponseWriter, r *http.Request, s *session, err error) error {
	var ae *apiError
	if errors.As(err, &ae) && ae.Status != http.StatusUnauthorized && ae.Status != http.StatusNotFound {
		return c.showTenant(w, r, s, ae.Status, tenantPage{Error: ae.Message})
	}
	return err
}

// tenantUpdate sets a tenant's name, tier and retention.
func (c *Console) tenantUpdate(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	in := map[string]any{"name": r.PostFormValue("name"), "tier": tierValue(r.PostFormValue("tier"))}
	if d := strings.TrimSpace(r.PostFormValue("retentionDays")); d != "" {
		n, err := strconv.Atoi(d)
		if err != nil {
			return c.showTenant(w, r, s, http.StatusBadRequest, tenantPage{Error: "Bad request: retention days is a whole number"})
		}
		in["retentionDays"] = n
	}
	if err := c.call(r, s, http.MethodPatch, "/v1/admin/tenants/"+id, in, nil); err != nil {
		return c.formFailed(w, r, s, err)
	}
	seeOther(w, r, "/console/admin/tenants/"+id, "saved")
	return nil
}

// tenantSuspend suspends (suspended=true) or resumes a tenant.
func (c *Console) tenantSuspend(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	suspend := r.PostFormValue("suspended") == "true"
	if err := c.call(r, s, http.MethodPatch, "/v1/admin/tenants/"+id, map[string]any{"suspended": suspend}, nil); err != nil {
		return c.formFailed(w, r, s, err)
	}
	flash := "resumed"
	if suspend {
		flash = "suspended"
	}
	seeOther(w, r, "/console/admin/tenants/"+id, flash)
	return nil
}

// tenantDelete deletes a tenant: its keys revoked, its queued work canceled.
func (c *Console) tenantDelete(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	if r.PostFormValue("confirm") != id {
		return c.showTenant(w, r, s, http.StatusBadRequest, tenantPage{Error: "Type the tenant's id to confirm its deletion."})
	}
	if err := c.call(r, s, http.MethodDelete, "/v1/admin/tenants/"+url.PathEscape(id), nil, nil); err != nil {
		return c.formFailed(w, r, s, err)
	}
	seeOther(w, r, "/console/admin/tenants", "deleted")
	return nil
}

// keyCreate creates a key and redirects to the tenant's page, which shows
// its secret the only time it is shown (flash_secret.go).
func (c *Console) keyCreate(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := r.ParseForm(); err != nil {
		return err
	}
	scopes := r.PostForm["scopes"]
	if scopes == nil {
		scopes = []string{}
	}
	in := map[string]any{"name": r.PostFormValue("name"), "scopes": scopes, "tier": tierValue(r.PostFormValue("tier"))}
	var k wire.Key
	if err := c.call(r, s, http.MethodPost, "/v1/admin/tenants/"+id+"/keys", in, &k); err != nil {
		return c.formFailed(w, r, s, err)
	}
	plain, err := json.Marshal(k)
	if err != nil {
		return err
	}
	flash, err := c.putSecretFlash(r, s, plain)
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/console/admin/tenants/"+id+"?key="+url.QueryEscape(flash), http.StatusSeeOther)
	return nil
}

// keyRevoke revokes a key: its sessions end at their next request.
func (c *Console) keyRevoke(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodDelete, "/v1/admin/tenants/"+id+"/keys/"+url.PathEscape(r.PathValue("keyId")), nil, nil); err != nil {
		return c.formFailed(w, r, s, err)
	}
	seeOther(w, r, "/console/admin/tenants/"+id, "revoked")
	return nil
}

// webhookRotate gives the tenant a new webhook signing secret; the old one
// signs beside it for 24 h.
func (c *Console) webhookRotate(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodPost, "/v1/admin/tenants/"+id+"/webhook-secret", nil, nil); err != nil {
		return c.formFailed(w, r, s, err)
	}
	seeOther(w, r, "/console/admin/tenants/"+id, "rotated")
	return nil
}
