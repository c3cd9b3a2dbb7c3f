package api

import (
	"crypto/sha256"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
)

// asCaller serves one request through Handler() in-process for c, the way
// the console does, and returns its status and body.
func (e *testEnv) asCaller(t *testing.T, c Caller, method, path, bearerToken string) (int, string) {
	t.Helper()
	req := httptest.NewRequestWithContext(t.Context(), method, path, nil)
	if bearerToken != "" {
		req.Header.Set("Authorization", "Bearer "+bearerToken)
	}
	rec := httptest.NewRecorder()
	e.Server.Handler().ServeHTTP(rec, AsCaller(req, c))
	b, err := io.ReadAll(rec.Result().Body)
	require.NoError(t, err)
	return rec.Code, string(b)
}

// A Caller passes the same checks as a bearer token, at every request:
// scopes, suspension, revocation, and an admin token that must still be the
// configured one. Its Authorization header is never looked at.
func TestCallerIsCheckedLikeABearer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")
	reader := e.createKey(t, "acme", ScopeRead)
	templater := e.createKey(t, "acme", ScopeTemplates)

	id, err := e.Server.Identify(t.Context(), reader.Secret)
	require.NoError(t, err)
	require.Equal(t, reader.ID, id.KeyID)
	require.Equal(t, "acme", id.TenantID)
	require.False(t, id.Admin)

	status, _ := e.asCaller(t, id.Caller, http.MethodGet, "/v1/templates", "")
	require.Equal(t, http.StatusOK, status)
	status, body := e.asCaller(t, id.Caller, http.MethodPost, "/v1/jobs", "")
	require.Equal(t, http.StatusForbidden, status, body)
	status, _ = e.asCaller(t, id.Caller, http.MethodGet, "/v1/admin/tenants", e.AdminToken)
	require.Equal(t, http.StatusUnauthorized, status, "a tenant's caller is not the admin, whatever its header says")
	status, _ = e.asCaller(t, Caller{}, http.MethodGet, "/v1/templates", templater.Secret)
	require.Equal(t, http.StatusUnauthorized, status, "a caller without a key is refused, whatever its header says")

	resp, b := e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", map[string]any{"suspended": true})
	requireStatus(t, http.StatusOK, resp, b)
	status, _ = e.asCaller(t, id.Caller, http.MethodGet, "/v1/templates", "")
	require.Equal(t, http.StatusForbidden, status, "suspended")
	_, err = e.Server.Identify(t.Context(), reader.Secret)
	require.Error(t, err, "a suspended tenant's key does not sign in")
	resp, b = e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", map[string]any{"suspended": false})
	requireStatus(t, http.StatusOK, resp, b)

	resp, b = e.admin(t, http.MethodDelete, "/v1/admin/tenants/acme/keys/"+reader.ID, nil)
	requireStatus(t, http.StatusNoContent, resp, b)
	status, _ = e.asCaller(t, id.Caller, http.MethodGet, "/v1/templates", "")
	require.Equal(t, http.StatusUnauthorized, status, "revoked at once")
	_, err = e.Server.Identify(t.Context(), reader.Secret)
	require.Error(t, err)

	admin, err := e.Server.Identify(t.Context(), e.AdminToken)
	require.NoError(t, err)
	require.True(t, admin.Admin)
	status, _ = e.asCaller(t, admin.Caller, http.MethodGet, "/v1/admin/tenants", "")
	require.Equal(t, http.StatusOK, status)
	status, _ = e.asCaller(t, admin.Caller, http.MethodGet, "/v1/templates", "")
	require.Equal(t, http.StatusUnauthorized, status, "the admin has no tenant")
	status, _ = e.asCaller(t, Caller{AdminTokenHash: sha256.Sum256([]byte("an old token"))}, http.MethodGet, "/v1/admin/tenants", e.AdminToken)
	require.Equal(t, http.StatusUnauthorized, status, "a session of an old admin token is refused")

	_, err = e.Server.Identify(t.Context(), "pk_nothing")
	require.Error(t, err)
	_, err = e.Server.Identify(t.Context(), "")
	require.Error(t, err)
}
