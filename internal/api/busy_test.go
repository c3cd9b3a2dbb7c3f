package api

import (
	"context"
	"crypto/sha256"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// Two clients of two tenants on two slots, each sending its next render the
// moment its last answer arrives, never see busy: the slot is free before
// the answer is written. (Two tenants: one tenant never holds both slots,
// see render.Slots.) The server's writer stalls a little after each write, once
// the bytes are out, as a handler descheduled on a loaded machine does:
// a slot given back only when the handler returns would be seen taken.
func TestRenderBackToBackNeverBusy(t *testing.T) {
	t.Parallel()
	pdf := append([]byte("%PDF-1.7\n"), make([]byte, 64<<10)...)
	fake := &fakeRenderer{fn: func(context.Context, render.Input) (*render.Output, error) {
		return &render.Output{Body: pdf, ContentType: "application/pdf", Pages: 1}, nil
	}}
	e := setupWork(t, map[string]string{"PAPRIKA_WORKERS": "2"}, fake)
	keys := []string{e.tenantKey(t, "acme", ScopeRender), e.tenantKey(t, "globex", ScopeRender)}
	h := e.Server.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(stallingWriter{w}, r)
	}))
	t.Cleanup(hs.Close)

	const perClient = 100
	var wg sync.WaitGroup
	for c := range 2 {
		wg.Go(func() {
			for i := range perClient {
				req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, hs.URL+"/v1/renders",
					strings.NewReader(`{"template": "<p>{{i}}</p>", "data": {"i": `+strconv.Itoa(c*perClient+i)+`}}`))
				if err != nil {
					t.Error(err)
					return
				}
				req.Header.Set("Authorization", "Bearer "+keys[c])
				// A connection a request, as a curl loop has: on a kept-alive
				// one the server reads no next request before the handler ends.
				req.Close = true
				resp, err := hs.Client().Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("client %d, render %d: status %d: %s", c, i, resp.StatusCode, body)
					return
				}
			}
		})
	}
	wg.Wait()
	require.Len(t, fake.Calls(), 2*perClient)
}

// stallingWriter sends each write to the client at once, then stalls.
type stallingWriter struct{ http.ResponseWriter }

func (w stallingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	http.NewResponseController(w.ResponseWriter).Flush() //nolint:errcheck // the test sees what arrives
	time.Sleep(3 * time.Millisecond)
	return n, err
}

// A busy answer is given before the key is looked up and before the body is
// read: an unknown key with an undecodable body is answered busy, not 401 or
// 400, while every slot is taken.
func TestBusyBeforeKeyAndBody(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(render.Input) *render.Output {
		return &render.Output{Body: []byte("%PDF-1.7"), ContentType: "application/pdf", Pages: 1}
	})
	e := setupWork(t, map[string]string{"PAPRIKA_WORKERS": "1"}, fake)
	key := e.tenantKey(t, "acme", ScopeRender)

	done := make(chan struct{})
	go func() {
		defer close(done)
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, `{"template": "<p>x</p>"}`)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("the render holding the slot: status %d: %s", resp.StatusCode, body)
		}
	}()
	waitStarted(t, started)

	calls := e.counted.total()
	for _, tc := range []struct{ name, token, body string }{
		{"unknown key, undecodable body", "pk_unknown_" + strings.Repeat("x", 20), "{not json"},
		{"no key at all", "", "{not json"},
		{"a good key, a broken template", key, `{"template": "{{#if}}"}`},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", tc.token, tc.body)
		eb := requireError(t, http.StatusServiceUnavailable, paprika.CodeBusy, resp, body)
		require.Contains(t, eb.Message, "Busy", tc.name)
		require.Equal(t, "1", resp.Header.Get("Retry-After"), tc.name)
	}
	require.Equal(t, calls, e.counted.total(), "a busy answer asked nothing of PostgreSQL")

	close(release)
	<-done
	require.Len(t, fake.Calls(), 1)
}

func TestKeyCacheBounded(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	c := newKeyCache(5*time.Second, 3)
	c.now = func() time.Time { return now }
	p := func(key, tenant string) *tenantCaller {
		var c tenantCaller
		c.Key.ID, c.Tenant.ID = key, tenant
		return &c
	}
	for i := range 10 {
		_, gen, ok := c.get("s" + strconv.Itoa(i))
		require.False(t, ok)
		c.put("s"+strconv.Itoa(i), p("k"+strconv.Itoa(i), "t"), gen)
		require.LessOrEqual(t, len(c.m), 3)
	}
	got, _, ok := c.get("s9")
	require.True(t, ok)
	require.Equal(t, "k9", got.Key.ID)
	_, hashed := c.m[sha256.Sum256([]byte("s9"))]
	require.True(t, hashed, "keyed by the secret's hash")

	now = now.Add(5 * time.Second)
	_, gen, ok := c.get("s9")
	require.False(t, ok, "expired after the ttl")

	// A look-up that raced an eviction is not kept.
	c.evictTenant("t")
	c.put("s9", p("k9", "t"), gen)
	_, _, ok = c.get("s9")
	require.False(t, ok)
}

// countingStore counts the calls of a request's path through api.Store (the
// real PostgreSQL store underneath): key look-ups, template reads, rate
// counts and measures.
type countingStore struct {
	Store
	auth, other atomic.Int64
}

func (c *countingStore) total() int64 { return c.auth.Load() + c.other.Load() }

func (c *countingStore) Authenticate(ctx context.Context, secret string) (*paprika.Principal, error) {
	c.auth.Add(1)
	return c.Store.Authenticate(ctx, secret)
}

func (c *countingStore) Template(ctx context.Context, tenantID, id string, version int) (*paprika.Template, error) {
	c.other.Add(1)
	return c.Store.Template(ctx, tenantID, id, version)
}

func (c *countingStore) CountRequest(ctx context.Context, tenantID string, limit int) (bool, int, error) {
	c.other.Add(1)
	return c.Store.CountRequest(ctx, tenantID, limit)
}

func (c *countingStore) RecordSyncRender(ctx context.Context, tier string, seconds float64) error {
	c.other.Add(1)
	return c.Store.RecordSyncRender(ctx, tier, seconds)
}

// A busy answer is logged below the default level; every other 5xx is an
// error, and client errors are information. writeError tells the request
// log which code it wrote.
func TestBusyIsNotAnErrorInTheLog(t *testing.T) {
	t.Parallel()
	require.Equal(t, slog.LevelDebug, logLevelFor(http.StatusServiceUnavailable, paprika.CodeBusy))
	require.Equal(t, slog.LevelError, logLevelFor(http.StatusServiceUnavailable, paprika.CodeUnavailable))
	require.Equal(t, slog.LevelError, logLevelFor(http.StatusInternalServerError, paprika.CodeInternal))
	require.Equal(t, slog.LevelInfo, logLevelFor(http.StatusGatewayTimeout, paprika.CodeRenderTimeout), "a tenant's own page too slow is no server error")
	require.Equal(t, slog.LevelInfo, logLevelFor(http.StatusNotFound, paprika.CodeNotFound))
	require.Equal(t, slog.LevelInfo, logLevelFor(http.StatusOK, ""))

	s := &Server{log: slog.New(slog.DiscardHandler)}
	sw := &statusWriter{ResponseWriter: httptest.NewRecorder()}
	s.writeError(sw, httptest.NewRequest(http.MethodPost, "/v1/renders", nil), render.ErrBusy)
	require.Equal(t, paprika.CodeBusy, sw.code)
	require.Equal(t, http.StatusServiceUnavailable, sw.status)
}
