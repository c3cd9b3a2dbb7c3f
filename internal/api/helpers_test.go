package api

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/testkit"
	"github.com/paprikahq/paprika/internal/wire"
)

// seedTiers is the PAPRIKA_TIERS of docs/configuration.md's example: standard
// (the default) and priority.
const seedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

var (
	requestIDPattern = regexp.MustCompile(`^[0-9a-f]{8}$`)
	timePattern      = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)
)

// testEnv is one API server over real HTTP on a fresh database of its own.
type testEnv struct {
	Server     *Server
	Store      *postgres.Store
	counted    *countingStore // Store as the server sees it, its calls counted
	Pool       *pgxpool.Pool
	DBURL      string
	Config     *config.Config
	AdminToken string
	HTTP       *httptest.Server
	Outputs    storage.Store // PAPRIKA_STORAGE_URL's store, shared with startWorker

	logs  *syncBuffer
	extra *http.ServeMux // routes that tests mount beside the real ones

	mismatchMu sync.Mutex
	mismatches []string // responses unlike docs/openapi.yaml (see validating)

	secrets secretSet // every secret the test was given, never to be logged (security_test.go)
}

// setup starts the API with seedTiers on a fresh database.
func setup(t *testing.T, opts ...Option) *testEnv {
	t.Helper()
	return setupEnv(t, nil, opts...)
}

// setupEnv is setup with vars added to (or replacing) the environment the
// configuration is read from, e.g. PAPRIKA_MAX_REQUEST_BYTES, and opts given
// to New, e.g. WithRenderer.
func setupEnv(t *testing.T, vars map[string]string, opts ...Option) *testEnv {
	t.Helper()
	pool, url := pgtest.NewPool(t)
	env := map[string]string{
		"PAPRIKA_DATABASE_URL": url,
		"PAPRIKA_ADMIN_TOKEN":  "adm_" + randomHex(t, 16),
		"PAPRIKA_TIERS":        seedTiers,
		"PAPRIKA_DATA_DIR":     t.TempDir(),
	}
	maps.Copy(env, vars)
	cfg, err := config.Load(config.RoleAPI, func(k string) string { return env[k] })
	require.NoError(t, err)

	e := &testEnv{
		Store:      &postgres.Store{Pool: pool},
		Pool:       pool,
		DBURL:      url,
		Config:     cfg,
		AdminToken: cfg.AdminToken,
		logs:       &syncBuffer{},
		extra:      http.NewServeMux(),
	}
	e.secrets.add(cfg.AdminToken)
	t.Cleanup(func() { e.requireNoSecretLogged(t) }) // last: after every server and worker stopped
	e.Outputs, err = storage.New(t.Context(), cfg.Storage)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Outputs.Close()) })
	opts = append([]Option{WithOutputs(e.Outputs)}, opts...)
	e.counted = &countingStore{Store: e.Store}
	e.Server = New(cfg, e.counted, slog.New(slog.NewJSONHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug})), opts...)
	t.Cleanup(func() { require.NoError(t, e.Server.Close()) }) // after the HTTP server
	real, extra := e.validating(t, e.Server.Handler()), e.Server.observe(e.extra)
	e.HTTP = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := e.extra.Handler(r); pattern != "" {
			extra.ServeHTTP(w, r)
			return
		}
		real.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { e.reportMismatches(t) }) // after the HTTP server, so after every handler
	t.Cleanup(e.HTTP.Close)                     // before the pool closes and the database is dropped
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", e.logs.String())
		}
	})
	return e
}

// route mounts h on pattern behind the same middleware and error writer as
// the real routes, for handlers that exist only in tests (a tenant route
// behind s.tenant, a handler that fails).
func (e *testEnv) route(pattern string, h handler) {
	e.extra.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			e.Server.writeError(w, r, err)
		}
	})
}

// Logs returns what the server logged so far.
func (e *testEnv) Logs() string { return e.logs.String() }

// do sends a request and returns the response with its body read. body is
// sent as is when a string or []byte, as JSON otherwise, and not at all when
// nil; token, when set, is the bearer token. Every response must carry an
// X-Request-Id, and every error body must be {code, message, requestId}
// with that id and the code's status.
func (e *testEnv) do(t *testing.T, method, path, token string, body any) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		require.NoError(t, err)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, e.HTTP.URL+path, rd)
	require.NoError(t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.send(t, req)
}

// send is do for a request made by the caller (other headers, a streamed
// body), with the same checks.
func (e *testEnv) send(t *testing.T, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := e.HTTP.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	e.secrets.collect(b)
	requireResponseShape(t, resp, b)
	return resp, b
}

// admin is do with the admin token.
func (e *testEnv) admin(t *testing.T, method, path string, body any) (*http.Response, []byte) {
	t.Helper()
	return e.do(t, method, path, e.AdminToken, body)
}

// createTenant creates tenant id (named after it) and returns it.
func (e *testEnv) createTenant(t *testing.T, id string) wire.Tenant {
	t.Helper()
	resp, body := e.admin(t, http.MethodPost, "/v1/admin/tenants", map[string]any{"id": id, "name": "Tenant " + id})
	requireStatus(t, http.StatusCreated, resp, body)
	return decodeJSON[wire.Tenant](t, body)
}

// createKey creates a key of tenantID with scopes and returns it, secret
// included.
func (e *testEnv) createKey(t *testing.T, tenantID string, scopes ...string) wire.Key {
	t.Helper()
	resp, body := e.admin(t, http.MethodPost, "/v1/admin/tenants/"+tenantID+"/keys", map[string]any{"name": "key", "scopes": scopes})
	requireStatus(t, http.StatusCreated, resp, body)
	k := decodeJSON[wire.Key](t, body)
	require.NotEmpty(t, k.Secret)
	return k
}

// requireResponseShape checks what every response owes: an X-Request-Id,
// and for errors the one error body carrying it.
func requireResponseShape(t *testing.T, resp *http.Response, body []byte) {
	t.Helper()
	id := resp.Header.Get("X-Request-Id")
	require.Regexp(t, requestIDPattern, id, "X-Request-Id of %s %s", resp.Request.Method, resp.Request.URL.Path)
	if resp.StatusCode < 400 {
		return
	}
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"), "error body: %s", body)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(body, &fields), "error body: %s", body)
	want := []string{"code", "message", "requestId"}
	if fields["code"] == "rate-limited" {
		want = append(want, "limit")
	}
	require.ElementsMatch(t, want, slices.Collect(maps.Keys(fields)), "error body: %s", body)
	require.Equal(t, id, fields["requestId"], "the error body's requestId is the X-Request-Id header")
	code, _ := fields["code"].(string)
	require.Contains(t, statuses, code, "error body: %s", body)
	require.Equal(t, statuses[code], resp.StatusCode, "status of code %s", code)
	require.NotEmpty(t, fields["message"])
}

// requireStatus fails with the body when the status is not want.
func requireStatus(t *testing.T, want int, resp *http.Response, body []byte) {
	t.Helper()
	require.Equal(t, want, resp.StatusCode, "%s %s answered %s", resp.Request.Method, resp.Request.URL, body)
}

// requireError checks an error answer's status and code and returns its body.
func requireError(t *testing.T, status int, code string, resp *http.Response, body []byte) errorBody {
	t.Helper()
	requireStatus(t, status, resp, body)
	e := decodeJSON[errorBody](t, body)
	require.Equal(t, code, e.Code, "body: %s", body)
	return e
}

// decodeJSON unmarshals body into a T.
func decodeJSON[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(body, &v), "body: %s", body)
	return v
}

// requireKeys checks that a JSON object has exactly the given fields.
func requireKeys(t *testing.T, obj map[string]any, keys ...string) {
	t.Helper()
	require.ElementsMatch(t, keys, slices.Collect(maps.Keys(obj)), "fields of %v", obj)
}

func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return hex.EncodeToString(b)
}

// syncBuffer is written by the servers while a test reads it.
type syncBuffer = testkit.SyncBuffer
