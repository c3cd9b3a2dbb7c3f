package api

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

var tenantID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)

// optional is a JSON field that tells absent (Set false) from null (Value nil).
type optional[T any] struct {
	Set   bool
	Value *T
}

func (o *optional[T]) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Value = nil
		return nil
	}
	o.Value = new(T)
	return json.Unmarshal(b, o.Value)
}

// checkTier accepts a configured tier name or null ("") and answers the
// message docs/api.md shows otherwise, naming the configured tiers.
func (s *Server) checkTier(tier *string) (string, error) {
	if tier == nil {
		return "", nil
	}
	if _, ok := s.cfg.Tiers.Get(*tier); !ok {
		names := s.cfg.Tiers.Names()
		if len(names) == 1 {
			return "", paprika.BadRequest("tier is one of %s or null", names[0])
		}
		return "", paprika.BadRequest("tier is one of %s, or null", strings.Join(names, ", "))
	}
	return *tier, nil
}

func checkName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > 200 {
		return paprika.BadRequest("name is required, at most 200 characters")
	}
	return nil
}

func checkRetention(days *int) error {
	if days != nil && (*days < 1 || *days > 3650) {
		return paprika.BadRequest("retentionDays is a whole number from 1 to 3650")
	}
	return nil
}

func (s *Server) createTenant(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ID            string           `json:"id"`
		Name          string           `json:"name"`
		Tier          optional[string] `json:"tier"`
		RetentionDays *int             `json:"retentionDays"`
	}
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	if !tenantID.MatchString(in.ID) {
		return paprika.BadRequest("id is 1 to 63 of a-z, 0-9 and -, starting with a letter or digit")
	}
	if err := checkName(in.Name); err != nil {
		return err
	}
	tier, err := s.checkTier(in.Tier.Value)
	if err != nil {
		return err
	}
	if err := checkRetention(in.RetentionDays); err != nil {
		return err
	}
	days := 30
	if in.RetentionDays != nil {
		days = *in.RetentionDays
	}
	t, err := s.store.CreateTenant(r.Context(), paprika.Tenant{ID: in.ID, Name: in.Name, Tier: tier, RetentionDays: days})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/admin/tenants/"+t.ID)
	writeJSON(w, http.StatusCreated, wire.NewTenant(t))
	return nil
}

func (s *Server) listTenants(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	rows, err := s.store.Tenants(r.Context(), after, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.Tenant, len(rows))
	for i := range rows {
		out[i] = wire.NewTenant(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(t wire.Tenant) string { return t.ID }))
	return nil
}

func (s *Server) getTenant(w http.ResponseWriter, r *http.Request) error {
	t, err := s.store.Tenant(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewTenant(t))
	return nil
}

func (s *Server) patchTenant(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name          *string          `json:"name"`
		Tier          optional[string] `json:"tier"`
		RetentionDays *int             `json:"retentionDays"`
		Suspended     *bool            `json:"suspended"`
	}
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	var p paprika.TenantPatch
	if in.Name != nil {
		if err := checkName(*in.Name); err != nil {
			return err
		}
		p.Name = in.Name
	}
	if in.Tier.Set {
		tier, err := s.checkTier(in.Tier.Value)
		if err != nil {
			return err
		}
		p.Tier = &tier
	}
	if err := checkRetention(in.RetentionDays); err != nil {
		return err
	}
	p.RetentionDays, p.Suspended = in.RetentionDays, in.Suspended
	t, err := s.store.UpdateTenant(r.Context(), r.PathValue("id"), p)
	s.keys.evictTenant(r.PathValue("id")) // suspended at once, here
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewTenant(t))
	return nil
}

func (s *Server) deleteTenant(w http.ResponseWriter, r *http.Request) error {
	err := s.store.DeleteTenant(r.Context(), r.PathValue("id"))
	s.keys.evictTenant(r.PathValue("id")) // refused at once, here
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) createKey(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name   string           `json:"name"`
		Scopes []string         `json:"scopes"`
		Tier   optional[string] `json:"tier"`
	}
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	if err := checkName(in.Name); err != nil {
		return err
	}
	if len(in.Scopes) == 0 {
		return paprika.BadRequest("scopes is a non-empty list of %s", strings.Join(allScopes, ", "))
	}
	var scopes []string
	for _, sc := range in.Scopes {
		if !slices.Contains(allScopes, sc) {
			return paprika.BadRequest("unknown scope %q: scopes are %s", sc, strings.Join(allScopes, ", "))
		}
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	tier, err := s.checkTier(in.Tier.Value)
	if err != nil {
		return err
	}
	k, err := s.store.CreateKey(r.Context(), paprika.Key{TenantID: r.PathValue("id"), Name: in.Name, Scopes: scopes, Tier: tier})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, wire.NewKey(k))
	return nil
}

func (s *Server) listKeys(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	if _, err := s.store.Tenant(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	rows, err := s.store.Keys(r.Context(), r.PathValue("id"), after, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.Key, len(rows))
	for i := range rows {
		out[i] = wire.NewKey(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(k wire.Key) string { return k.ID }))
	return nil
}

func (s *Server) revokeKey(w http.ResponseWriter, r *http.Request) error {
	err := s.store.RevokeKey(r.Context(), r.PathValue("id"), r.PathValue("keyId"))
	s.keys.evictKey(r.PathValue("keyId")) // refused at once, here
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func notFoundRoute(r *http.Request) error {
	return paprika.Errorf(paprika.CodeNotFound, "Not found: no route %s %s", r.Method, r.URL.Path)
}
