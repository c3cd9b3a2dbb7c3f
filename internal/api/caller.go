package api

import (
	"context"
	"crypto/sha256"
	"net/http"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/secrets"
)

// Caller is who a request made inside the process acts for, in place of a
// bearer token: the console's sessions call Handler() through AsCaller, so
// that every check (scopes, suspension, revocation, rate limits) is the
// API's own, at every request. A request from the network cannot carry a
// Caller: only code in this process can put one in a context.
type Caller struct {
	// KeyID is the tenant key the request acts for; the key and its tenant
	// are looked up on every request, as a secret would be.
	KeyID string
	// AdminTokenHash, when KeyID is empty, is the SHA-256 of the admin token
	// signed in with; it must still be PAPRIKA_ADMIN_TOKEN's, so that a new
	// token ends every admin session.
	AdminTokenHash [32]byte
}

type callerKey struct{}

// AsCaller returns r authenticated as c for Handler(): its Authorization
// header, if any, is ignored.
func AsCaller(r *http.Request, c Caller) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
}

func callerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}

// Identity is who a secret typed at the console's sign-in is.
type Identity struct {
	Caller
	Admin    bool
	TenantID string   // tenant keys only
	KeyName  string   // tenant keys only
	Scopes   []string // tenant keys only
}

// Identify resolves a secret to the admin (PAPRIKA_ADMIN_TOKEN) or to a
// live tenant key, with the API's answers: unauthorized for anything else,
// forbidden for a suspended tenant's key.
func (s *Server) Identify(ctx context.Context, secret string) (*Identity, error) {
	if s.cfg.AdminToken != "" && secrets.Equal(secret, s.cfg.AdminToken) {
		return &Identity{Caller: Caller{AdminTokenHash: sha256.Sum256([]byte(s.cfg.AdminToken))}, Admin: true}, nil
	}
	if secret == "" {
		return nil, paprika.Errorf(paprika.CodeUnauthorized, "Unauthorized: unknown or revoked key")
	}
	p, err := s.store.Authenticate(ctx, secret)
	if err != nil {
		return nil, err
	}
	if p.Tenant.SuspendedAt != nil {
		return nil, paprika.Errorf(paprika.CodeForbidden, "Forbidden: tenant %q is suspended", p.Tenant.ID)
	}
	return &Identity{Caller: Caller{KeyID: p.Key.ID}, TenantID: p.Tenant.ID, KeyName: p.Key.Name, Scopes: p.Key.Scopes}, nil
}
