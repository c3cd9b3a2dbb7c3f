package api

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/storage"
)

// PostgreSQL stopped under a real api: every route that needs it answers
// 503 unavailable with Retry-After, not 500 internal, and nothing of the
// error's text (a socket path) reaches the client. The cluster is a private
// one of this test, so the others' keeps running.
func TestPostgresDownIsUnavailable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pg, err := pgserver.Start(t.Context(), pgserver.Options{Dir: filepath.Join(dir, "pg"), Fast: true})
	require.NoError(t, err, "PostgreSQL's server binaries are needed: apt-get install -y postgresql")
	t.Cleanup(func() { _ = pg.Stop() })
	url := pg.URL("postgres")
	require.NoError(t, postgres.Migrate(t.Context(), url, slog.New(slog.DiscardHandler)))
	pool, err := postgres.Open(t.Context(), url, 4)
	require.NoError(t, err)
	t.Cleanup(pool.Close)

	env := map[string]string{"PAPRIKA_DATABASE_URL": url, "PAPRIKA_ADMIN_TOKEN": "adm_0123456789abcdef",
		"PAPRIKA_TIERS": seedTiers, "PAPRIKA_DATA_DIR": dir, "PAPRIKA_WORKERS": "2"}
	cfg, err := config.Load(config.RoleAPI, func(k string) string { return env[k] })
	require.NoError(t, err)
	logs := &syncBuffer{}
	srv := New(cfg, &postgres.Store{Pool: pool}, slog.New(slog.NewJSONHandler(logs, nil)),
		WithRenderer(&fakeRenderer{}), WithOutputs(&storage.Files{Dir: dir}))
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	e := &testEnv{HTTP: hs, AdminToken: cfg.AdminToken, logs: logs}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})

	e.createTenant(t, "acme")
	key := e.createKey(t, "acme", ScopeRender, ScopeTemplates, ScopeRead).Secret
	resp, body := e.do(t, http.MethodGet, "/v1/jobs", key, nil) // the key now cached
	requireStatus(t, http.StatusOK, resp, body)

	require.NoError(t, pg.Stop())

	for _, tc := range []struct{ method, path, token string }{
		{http.MethodGet, "/v1/jobs", key}, // a pooled connection, its server gone
		{http.MethodGet, "/v1/jobs", key}, // a new connection, refused
		{http.MethodGet, "/v1/admin/tenants", e.AdminToken},
		{http.MethodPost, "/v1/jobs", "pk_not_cached_" + key[len(key)-8:]}, // the key look-up itself
		{http.MethodGet, "/v1/templates/invoice", key},
		{http.MethodGet, "/readyz", ""},
	} {
		var in any
		if tc.method == http.MethodPost {
			in = map[string]any{"template": "<p>x</p>"}
		}
		resp, body := e.do(t, tc.method, tc.path, tc.token, in)
		eb := requireError(t, http.StatusServiceUnavailable, paprika.CodeUnavailable, resp, body)
		ra, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		require.NoError(t, err, "%s %s: Retry-After %q", tc.method, tc.path, resp.Header.Get("Retry-After"))
		require.Positive(t, ra)
		require.NotContains(t, eb.Message, dir, "no server path in the answer")
		require.NotContains(t, eb.Message, ".s.PGSQL", "no socket in the answer")
	}
	require.NotContains(t, logs.String(), `"status":500`)
	require.Contains(t, logs.String(), `"msg":"unavailable"`, "the cause is logged with the request id")
}
