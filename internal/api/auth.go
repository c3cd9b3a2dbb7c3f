package api

import (
	"context"
	"crypto/sha256"
	"net/http"
	"slices"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/secrets"
)

// Scopes a key may hold (docs/api.md).
const (
	ScopeRender    = "render"
	ScopeTemplates = "templates"
	ScopeRead      = "read"
)

var allScopes = []string{ScopeRender, ScopeTemplates, ScopeRead}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// admin lets through requests bearing PAPRIKA_ADMIN_TOKEN. Both sides are
// hashed first so the comparison's time says nothing of the token's length.
func (s *Server) admin(h handler) handler {
	wantHash := sha256.Sum256([]byte(s.cfg.AdminToken))
	return func(w http.ResponseWriter, r *http.Request) error {
		gotHash := sha256.Sum256([]byte(bearer(r)))
		if c, ok := callerFrom(r.Context()); ok {
			gotHash = c.AdminTokenHash
			if c.KeyID != "" {
				gotHash = [32]byte{}
			}
		}
		if s.cfg.AdminToken == "" || !secrets.Equal(gotHash[:], wantHash[:]) {
			return paprika.Errorf(paprika.CodeUnauthorized, "Unauthorized: send the admin token as a bearer token")
		}
		if err := checkPath(r); err != nil {
			return err
		}
		return h(w, r)
	}
}

// tenant resolves the request's key to its tenant (from the key cache, else
// PostgreSQL; see keycache.go for how stale it may be) and checks that the key holds one of scopes and that the tenant is not
// suspended.
func (s *Server) tenant(h handler, scopes ...string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := s.authenticateTenant(r)
		if err != nil {
			return err
		}
		if p.Tenant.SuspendedAt != nil {
			return paprika.Errorf(paprika.CodeForbidden, "Forbidden: tenant %q is suspended", p.Tenant.ID)
		}
		if !slices.ContainsFunc(scopes, func(sc string) bool { return slices.Contains(p.Key.Scopes, sc) }) {
			return paprika.Errorf(paprika.CodeForbidden, "Forbidden: this key lacks the %s scope", strings.Join(scopes, " or "))
		}
		if err := checkPath(r); err != nil {
			return err
		}
		return h(w, r.WithContext(withPrincipal(r.Context(), p)))
	}
}

// authenticateTenant resolves the request's bearer secret (through the key
// cache), or the key of the Caller it was made for in-process (see AsCaller),
// to its caller, with the caller's tier resolved.
func (s *Server) authenticateTenant(r *http.Request) (*tenantCaller, error) {
	if c, ok := callerFrom(r.Context()); ok {
		if c.KeyID == "" {
			return nil, paprika.Errorf(paprika.CodeUnauthorized, "Unauthorized: this needs a tenant key")
		}
		p, err := s.store.AuthenticateKey(r.Context(), c.KeyID)
		if err != nil {
			return nil, err
		}
		return newTenantCaller(p, s.cfg.Tiers), nil
	}
	secret := bearer(r)
	if secret == "" {
		return nil, paprika.Errorf(paprika.CodeUnauthorized, "Unauthorized: send your key as a bearer token")
	}
	return s.authenticate(r.Context(), secret)
}

// authenticate looks secret up in PostgreSQL, on every request, so that a
// key revoked or a tenant suspended or deleted through any api process is
// refused at once (docs/api.md). It remembers the key in the key cache, which
// only labels busy answers (see busyTier) and never authenticates.
func (s *Server) authenticate(ctx context.Context, secret string) (*tenantCaller, error) {
	_, gen, _ := s.keys.get(secret)
	p, err := s.store.Authenticate(ctx, secret)
	if err != nil {
		return nil, err
	}
	c := newTenantCaller(p, s.cfg.Tiers)
	s.keys.put(secret, c, gen)
	return c, nil
}

// principal is the caller of a request the tenant middleware let through.
func principal(r *http.Request) *tenantCaller {
	p, _ := r.Context().Value(principalKey).(*tenantCaller)
	return p
}
