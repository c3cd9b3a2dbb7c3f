package api

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

const tenants = "/v1/admin/tenants"

var tenantFields = []string{"id", "name", "tier", "retentionDays", "createdAt", "suspendedAt", "deletedAt"}

// requireTenant checks the tenant object of docs/api.md: exactly its seven
// fields, times in RFC 3339 UTC with milliseconds.
func requireTenant(t *testing.T, body []byte) map[string]any {
	t.Helper()
	obj := decodeJSON[map[string]any](t, body)
	requireKeys(t, obj, tenantFields...)
	require.Regexp(t, timePattern, obj["createdAt"])
	for _, f := range []string{"suspendedAt", "deletedAt"} {
		if obj[f] != nil {
			require.Regexp(t, timePattern, obj[f], f)
		}
	}
	return obj
}

func TestCreateTenant(t *testing.T) {
	t.Parallel()
	e := setup(t)

	resp, body := e.admin(t, http.MethodPost, tenants, map[string]any{"id": "fabrikam", "name": "Fabrikam"})
	requireStatus(t, http.StatusCreated, resp, body)
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	require.Equal(t, "/v1/admin/tenants/fabrikam", resp.Header.Get("Location"))
	obj := requireTenant(t, body)
	require.Equal(t, "fabrikam", obj["id"])
	require.Equal(t, "Fabrikam", obj["name"])
	require.Nil(t, obj["tier"], "no tier is the default, shown as null")
	require.EqualValues(t, 30, obj["retentionDays"])
	require.Nil(t, obj["suspendedAt"])
	require.Nil(t, obj["deletedAt"])

	resp, got := e.admin(t, http.MethodGet, tenants+"/fabrikam", nil)
	requireStatus(t, http.StatusOK, resp, got)
	require.JSONEq(t, string(body), string(got))

	resp, body = e.admin(t, http.MethodPost, tenants, map[string]any{"id": "contoso", "name": "Contoso", "tier": "priority", "retentionDays": 90})
	requireStatus(t, http.StatusCreated, resp, body)
	obj = requireTenant(t, body)
	require.Equal(t, "priority", obj["tier"])
	require.EqualValues(t, 90, obj["retentionDays"])

	resp, body = e.admin(t, http.MethodPost, tenants, map[string]any{"id": "0-initech", "name": "Initech", "tier": nil})
	requireStatus(t, http.StatusCreated, resp, body)
	require.Nil(t, requireTenant(t, body)["tier"])

	long := strings.Repeat("a", 63)
	resp, body = e.admin(t, http.MethodPost, tenants, map[string]any{"id": long, "name": "Long"})
	requireStatus(t, http.StatusCreated, resp, body)
}

func TestCreateTenantConflict(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")

	resp, body := e.admin(t, http.MethodPost, tenants, map[string]any{"id": "acme", "name": "Other"})
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)

	resp, body = e.admin(t, http.MethodDelete, tenants+"/acme", nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	resp, body = e.admin(t, http.MethodPost, tenants, map[string]any{"id": "acme", "name": "Again"})
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
}

// docs/api.md's example: PATCH the tier, then a tier that is not configured.
func TestPatchTenantTier(t *testing.T) {
	t.Parallel()
	e := setup(t)
	resp, created := e.admin(t, http.MethodPost, tenants, map[string]any{"id": "fabrikam", "name": "Fabrikam", "retentionDays": 90})
	requireStatus(t, http.StatusCreated, resp, created)
	createdAt := requireTenant(t, created)["createdAt"]

	resp, body := e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{"tier": "priority"}`)
	requireStatus(t, http.StatusOK, resp, body)
	requireTenant(t, body)
	require.JSONEq(t, fmt.Sprintf(`{"id": "fabrikam", "name": "Fabrikam", "tier": "priority", "retentionDays": 90, "createdAt": %q, "suspendedAt": null, "deletedAt": null}`, createdAt), string(body))

	resp, body = e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{"tier": "gold"}`)
	requireStatus(t, http.StatusBadRequest, resp, body)
	want := fmt.Sprintf(`{"code":"bad-request","message":"Bad request: tier is one of standard, priority, or null","requestId":%q}`, resp.Header.Get("X-Request-Id"))
	require.Equal(t, want, strings.TrimSpace(string(body)))

	resp, body = e.admin(t, http.MethodGet, tenants+"/fabrikam", nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "priority", requireTenant(t, body)["tier"], "a refused PATCH changes nothing")

	resp, body = e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{"name": "Fabrikam Inc"}`)
	requireStatus(t, http.StatusOK, resp, body)
	obj := requireTenant(t, body)
	require.Equal(t, "priority", obj["tier"], "a field left out is left as it is")
	require.Equal(t, "Fabrikam Inc", obj["name"])

	resp, body = e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{"tier": null}`)
	requireStatus(t, http.StatusOK, resp, body)
	obj = requireTenant(t, body)
	require.Nil(t, obj["tier"], "null is back to the default")
	require.Equal(t, "Fabrikam Inc", obj["name"])
	require.EqualValues(t, 90, obj["retentionDays"])

	resp, body = e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{"retentionDays": 7}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.EqualValues(t, 7, requireTenant(t, body)["retentionDays"])

	resp, body = e.admin(t, http.MethodPatch, tenants+"/fabrikam", `{}`)
	requireStatus(t, http.StatusOK, resp, body)
	obj = requireTenant(t, body)
	require.EqualValues(t, 7, obj["retentionDays"])
	require.Equal(t, createdAt, obj["createdAt"])
}

func TestPatchTenantSuspended(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")

	resp, body := e.admin(t, http.MethodPatch, tenants+"/acme", `{"suspended": true}`)
	requireStatus(t, http.StatusOK, resp, body)
	suspendedAt := requireTenant(t, body)["suspendedAt"]
	require.NotNil(t, suspendedAt)

	resp, body = e.admin(t, http.MethodPatch, tenants+"/acme", `{"suspended": true}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, suspendedAt, requireTenant(t, body)["suspendedAt"], "suspending again keeps the first time")

	resp, body = e.admin(t, http.MethodPatch, tenants+"/acme", `{"name": "Acme"}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, suspendedAt, requireTenant(t, body)["suspendedAt"])

	resp, body = e.admin(t, http.MethodPatch, tenants+"/acme", `{"suspended": false}`)
	requireStatus(t, http.StatusOK, resp, body)
	require.Nil(t, requireTenant(t, body)["suspendedAt"])
}

func TestDeleteTenant(t *testing.T) {
	t.Parallel()
	e := setup(t)
	mountTenantRoutes(e)
	e.createTenant(t, "acme")
	key := e.createKey(t, "acme", ScopeRender)
	other := e.createTenant(t, "other")
	otherKey := e.createKey(t, other.ID, ScopeRender)
	resp, body := e.do(t, http.MethodGet, "/test/render", key.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)

	resp, body = e.admin(t, http.MethodDelete, tenants+"/acme", nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	require.Empty(t, body)

	resp, body = e.admin(t, http.MethodGet, tenants+"/acme", nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.NotNil(t, requireTenant(t, body)["deletedAt"])

	resp, body = e.do(t, http.MethodGet, "/test/render", key.Secret, nil)
	requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)
	resp, body = e.admin(t, http.MethodGet, tenants+"/acme/keys", nil)
	requireStatus(t, http.StatusOK, resp, body)
	keys := decodeJSON[list[wire.Key]](t, body)
	require.Len(t, keys.Data, 1)
	require.NotNil(t, keys.Data[0].RevokedAt, "deleting a tenant revokes its keys")

	resp, body = e.do(t, http.MethodGet, "/test/render", otherKey.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)

	for _, r := range []struct {
		method, path string
		body         any
	}{
		{http.MethodPatch, tenants + "/acme", `{"name": "Back"}`},
		{http.MethodPatch, tenants + "/acme", `{"suspended": false}`},
		{http.MethodDelete, tenants + "/acme", nil},
		{http.MethodPost, tenants + "/acme/keys", `{"name": "new", "scopes": ["render"]}`},
	} {
		resp, body := e.admin(t, r.method, r.path, r.body)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}
}

var keyFields = []string{"id", "name", "scopes", "tier", "prefix", "createdAt", "revokedAt"}

func TestCreateKey(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "fabrikam")

	resp, body := e.admin(t, http.MethodPost, tenants+"/fabrikam/keys", `{"name": "urgent", "scopes": ["render"], "tier": "priority"}`)
	requireStatus(t, http.StatusCreated, resp, body)
	obj := decodeJSON[map[string]any](t, body)
	requireKeys(t, obj, append(keyFields, "secret")...)
	require.Equal(t, "urgent", obj["name"])
	require.Equal(t, []any{"render"}, obj["scopes"])
	require.Equal(t, "priority", obj["tier"])
	require.Nil(t, obj["revokedAt"])
	require.Regexp(t, timePattern, obj["createdAt"])
	secret, prefix := obj["secret"].(string), obj["prefix"].(string)
	require.NotEmpty(t, prefix)
	require.True(t, strings.HasPrefix(secret, prefix), "the secret %q starts with its prefix %q", secret, prefix)
	require.Greater(t, len(secret), len(prefix)+20)

	resp, body = e.admin(t, http.MethodPost, tenants+"/fabrikam/keys", `{"name": "all", "scopes": ["render", "read", "render", "templates"]}`)
	requireStatus(t, http.StatusCreated, resp, body)
	second := decodeJSON[map[string]any](t, body)
	require.Nil(t, second["tier"], "a key without a tier follows its tenant's")
	require.Equal(t, []any{"render", "read", "templates"}, second["scopes"])
	require.NotEqual(t, secret, second["secret"])

	// The list never shows a secret again.
	resp, body = e.admin(t, http.MethodGet, tenants+"/fabrikam/keys", nil)
	requireStatus(t, http.StatusOK, resp, body)
	l := decodeJSON[map[string]any](t, body)
	requireKeys(t, l, "data", "next")
	data := l["data"].([]any)
	require.Len(t, data, 2)
	for _, k := range data {
		requireKeys(t, k.(map[string]any), keyFields...)
	}
	require.NotContains(t, string(body), secret)

	// The database holds the secret only hashed: no column holds it, or any
	// part of it past the prefix.
	rows, err := e.Pool.Query(t.Context(), `SELECT k::text FROM api_keys k`)
	require.NoError(t, err)
	var n int
	for rows.Next() {
		var row string
		require.NoError(t, rows.Scan(&row))
		require.NotContains(t, row, secret)
		require.NotContains(t, row, secret[len(prefix):])
		n++
	}
	require.NoError(t, rows.Err())
	require.Equal(t, 2, n)
	hash := sha256.Sum256([]byte(secret))
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT count(*) FROM api_keys WHERE secret_hash = $1`, hash[:]).Scan(&n))
	require.Equal(t, 1, n)
}

func TestRevokeKey(t *testing.T) {
	t.Parallel()
	e := setup(t)
	mountTenantRoutes(e)
	e.createTenant(t, "a")
	e.createTenant(t, "b")
	keyA := e.createKey(t, "a", ScopeRender)
	keyB := e.createKey(t, "b", ScopeRender)

	// Another tenant's key id is not-found, and stays valid.
	resp, body := e.admin(t, http.MethodDelete, tenants+"/a/keys/"+keyB.ID, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	resp, body = e.do(t, http.MethodGet, "/test/render", keyB.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)

	resp, body = e.admin(t, http.MethodDelete, tenants+"/a/keys/key_nosuchkey", nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)

	resp, body = e.do(t, http.MethodGet, "/test/render", keyA.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.admin(t, http.MethodDelete, tenants+"/a/keys/"+keyA.ID, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	require.Empty(t, body)
	resp, body = e.do(t, http.MethodGet, "/test/render", keyA.Secret, nil)
	requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)

	resp, body = e.admin(t, http.MethodGet, tenants+"/a/keys", nil)
	requireStatus(t, http.StatusOK, resp, body)
	keys := decodeJSON[list[wire.Key]](t, body)
	require.Len(t, keys.Data, 1)
	require.NotNil(t, keys.Data[0].RevokedAt)
	require.Regexp(t, timePattern, *keys.Data[0].RevokedAt)
}

func TestListTenants(t *testing.T) {
	t.Parallel()
	e := setup(t)
	for _, id := range []string{"t3", "t1", "t5", "t2", "t4"} {
		e.createTenant(t, id)
	}
	page := func(query string) ([]string, any) {
		t.Helper()
		resp, body := e.admin(t, http.MethodGet, tenants+query, nil)
		requireStatus(t, http.StatusOK, resp, body)
		l := decodeJSON[map[string]any](t, body)
		requireKeys(t, l, "data", "next")
		var ids []string
		for _, v := range l["data"].([]any) {
			requireKeys(t, v.(map[string]any), tenantFields...)
			ids = append(ids, v.(map[string]any)["id"].(string))
		}
		return ids, l["next"]
	}

	ids, next := page("")
	require.Equal(t, []string{"t1", "t2", "t3", "t4", "t5"}, ids)
	require.Nil(t, next)
	ids, next = page("?limit=2")
	require.Equal(t, []string{"t1", "t2"}, ids)
	require.Equal(t, "t2", next)
	ids, next = page("?limit=2&after=t2")
	require.Equal(t, []string{"t3", "t4"}, ids)
	require.Equal(t, "t4", next)
	ids, next = page("?limit=2&after=t4")
	require.Equal(t, []string{"t5"}, ids)
	require.Nil(t, next)
	ids, next = page("?limit=5")
	require.Len(t, ids, 5)
	require.Nil(t, next, "a page holding the last row has no next")
	ids, next = page("?limit=1000&after=t5")
	require.Empty(t, ids)
	require.Nil(t, next)

	for _, q := range []string{"?limit=0", "?limit=1001", "?limit=-1", "?limit=two", "?limit=1.5"} {
		resp, body := e.admin(t, http.MethodGet, tenants+q, nil)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "limit", q)
	}
}

func TestListKeys(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "a")
	e.createTenant(t, "b")
	var want []string
	for range 3 {
		want = append(want, e.createKey(t, "a", ScopeRead).ID)
	}
	e.createKey(t, "b", ScopeRead)
	page := func(query string) ([]string, any) {
		t.Helper()
		resp, body := e.admin(t, http.MethodGet, tenants+"/a/keys"+query, nil)
		requireStatus(t, http.StatusOK, resp, body)
		l := decodeJSON[map[string]any](t, body)
		var ids []string
		for _, v := range l["data"].([]any) {
			ids = append(ids, v.(map[string]any)["id"].(string))
		}
		return ids, l["next"]
	}
	ids, next := page("")
	require.Equal(t, want, ids, "a tenant's keys only, in creation order")
	require.Nil(t, next)
	ids, next = page("?limit=2")
	require.Equal(t, want[:2], ids)
	require.Equal(t, want[1], next)
	ids, next = page("?limit=2&after=" + want[1])
	require.Equal(t, want[2:], ids)
	require.Nil(t, next)

	for _, q := range []string{"?limit=0", "?limit=1001"} {
		resp, body := e.admin(t, http.MethodGet, tenants+"/a/keys"+q, nil)
		requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	}
}

func TestBadRequest(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")
	const tierMessage = "Bad request: tier is one of standard, priority, or null"
	cases := []struct {
		name, method, path, body string
		want                     string // in the message
	}{
		{"malformed JSON", "POST", tenants, `{"id": "x",`, "malformed JSON"},
		{"malformed JSON in the middle", "POST", tenants, `{"id": "x" "name": "X"}`, "malformed JSON"},
		{"not an object", "POST", tenants, `["x"]`, "JSON object"},
		{"empty body", "POST", tenants, ``, "empty"},
		{"two values", "POST", tenants, `{"id": "x", "name": "X"} {}`, "more than one"},
		{"unknown field", "POST", tenants, `{"id": "x", "name": "X", "colour": "red"}`, `"colour"`},
		{"name of the wrong type", "POST", tenants, `{"id": "x", "name": 5}`, "name"},
		{"id of the wrong type", "POST", tenants, `{"id": 5, "name": "X"}`, "id"},
		{"retentionDays of the wrong type", "POST", tenants, `{"id": "x", "name": "X", "retentionDays": "90"}`, "retentionDays"},
		{"tier of the wrong type", "POST", tenants, `{"id": "x", "name": "X", "tier": 5}`, "tier"},
		{"id missing", "POST", tenants, `{"name": "X"}`, "id"},
		{"id upper case", "POST", tenants, `{"id": "Fabrikam", "name": "X"}`, "id"},
		{"id starting with a dash", "POST", tenants, `{"id": "-x", "name": "X"}`, "id"},
		{"id with an underscore", "POST", tenants, `{"id": "a_b", "name": "X"}`, "id"},
		{"id with a slash", "POST", tenants, `{"id": "a/b", "name": "X"}`, "id"},
		{"id too long", "POST", tenants, `{"id": "` + strings.Repeat("a", 64) + `", "name": "X"}`, "id"},
		{"name missing", "POST", tenants, `{"id": "x"}`, "name"},
		{"name blank", "POST", tenants, `{"id": "x", "name": "  "}`, "name"},
		{"name too long", "POST", tenants, `{"id": "x", "name": "` + strings.Repeat("n", 201) + `"}`, "name"},
		{"retentionDays 0", "POST", tenants, `{"id": "x", "name": "X", "retentionDays": 0}`, "retentionDays"},
		{"retentionDays 3651", "POST", tenants, `{"id": "x", "name": "X", "retentionDays": 3651}`, "retentionDays"},
		{"retentionDays 1.5", "POST", tenants, `{"id": "x", "name": "X", "retentionDays": 1.5}`, "retentionDays"},
		{"tier unconfigured", "POST", tenants, `{"id": "x", "name": "X", "tier": "gold"}`, tierMessage},
		{"tier empty", "POST", tenants, `{"id": "x", "name": "X", "tier": ""}`, tierMessage},

		{"patch malformed JSON", "PATCH", tenants + "/acme", `{"tier": `, "malformed JSON"},
		{"patch unknown field", "PATCH", tenants + "/acme", `{"nmae": "X"}`, `"nmae"`},
		{"patch id", "PATCH", tenants + "/acme", `{"id": "other"}`, `"id"`},
		{"patch suspended of the wrong type", "PATCH", tenants + "/acme", `{"suspended": "yes"}`, "suspended"},
		{"patch tier of the wrong type", "PATCH", tenants + "/acme", `{"tier": 5}`, "tier"},
		{"patch tier unconfigured", "PATCH", tenants + "/acme", `{"tier": "gold"}`, tierMessage},
		{"patch name blank", "PATCH", tenants + "/acme", `{"name": ""}`, "name"},
		{"patch retentionDays 0", "PATCH", tenants + "/acme", `{"retentionDays": 0}`, "retentionDays"},
		{"patch empty body", "PATCH", tenants + "/acme", ``, "empty"},

		{"key malformed JSON", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": [`, "malformed JSON"},
		{"key unknown field", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": ["render"], "tenant": "b"}`, `"tenant"`},
		{"key unknown scope", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": ["render", "admin"]}`, `"admin"`},
		{"key empty scopes", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": []}`, "scopes"},
		{"key no scopes", "POST", tenants + "/acme/keys", `{"name": "k"}`, "scopes"},
		{"key scopes a string", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": "render"}`, "scopes"},
		{"key name blank", "POST", tenants + "/acme/keys", `{"name": " ", "scopes": ["render"]}`, "name"},
		{"key tier unconfigured", "POST", tenants + "/acme/keys", `{"name": "k", "scopes": ["render"], "tier": "gold"}`, tierMessage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			resp, body := e.admin(t, c.method, c.path, c.body)
			msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
			require.True(t, strings.HasPrefix(msg, "Bad request: "), msg)
			require.Contains(t, msg, c.want)
		})
	}

	// Nothing was created or changed.
	resp, body := e.admin(t, http.MethodGet, tenants, nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Len(t, decodeJSON[list[wire.Tenant]](t, body).Data, 1)
}

// Every admin route answers 401 to anything but the admin token, before it
// looks at the body or the tenant.
func TestAdminUnauthorized(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")
	key := e.createKey(t, "acme", ScopeRender, ScopeTemplates, ScopeRead)
	routes := []struct{ method, path, body string }{
		{"POST", tenants, `{"id": "new", "name": "New"}`},
		{"GET", tenants, ``},
		{"GET", tenants + "/acme", ``},
		{"PATCH", tenants + "/acme", `{"suspended": true}`},
		{"DELETE", tenants + "/acme", ``},
		{"POST", tenants + "/acme/keys", `{"name": "k", "scopes": ["render"]}`},
		{"GET", tenants + "/acme/keys", ``},
		{"DELETE", tenants + "/acme/keys/" + key.ID, ``},
		{"GET", tenants + "/nope", ``},
		{"POST", tenants, `{malformed`},
	}
	headers := map[string]string{
		"none":            "",
		"wrong token":     "Bearer " + e.AdminToken + "x",
		"prefix of token": "Bearer " + e.AdminToken[:len(e.AdminToken)-1],
		"empty bearer":    "Bearer ",
		"basic scheme":    "Basic " + e.AdminToken,
		"token alone":     e.AdminToken,
		"a tenant key":    "Bearer " + key.Secret,
		"two tokens":      "Bearer " + e.AdminToken + " " + e.AdminToken,
	}
	for name, h := range headers {
		for _, r := range routes {
			req, err := http.NewRequestWithContext(t.Context(), r.method, e.HTTP.URL+r.path, strings.NewReader(r.body))
			require.NoError(t, err)
			if h != "" {
				req.Header.Set("Authorization", h)
			}
			resp, body := e.send(t, req)
			requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)
			require.NotContains(t, string(body), e.AdminToken, name)
		}
	}

	// Nothing happened; and the scheme is case-insensitive.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+tenants+"/acme", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "bearer "+e.AdminToken)
	resp, body := e.send(t, req)
	requireStatus(t, http.StatusOK, resp, body)
	tn := decodeJSON[wire.Tenant](t, body)
	require.Nil(t, tn.SuspendedAt)
	require.Nil(t, tn.DeletedAt)
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.createTenant(t, "acme")
	for _, r := range []struct{ method, path, body string }{
		{"GET", tenants + "/nope", ``},
		{"PATCH", tenants + "/nope", `{"name": "X"}`},
		{"DELETE", tenants + "/nope", ``},
		{"POST", tenants + "/nope/keys", `{"name": "k", "scopes": ["render"]}`},
		{"GET", tenants + "/nope/keys", ``},
		{"DELETE", tenants + "/nope/keys/key_x", ``},
		{"DELETE", tenants + "/acme/keys/key_x", ``},
		{"GET", "/v1/nope", ``},
		{"GET", "/", ``},
		{"POST", tenants + "/acme/nope", `{}`},
	} {
		resp, body := e.admin(t, r.method, r.path, r.body)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}
	// A method the path does not take is 405 (methods_test.go has more).
	resp, body := e.admin(t, "PUT", tenants+"/acme", `{"name": "X"}`)
	requireError(t, http.StatusMethodNotAllowed, paprika.CodeMethodNotAllowed, resp, body)
	// An unknown route is not-found without a token too.
	resp, body = e.do(t, http.MethodGet, "/v1/nope", "", nil)
	msg := requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body).Message
	require.Contains(t, msg, "/v1/nope")
}

func TestPayloadTooLarge(t *testing.T) {
	t.Parallel()
	e := setupEnv(t, map[string]string{"PAPRIKA_MAX_REQUEST_BYTES": "2048"})
	e.createTenant(t, "acme")
	big := `{"id": "big", "name": "` + strings.Repeat("x", 4096) + `"}`
	for _, path := range []string{tenants, tenants + "/acme", tenants + "/acme/keys"} {
		method := http.MethodPost
		if path == tenants+"/acme" {
			method = http.MethodPatch
		}
		resp, body := e.admin(t, method, path, big)
		msg := requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body).Message
		require.Contains(t, msg, "2048")
	}
	// A body of exactly the limit is read (and refused for its contents only).
	atLimit := `{"id": "big", "name": "` + strings.Repeat("x", 2048-len(`{"id": "big", "name": ""}`)) + `"}`
	require.Len(t, atLimit, 2048)
	resp, body := e.admin(t, http.MethodPost, tenants, atLimit)
	require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "name")
}

// With the default limit, 10 MiB, the client still reads the 413 although
// the server stops reading the body early.
func TestPayloadTooLargeDefault(t *testing.T) {
	t.Parallel()
	e := setup(t)
	require.Equal(t, int64(10<<20), e.Config.MaxRequestBytes)
	big := make([]byte, 10<<20+1)
	copy(big, `{"id": "big", "name": "`)
	for i := len(`{"id": "big", "name": "`); i < len(big); i++ {
		big[i] = 'x'
	}
	resp, body := e.admin(t, http.MethodPost, tenants, big)
	requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body)
	resp, body = e.admin(t, http.MethodGet, tenants, nil)
	requireStatus(t, http.StatusOK, resp, body)
}

// noRenderer stands in for Chromium where nothing renders: /readyz then
// answers for the database alone.
type noRenderer struct{}

func (noRenderer) Render(context.Context, render.Input) (*render.Output, error) {
	return nil, errors.New("no renderer in this test")
}

func TestHealth(t *testing.T) {
	t.Parallel()
	e := setup(t, WithRenderer(noRenderer{}))
	seen := map[string]bool{}
	for _, path := range []string{"/healthz", "/readyz", "/healthz"} {
		resp, body := e.do(t, http.MethodGet, path, "", nil)
		requireStatus(t, http.StatusOK, resp, body)
		id := resp.Header.Get("X-Request-Id")
		require.False(t, seen[id], "request ids are unique")
		seen[id] = true
	}
}

// mountTenantRoutes mounts tenant routes for the tests: GET /test/render
// needs the render scope, GET /test/read read or render. Both answer the
// principal they were given.
func mountTenantRoutes(e *testEnv) {
	who := func(w http.ResponseWriter, r *http.Request) error {
		p := principal(r)
		writeJSON(w, http.StatusOK, map[string]any{"tenant": p.Tenant.ID, "key": p.Key.ID, "scopes": p.Key.Scopes})
		return nil
	}
	e.route("GET /test/render", e.Server.tenant(who, ScopeRender))
	e.route("GET /test/read", e.Server.tenant(who, ScopeRead, ScopeRender))
}

func TestTenantAuth(t *testing.T) {
	t.Parallel()
	e := setup(t)
	mountTenantRoutes(e)
	e.createTenant(t, "acme")
	e.createTenant(t, "other")
	render := e.createKey(t, "acme", ScopeRender)
	read := e.createKey(t, "acme", ScopeRead)
	templates := e.createKey(t, "acme", ScopeTemplates)
	otherKey := e.createKey(t, "other", ScopeRender)

	// Each key is its own tenant's principal.
	for _, k := range []struct {
		key    wire.Key
		tenant string
	}{{render, "acme"}, {otherKey, "other"}} {
		resp, body := e.do(t, http.MethodGet, "/test/render", k.key.Secret, nil)
		requireStatus(t, http.StatusOK, resp, body)
		got := decodeJSON[map[string]any](t, body)
		require.Equal(t, k.tenant, got["tenant"])
		require.Equal(t, k.key.ID, got["key"])
	}
	resp, body := e.do(t, http.MethodGet, "/test/read", read.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.do(t, http.MethodGet, "/test/read", render.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body) // one of the scopes is enough

	// Unauthorized: no key, or one that is not a live key.
	for name, token := range map[string]string{
		"no token":        "",
		"unknown key":     "pk_" + strings.Repeat("a", 52),
		"admin token":     e.AdminToken,
		"a key's prefix":  render.Prefix,
		"a key's id":      render.ID,
		"key plus a char": render.Secret + "a",
	} {
		resp, body := e.do(t, http.MethodGet, "/test/render", token, nil)
		requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)
		require.NotContains(t, string(body), render.Secret, name)
	}

	// Forbidden: the key lacks the scope.
	for _, k := range []wire.Key{read, templates} {
		resp, body := e.do(t, http.MethodGet, "/test/render", k.Secret, nil)
		msg := requireError(t, http.StatusForbidden, paprika.CodeForbidden, resp, body).Message
		require.Contains(t, msg, "render")
	}

	// Forbidden: the tenant is suspended, whatever its key's scopes; the
	// other tenant is not touched; lifting it lets the keys in again.
	resp, body = e.admin(t, http.MethodPatch, tenants+"/acme", `{"suspended": true}`)
	requireStatus(t, http.StatusOK, resp, body)
	for _, path := range []string{"/test/render", "/test/read"} {
		resp, body := e.do(t, http.MethodGet, path, render.Secret, nil)
		msg := requireError(t, http.StatusForbidden, paprika.CodeForbidden, resp, body).Message
		require.Contains(t, msg, "suspended")
	}
	resp, body = e.do(t, http.MethodGet, "/test/render", otherKey.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.admin(t, http.MethodPatch, tenants+"/acme", `{"suspended": false}`)
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.do(t, http.MethodGet, "/test/render", render.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body)

	// Unauthorized at once once revoked.
	resp, body = e.admin(t, http.MethodDelete, tenants+"/acme/keys/"+render.ID, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	resp, body = e.do(t, http.MethodGet, "/test/render", render.Secret, nil)
	requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)
	resp, body = e.do(t, http.MethodGet, "/test/read", read.Secret, nil)
	requireStatus(t, http.StatusOK, resp, body) // revoking one key leaves the others
}

// A handler's plain error is a bug: 500 internal, a generic message, the
// detail only in the log under the request id.
func TestInternalError(t *testing.T) {
	t.Parallel()
	e := setup(t)
	const detail = "connect to db.internal:5432 as paprika password=hunter2"
	e.route("GET /test/fails", func(w http.ResponseWriter, r *http.Request) error {
		return fmt.Errorf("load tenant: %w", errors.New(detail))
	})
	e.route("GET /test/panics", func(w http.ResponseWriter, r *http.Request) error {
		panic(detail)
	})
	e.route("GET /test/wrapped", func(w http.ResponseWriter, r *http.Request) error {
		return fmt.Errorf("load job: %w", paprika.NotFound("job"))
	})

	for _, path := range []string{"/test/fails", "/test/panics"} {
		resp, body := e.do(t, http.MethodGet, path, "", nil)
		got := requireError(t, http.StatusInternalServerError, paprika.CodeInternal, resp, body)
		require.Equal(t, "Internal error: it has been logged with the request id", got.Message)
		for _, secret := range []string{"hunter2", "db.internal", "load tenant", "panic"} {
			require.NotContains(t, string(body), secret)
		}
		id := resp.Header.Get("X-Request-Id")
		var logged bool
		for line := range strings.Lines(e.Logs()) {
			if strings.Contains(line, `"requestId":"`+id+`"`) && strings.Contains(line, "hunter2") && strings.Contains(line, `"level":"ERROR"`) {
				logged = true
			}
		}
		require.True(t, logged, "the detail is logged with request id %s:\n%s", id, e.Logs())
	}

	// A coded error keeps its code however deeply it is wrapped.
	resp, body := e.do(t, http.MethodGet, "/test/wrapped", "", nil)
	got := requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	require.Equal(t, "Not found: no such job", got.Message)
}
