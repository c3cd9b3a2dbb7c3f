package api

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
	"github.com/paprikahq/paprika/internal/worker"
)

// htmlType is the Content-Type of html documents.
const htmlType = "text/html; charset=utf-8"

// The fields of the tenant API's objects (docs/api.md), exactly.
var (
	jobFields      = []string{"id", "status", "tier", "format", "templateId", "createdAt", "startedAt", "finishedAt", "attempts", "queue", "output", "error", "metadata"}
	batchFields    = []string{"id", "status", "tier", "format", "templateId", "total", "queued", "running", "done", "failed", "canceled", "createdAt", "startedAt", "finishedAt", "queue", "metadata"}
	recordFields   = []string{"index", "status", "startedAt", "finishedAt", "error", "outputUrl"}
	templateFields = []string{"id", "name", "content", "sampleData", "options", "version", "createdAt", "updatedAt"}
)

// fakeRenderer stands in for Chromium: it records every input and answers
// with fn, or with a small HTML page when fn is nil.
type fakeRenderer struct {
	fn func(ctx context.Context, in render.Input) (*render.Output, error)

	mu    sync.Mutex
	calls []render.Input
}

func (f *fakeRenderer) Render(ctx context.Context, in render.Input) (*render.Output, error) {
	f.mu.Lock()
	f.calls = append(f.calls, in)
	f.mu.Unlock()
	if f.fn != nil {
		return f.fn(ctx, in)
	}
	return &render.Output{Body: []byte("<p>fake</p>"), ContentType: htmlType, Pages: 1}, nil
}

// Calls returns the inputs rendered so far.
func (f *fakeRenderer) Calls() []render.Input {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]render.Input(nil), f.calls...)
}

// setupChromium is setupWork with a worker, both rendering in one real
// Chromium engine (started once for the two).
func setupChromium(t *testing.T, vars map[string]string) *testEnv {
	t.Helper()
	engine := render.New(render.Config{Slots: 2})
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupWork(t, vars, engine)
	e.startWorker(t, engine)
	return e
}

// setupWork starts the API with seedTiers (vars added to the
// environment) on a fresh database, outputs in a directory of the test's
// own, and synchronous renders done by r (a fakeRenderer when nil) so that
// no Chromium is needed.
func setupWork(t *testing.T, vars map[string]string, r render.Renderer) *testEnv {
	t.Helper()
	if r == nil {
		r = &fakeRenderer{}
	}
	env := map[string]string{"PAPRIKA_WORKERS": "2"}
	maps.Copy(env, vars)
	return setupEnv(t, env, WithRenderer(r))
}

// serveAgain serves e's configuration and database again, over a pool of
// its own, with synchronous renders done by r: a second api process.
func (e *testEnv) serveAgain(t *testing.T, r render.Renderer) *testEnv {
	t.Helper()
	pool, err := pgxpool.New(t.Context(), e.DBURL)
	require.NoError(t, err)
	t.Cleanup(pool.Close) // before the database is dropped
	e2 := &testEnv{
		Store:      &postgres.Store{Pool: pool},
		Pool:       pool,
		DBURL:      e.DBURL,
		Config:     e.Config,
		AdminToken: e.AdminToken,
		logs:       &syncBuffer{},
		extra:      http.NewServeMux(),
	}
	// A store of its own, as another process has: the same folder or bucket.
	e2.Outputs, err = storage.New(t.Context(), e.Config.Storage)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e2.Outputs.Close()) })
	e2.Server = New(e.Config, e2.Store, slog.New(slog.NewJSONHandler(e2.logs, nil)), WithRenderer(r), WithOutputs(e2.Outputs))
	e2.HTTP = httptest.NewServer(e2.Server.Handler())
	t.Cleanup(e2.HTTP.Close)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("second server's log:\n%s", e2.logs.String())
		}
	})
	return e2
}

// startWorker runs a scheduler worker in-process over the API's database and
// data directory until the test ends. It renders with r, or with the real
// engine when r is nil (html needs no browser, so outputs hold real rendered
// HTML). The lease is short so that a canceled job's render stops soon.
func (e *testEnv) startWorker(t *testing.T, r render.Renderer) {
	t.Helper()
	if r == nil {
		engine := render.New(render.Config{Slots: 2})
		t.Cleanup(func() { require.NoError(t, engine.Close()) })
		r = engine
	}
	w := worker.New(postgres.NewQueue(e.Pool), worker.Config{
		Policy:   scheduler.Policy{Tiers: e.Config.Tiers, WorkerTiers: e.Config.Tiers.Names(), Lease: 3 * time.Second},
		Slots:    2,
		Renderer: r,
		Outputs:  e.Outputs,
		Logger:   slog.New(slog.NewJSONHandler(e.logs, nil)).With("process", "worker"),
		Poll:     50 * time.Millisecond,
		Grace:    2 * time.Second,
		Secret:   e.Config.SecretKey,
	})
	runUntilCleanup(t, "the worker", w.Run)
}

// runUntilCleanup runs run in the background until the test ends, then
// stops it and expects it to return nil within 15 s.
func runUntilCleanup(t *testing.T, what string, run func(context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(15 * time.Second):
			t.Errorf("%s did not stop within 15 s", what)
		}
	})
}

// tenantKey creates tenant id and a key of it holding scopes (all three
// when none are given), and returns the key's secret.
func (e *testEnv) tenantKey(t *testing.T, id string, scopes ...string) string {
	t.Helper()
	e.createTenant(t, id)
	if len(scopes) == 0 {
		scopes = allScopes
	}
	return e.createKey(t, id, scopes...).Secret
}

// tierKey creates a key of tenantID whose own tier overrides its tenant's,
// and returns its secret.
func (e *testEnv) tierKey(t *testing.T, tenantID, tier string) string {
	t.Helper()
	resp, body := e.admin(t, http.MethodPost, "/v1/admin/tenants/"+tenantID+"/keys",
		map[string]any{"name": tier + " key", "scopes": allScopes, "tier": tier})
	requireStatus(t, http.StatusCreated, resp, body)
	return decodeJSON[wire.Key](t, body).Secret
}

// sendAs sends body as is under contentType, with do's checks.
func (e *testEnv) sendAs(t *testing.T, method, path, token, contentType string, body []byte) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, e.HTTP.URL+path, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+token)
	return e.send(t, req)
}

// requireObject checks that body is a JSON object of exactly fields, with
// its times (the fields ending in At) null or RFC 3339 UTC with
// milliseconds, and returns it.
func requireObject(t *testing.T, body []byte, fields []string) map[string]any {
	t.Helper()
	obj := decodeJSON[map[string]any](t, body)
	if _, ok := obj["source"]; ok {
		fields = append(slices.Clip(fields), "source") // work from an Office file says which
	}
	requireKeys(t, obj, fields...)
	for _, f := range fields {
		if strings.HasSuffix(f, "At") && obj[f] != nil {
			require.Regexp(t, timePattern, obj[f], "%s of %s", f, body)
		}
	}
	return obj
}

// postJob submits a job, requires 202 with its Location, and returns it.
func (e *testEnv) postJob(t *testing.T, token string, in any) wire.Job {
	t.Helper()
	resp, body := e.do(t, http.MethodPost, "/v1/jobs", token, in)
	requireStatus(t, http.StatusAccepted, resp, body)
	requireObject(t, body, jobFields)
	j := decodeJSON[wire.Job](t, body)
	require.Equal(t, "/v1/jobs/"+j.ID, resp.Header.Get("Location"))
	return j
}

// htmlJob is the input of an html job rendering data with an inline template.
func htmlJob(template string, data map[string]any) map[string]any {
	return map[string]any{"template": template, "data": data, "format": "html"}
}

// getJob reads a job, checking its shape.
func (e *testEnv) getJob(t *testing.T, token, id string) wire.Job {
	t.Helper()
	resp, body := e.do(t, http.MethodGet, "/v1/jobs/"+id, token, nil)
	requireStatus(t, http.StatusOK, resp, body)
	requireObject(t, body, jobFields)
	return decodeJSON[wire.Job](t, body)
}

// waitJob polls a job until it has status, failing if it finishes otherwise.
func (e *testEnv) waitJob(t *testing.T, token, id, status string) wire.Job {
	t.Helper()
	var j wire.Job
	eventually(t, "job "+id+" "+status, func() bool {
		j = e.getJob(t, token, id)
		if j.Status != status && j.FinishedAt != nil {
			require.Failf(t, "job finished otherwise", "want %s, got %+v (error %+v)", status, j, j.Error)
		}
		return j.Status == status
	})
	return j
}

// postBatch submits a batch as JSON, requires 202 with its Location, and
// returns it.
func (e *testEnv) postBatch(t *testing.T, token string, in any) wire.Batch {
	t.Helper()
	resp, body := e.do(t, http.MethodPost, "/v1/batches", token, in)
	return requireBatchAccepted(t, resp, body)
}

func requireBatchAccepted(t *testing.T, resp *http.Response, body []byte) wire.Batch {
	t.Helper()
	requireStatus(t, http.StatusAccepted, resp, body)
	requireObject(t, body, batchFields)
	b := decodeJSON[wire.Batch](t, body)
	require.Equal(t, "/v1/batches/"+b.ID, resp.Header.Get("Location"))
	return b
}

// getBatch reads a batch, checking its shape.
func (e *testEnv) getBatch(t *testing.T, token, id string) wire.Batch {
	t.Helper()
	resp, body := e.do(t, http.MethodGet, "/v1/batches/"+id, token, nil)
	requireStatus(t, http.StatusOK, resp, body)
	requireObject(t, body, batchFields)
	return decodeJSON[wire.Batch](t, body)
}

// waitBatch polls a batch until it has finished, and returns it.
func (e *testEnv) waitBatch(t *testing.T, token, id string) wire.Batch {
	t.Helper()
	var b wire.Batch
	eventually(t, "batch "+id+" finished", func() bool {
		b = e.getBatch(t, token, id)
		return b.FinishedAt != nil
	})
	return b
}

// getBody GETs path and requires 200, returning the response and its body.
func (e *testEnv) getBody(t *testing.T, token, path string) (*http.Response, []byte) {
	t.Helper()
	resp, body := e.do(t, http.MethodGet, path, token, nil)
	requireStatus(t, http.StatusOK, resp, body)
	return resp, body
}

// measures reads GET /v1/admin/scheduler?minutes=60, by tier.
func (e *testEnv) measures(t *testing.T) map[string]scheduler.TierMeasures {
	t.Helper()
	_, body := e.getBody(t, e.AdminToken, "/v1/admin/scheduler?minutes=60")
	var m struct {
		Tiers []scheduler.TierMeasures `json:"tiers"`
	}
	require.NoError(t, json.Unmarshal(body, &m))
	out := map[string]scheduler.TierMeasures{}
	for _, tm := range m.Tiers {
		out[tm.Tier] = tm
	}
	return out
}

// eventually polls cond every 20 ms until it holds, failing after 90 s: a
// deadline for a hang, not for a speed, since renders on a busy 2-core
// machine take many times what they take on a quiet one.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// listIDs GETs a list of jobs or batches and returns its ids and next,
// checking that each item has exactly fields (unless nil).
func (e *testEnv) listIDs(t *testing.T, token, path string, fields []string) ([]string, any) {
	t.Helper()
	_, body := e.getBody(t, token, path)
	l := decodeJSON[map[string]any](t, body)
	requireKeys(t, l, "data", "next")
	ids := []string{}
	for _, v := range l["data"].([]any) {
		obj := v.(map[string]any)
		if fields != nil {
			requireKeys(t, obj, fields...)
		}
		ids = append(ids, obj["id"].(string))
	}
	return ids, l["next"]
}

// blockingRenderer renders out(in) once release is closed, and tells started
// of each render as it begins; a canceled render returns at once.
func blockingRenderer(out func(in render.Input) *render.Output) (fake *fakeRenderer, started chan string, release chan struct{}) {
	started, release = make(chan string, 8), make(chan struct{})
	fake = &fakeRenderer{fn: func(ctx context.Context, in render.Input) (*render.Output, error) {
		started <- string(in.Data)
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return out(in), nil
	}}
	return fake, started, release
}
