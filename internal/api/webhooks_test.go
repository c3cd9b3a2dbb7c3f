package api

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/webhook"
	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
	"github.com/paprikahq/paprika/internal/wire"
)

// The webhook tests run the real API, the real scheduler worker and the
// real deliverer on a fresh database, and receive over real HTTP on
// 127.0.0.1, which PAPRIKA_WEBHOOK_ALLOW_HOSTS lets webhooks reach over
// http. Every delivery is verified with the Standard Webhooks Go library.

var (
	deliveriesFields   = []string{"event", "attempts"}
	webhookEventFields = []string{"id", "type", "url", "status", "createdAt", "attempts", "nextAttemptAt", "finishedAt", "payload"}
	attemptFields      = []string{"attempt", "at", "status", "durationMs", "error"}
	webhookSecretKeys  = []string{"secret", "rotatedAt", "previous"}
)

// receiver is a webhook receiver that verifies every delivery, with each of
// its secrets on its own, and answers 500 to the first failFirst ones.
type receiver struct {
	*httptest.Server
	secrets   []string
	failFirst int

	mu  sync.Mutex
	got []delivery
}

type delivery struct {
	header   http.Header
	body     []byte
	verified []error // one per secret
}

func newReceiver(t *testing.T, failFirst int, secrets ...string) *receiver {
	t.Helper()
	rc := &receiver{secrets: secrets, failFirst: failFirst}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		d := delivery{header: r.Header.Clone(), body: body}
		for _, s := range rc.secrets {
			wh, err := standardwebhooks.NewWebhook(s)
			if err == nil {
				err = wh.Verify(body, r.Header)
			}
			d.verified = append(d.verified, err)
		}
		rc.mu.Lock()
		rc.got = append(rc.got, d)
		n := len(rc.got)
		rc.mu.Unlock()
		if n <= rc.failFirst {
			http.Error(w, "not yet", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// deliveries returns what arrived so far.
func (rc *receiver) deliveries() []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]delivery(nil), rc.got...)
}

// waitFor waits until n deliveries arrived and returns them, each verified.
func (rc *receiver) waitFor(t *testing.T, n int) []delivery {
	t.Helper()
	eventually(t, fmt.Sprintf("%d deliveries", n), func() bool { return len(rc.deliveries()) >= n })
	got := rc.deliveries()
	for i, d := range got {
		for j, err := range d.verified {
			require.NoError(t, err, "delivery %d, secret %d: %s", i+1, j+1, d.header.Get(webhook.HeaderSignature))
		}
	}
	return got
}

// webhookEnv is setupWork with allow as PAPRIKA_WEBHOOK_ALLOW_HOSTS, a
// worker rendering with r (nil: the real engine) and a deliverer resolving
// with resolver (nil: the system's) whose retries come 20 ms apart and stop
// after giveUp.
func webhookEnv(t *testing.T, giveUp time.Duration, allow string, resolver *net.Resolver, r render.Renderer) *testEnv {
	t.Helper()
	e := setupWork(t, map[string]string{"PAPRIKA_WEBHOOK_ALLOW_HOSTS": allow}, nil)
	e.startWorker(t, r)
	e.startDeliverer(t, giveUp, resolver)
	return e
}

// startDeliverer runs a deliverer over e's database until the test ends.
func (e *testEnv) startDeliverer(t *testing.T, giveUp time.Duration, resolver *net.Resolver) {
	t.Helper()
	e.startDelivererWith(t, webhook.Config{GiveUp: giveUp, Resolver: resolver})
}

// startDelivererWith is startDeliverer with cfg (its Data, AllowHosts,
// Logger, Backoff and Poll filled in).
func (e *testEnv) startDelivererWith(t *testing.T, cfg webhook.Config) {
	t.Helper()
	cfg.Data = webhook.Payloads(e.Store, e.Config.Tiers)
	cfg.AllowHosts = e.Config.WebhookAllowHosts
	cfg.Logger = slog.New(slog.NewJSONHandler(e.logs, nil)).With("process", "deliverer")
	cfg.Backoff = func(int) time.Duration { return 20 * time.Millisecond }
	cfg.Poll = 200 * time.Millisecond
	d := webhook.New(e.Store, cfg)
	runUntilCleanup(t, "the deliverer", d.Run)
}

// webhookSecret reads a tenant's secrets through the admin API.
func (e *testEnv) webhookSecret(t *testing.T, tenantID string) wire.WebhookSecret {
	t.Helper()
	_, body := e.getBody(t, e.AdminToken, "/v1/admin/tenants/"+tenantID+"/webhook-secret")
	requireKeys(t, decodeJSON[map[string]any](t, body), webhookSecretKeys...)
	ws := decodeJSON[wire.WebhookSecret](t, body)
	requireSecret(t, ws.Secret)
	return ws
}

func requireSecret(t *testing.T, s string) {
	t.Helper()
	require.True(t, strings.HasPrefix(s, "whsec_"), s)
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, "whsec_"))
	require.NoError(t, err)
	require.Len(t, key, 32)
}

// getDeliveries reads GET path (…/deliveries), checking its shape.
func (e *testEnv) getDeliveries(t *testing.T, token, path string) wire.Deliveries {
	t.Helper()
	_, body := e.getBody(t, token, path)
	obj := requireObject(t, body, deliveriesFields)
	if ev, ok := obj["event"].(map[string]any); ok {
		requireKeys(t, ev, webhookEventFields...)
	}
	for _, a := range obj["attempts"].([]any) {
		requireKeys(t, a.(map[string]any), attemptFields...)
		require.Regexp(t, timePattern, a.(map[string]any)["at"])
	}
	return decodeJSON[wire.Deliveries](t, body)
}

// waitDelivery polls a deliveries path until the event has status.
func (e *testEnv) waitDelivery(t *testing.T, token, path, status string) wire.Deliveries {
	t.Helper()
	var d wire.Deliveries
	eventually(t, path+" "+status, func() bool {
		d = e.getDeliveries(t, token, path)
		return d.Event != nil && d.Event.Status == status
	})
	return d
}

// requireSameJSON compares two JSON documents as values.
func requireSameJSON(t *testing.T, want, got []byte) {
	t.Helper()
	var w, g any
	require.NoError(t, json.Unmarshal(want, &w))
	require.NoError(t, json.Unmarshal(got, &g))
	require.Equal(t, w, g)
}

// TestWebhookRetriedThenDelivered: a job's event fails once (500), is
// retried with the same webhook-id and the same body, verifies both times,
// carries the job exactly as the API answers it, and every attempt is
// readable at /v1/jobs/{id}/deliveries by its tenant only.
func TestWebhookRetriedThenDelivered(t *testing.T) {
	t.Parallel()
	e := webhookEnv(t, time.Hour, "127.0.0.1", nil, nil)
	key := e.tenantKey(t, "acme")
	other := e.tenantKey(t, "globex")
	ws := e.webhookSecret(t, "acme")
	require.Nil(t, ws.RotatedAt)
	require.Empty(t, ws.Previous)
	rc := newReceiver(t, 1, ws.Secret)

	in := htmlJob("<p>{{n}}</p>", map[string]any{"n": 1})
	in["webhookUrl"] = rc.URL + "/hooks/paprika"
	j := e.postJob(t, key, in)
	e.waitJob(t, key, j.ID, "done")
	got := rc.waitFor(t, 2)

	id := got[0].header.Get(webhook.HeaderID)
	require.Regexp(t, `^evt_[0-9a-f]{32}$`, id)
	require.Equal(t, id, got[1].header.Get(webhook.HeaderID), "a retry keeps its webhook-id")
	require.Equal(t, got[0].body, got[1].body, "a retry sends the same body")
	for _, d := range got {
		_, err := strconv.ParseInt(d.header.Get(webhook.HeaderTimestamp), 10, 64)
		require.NoError(t, err)
		require.Equal(t, "application/json", d.header.Get("Content-Type"))
	}
	var ev struct {
		Type      string          `json:"type"`
		Timestamp string          `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}
	requireKeys(t, decodeJSON[map[string]any](t, got[0].body), "type", "timestamp", "data")
	require.NoError(t, json.Unmarshal(got[0].body, &ev))
	require.Equal(t, "job.finished", ev.Type)
	require.Regexp(t, timePattern, ev.Timestamp)
	_, jobBody := e.getBody(t, key, "/v1/jobs/"+j.ID)
	requireSameJSON(t, jobBody, ev.Data)

	d := e.waitDelivery(t, key, "/v1/jobs/"+j.ID+"/deliveries", "delivered")
	require.Equal(t, id, d.Event.ID)
	require.Equal(t, "job.finished", d.Event.Type)
	require.Equal(t, in["webhookUrl"], d.Event.URL)
	require.Equal(t, 2, d.Event.Attempts)
	require.Nil(t, d.Event.NextAttemptAt)
	require.NotNil(t, d.Event.FinishedAt)
	requireSameJSON(t, got[0].body, d.Event.Payload)
	require.Len(t, d.Attempts, 2)
	require.Equal(t, 1, d.Attempts[0].Attempt)
	require.Equal(t, http.StatusInternalServerError, *d.Attempts[0].Status)
	require.Equal(t, "the receiver answered 500: not yet", *d.Attempts[0].Error)
	require.Equal(t, 2, d.Attempts[1].Attempt)
	require.Equal(t, http.StatusNoContent, *d.Attempts[1].Status)
	require.Nil(t, d.Attempts[1].Error)
	time.Sleep(100 * time.Millisecond)
	require.Len(t, rc.deliveries(), 2, "a delivered event is not sent again")

	// Another tenant's job is not found; a job without webhookUrl has no event.
	resp, body := e.do(t, http.MethodGet, "/v1/jobs/"+j.ID+"/deliveries", other, nil)
	requireError(t, http.StatusNotFound, "not-found", resp, body)
	plain := e.postJob(t, key, htmlJob("<p>x</p>", nil))
	e.waitJob(t, key, plain.ID, "done")
	none := e.getDeliveries(t, key, "/v1/jobs/"+plain.ID+"/deliveries")
	require.Nil(t, none.Event)
	require.Empty(t, none.Attempts)
	resp, body = e.do(t, http.MethodGet, "/v1/batches/"+j.ID+"/deliveries", key, nil)
	requireError(t, http.StatusNotFound, "not-found", resp, body)
}

// TestWebhookRotation: after a rotation both secrets sign, and each of the
// two signatures verifies with its own secret alone; the batch's event
// comes once, when its last record ends.
func TestWebhookRotation(t *testing.T) {
	t.Parallel()
	e := webhookEnv(t, time.Hour, "127.0.0.1", nil, nil)
	key := e.tenantKey(t, "acme")
	old := e.webhookSecret(t, "acme").Secret

	resp, body := e.admin(t, http.MethodPost, "/v1/admin/tenants/acme/webhook-secret", nil)
	requireStatus(t, http.StatusOK, resp, body)
	rotated := decodeJSON[wire.WebhookSecret](t, body)
	requireSecret(t, rotated.Secret)
	require.NotEqual(t, old, rotated.Secret)
	require.NotNil(t, rotated.RotatedAt)
	require.Len(t, rotated.Previous, 1)
	require.Equal(t, old, rotated.Previous[0].Secret)
	expires, err := time.Parse(time.RFC3339, rotated.Previous[0].ExpiresAt)
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(24*time.Hour), expires, time.Minute)
	require.Equal(t, rotated, e.webhookSecret(t, "acme"))

	rc := newReceiver(t, 0, old, rotated.Secret)
	b := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html",
		"records":    []any{map[string]any{"n": 1}, map[string]any{"n": 2}, map[string]any{"n": 3}},
		"webhookUrl": rc.URL})
	e.waitBatch(t, key, b.ID)
	got := rc.waitFor(t, 1)
	require.Len(t, strings.Split(got[0].header.Get(webhook.HeaderSignature), " "), 2, "one signature per active secret")
	var ev struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	require.NoError(t, json.Unmarshal(got[0].body, &ev))
	require.Equal(t, "batch.finished", ev.Type)
	_, batchBody := e.getBody(t, key, "/v1/batches/"+b.ID)
	requireSameJSON(t, batchBody, ev.Data)
	require.Equal(t, 3, decodeJSON[wire.Batch](t, ev.Data).Done)
	d := e.waitDelivery(t, key, "/v1/batches/"+b.ID+"/deliveries", "delivered")
	require.Len(t, d.Attempts, 1)
	time.Sleep(100 * time.Millisecond)
	require.Len(t, rc.deliveries(), 1, "one event per batch")

	resp, body = e.admin(t, http.MethodGet, "/v1/admin/tenants/nobody/webhook-secret", nil)
	requireError(t, http.StatusNotFound, "not-found", resp, body)
	resp, body = e.admin(t, http.MethodPost, "/v1/admin/tenants/nobody/webhook-secret", nil)
	requireError(t, http.StatusNotFound, "not-found", resp, body)
	resp, body = e.do(t, http.MethodGet, "/v1/admin/tenants/acme/webhook-secret", key, nil)
	requireError(t, http.StatusUnauthorized, "unauthorized", resp, body)
}

// TestWebhookCanceledThenGivenUp: canceling announces the job, and a
// receiver that never answers 2xx gets retries until the event is failed.
func TestWebhookCanceledThenGivenUp(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(render.Input) *render.Output {
		return &render.Output{Body: []byte("<p>x</p>"), ContentType: htmlType, Pages: 1}
	})
	defer close(release)
	e := webhookEnv(t, 2*time.Second, "127.0.0.1", nil, fake) // long enough for retries on a loaded machine
	key := e.tenantKey(t, "acme")
	rc := newReceiver(t, 1_000_000, e.webhookSecret(t, "acme").Secret)

	in := htmlJob("<p>x</p>", nil)
	in["webhookUrl"] = rc.URL
	j := e.postJob(t, key, in)
	<-started // running: canceling it takes it from its worker
	resp, body := e.do(t, http.MethodDelete, "/v1/jobs/"+j.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	d := e.waitDelivery(t, key, "/v1/jobs/"+j.ID+"/deliveries", "failed")
	require.GreaterOrEqual(t, len(d.Attempts), 2, "retried before giving up")
	require.NotNil(t, d.Event.FinishedAt)
	require.Nil(t, d.Event.NextAttemptAt)
	for _, a := range d.Attempts {
		require.Equal(t, http.StatusInternalServerError, *a.Status)
	}
	got := rc.deliveries()
	require.Len(t, got, len(d.Attempts))
	var ev struct {
		Data wire.Job `json:"data"`
	}
	require.NoError(t, json.Unmarshal(got[0].body, &ev))
	require.Equal(t, "canceled", ev.Data.Status)
}

// TestWebhookURLRefused: what webhooks may not reach is refused at
// submission with a 400 naming webhookUrl, for jobs and batches alike.
func TestWebhookURLRefused(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "hooks.internal"}, nil)
	key := e.tenantKey(t, "acme")
	for _, u := range []string{
		"http://example.com/hook", "ftp://example.com/", "/relative", "https://127.0.0.1/", "https://127.1/",
		"https://2130706433/", "https://0x7f.1/", "https://localhost/", "https://[::1]/", "https://[::ffff:127.0.0.1]/",
		"https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/", "https://192.168.0.1/", "https://100.64.0.1/",
		"https://[fd00::1]/",
	} {
		in := htmlJob("<p>x</p>", nil)
		in["webhookUrl"] = u
		resp, body := e.do(t, http.MethodPost, "/v1/jobs", key, in)
		msg := requireError(t, http.StatusBadRequest, "bad-request", resp, body).Message
		require.True(t, strings.HasPrefix(msg, "Bad request: webhookUrl "), "%s: %s", u, msg)
		resp, body = e.do(t, http.MethodPost, "/v1/batches", key, map[string]any{"template": "<p>x</p>", "records": []any{map[string]any{}}, "webhookUrl": u})
		requireError(t, http.StatusBadRequest, "bad-request", resp, body)
	}
	for _, u := range []string{"https://example.com/hook", "http://hooks.internal:8080/paprika"} {
		in := htmlJob("<p>x</p>", nil)
		in["webhookUrl"] = u
		e.postJob(t, key, in)
	}
}

// TestWebhookNeverReachesLoopback: a name that resolves to loopback passes
// submission (names are resolved at connect time) and is refused when the
// deliverer connects; the canary on loopback counts no connection.
func TestWebhookNeverReachesLoopback(t *testing.T) {
	t.Parallel()
	canary := webhooktest.NewCanary(t)
	resolver := webhooktest.Resolver(t, netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1"))
	e := webhookEnv(t, 200*time.Millisecond, "", resolver, nil)
	key := e.tenantKey(t, "acme")
	in := htmlJob("<p>x</p>", nil)
	in["webhookUrl"] = fmt.Sprintf("https://rebind.example.com:%d/hook", canary.Port)
	j := e.postJob(t, key, in)
	e.waitJob(t, key, j.ID, "done")
	d := e.waitDelivery(t, key, "/v1/jobs/"+j.ID+"/deliveries", "failed")
	require.NotEmpty(t, d.Attempts)
	for _, a := range d.Attempts {
		require.Nil(t, a.Status)
		require.Regexp(t, `^refused before connecting: webhooks may not reach this address: (127\.0\.0\.1|::1) is a loopback address$`, *a.Error)
	}
	require.Zero(t, canary.Accepts())
}

// TestWebhookAfterRetriesFail: work that fails for good after its render
// was retried (the release path) is announced, a job and a batch alike.
func TestWebhookAfterRetriesFail(t *testing.T) {
	t.Parallel()
	crash := &fakeRenderer{fn: func(context.Context, render.Input) (*render.Output, error) {
		return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "Chromium crashed"}
	}}
	e := webhookEnv(t, time.Hour, "127.0.0.1", nil, crash)
	key := e.tenantKey(t, "acme")
	rc := newReceiver(t, 0, e.webhookSecret(t, "acme").Secret)
	in := htmlJob("<p>x</p>", nil)
	in["webhookUrl"] = rc.URL + "/job"
	j := e.postJob(t, key, in)
	b := e.postBatch(t, key, map[string]any{"template": "<p>x</p>", "format": "html",
		"records": []any{map[string]any{}, map[string]any{}}, "webhookUrl": rc.URL + "/batch"})
	e.waitJob(t, key, j.ID, "failed")
	e.waitBatch(t, key, b.ID)
	e.waitDelivery(t, key, "/v1/jobs/"+j.ID+"/deliveries", "delivered")
	e.waitDelivery(t, key, "/v1/batches/"+b.ID+"/deliveries", "delivered")
	types := map[string]json.RawMessage{}
	for _, d := range rc.waitFor(t, 2) {
		var ev struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		require.NoError(t, json.Unmarshal(d.body, &ev))
		types[ev.Type] = ev.Data
	}
	job := decodeJSON[wire.Job](t, types["job.finished"])
	require.Equal(t, "failed", job.Status)
	require.Equal(t, "render-failed", job.Error.Code)
	require.Equal(t, 2, decodeJSON[wire.Batch](t, types["batch.finished"]).Failed)
}

// TestWebhookTenantDeleted: deleting a tenant cancels its queued work, and
// that announces each job and batch that asked for a webhook.
func TestWebhookTenantDeleted(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"}, nil) // no worker: the work stays queued
	e.startDeliverer(t, time.Hour, nil)
	key := e.tenantKey(t, "acme")
	rc := newReceiver(t, 0, e.webhookSecret(t, "acme").Secret)
	in := htmlJob("<p>x</p>", nil)
	in["webhookUrl"] = rc.URL
	j := e.postJob(t, key, in)
	e.postJob(t, key, htmlJob("<p>no webhook</p>", nil))
	b := e.postBatch(t, key, map[string]any{"template": "<p>x</p>", "records": []any{map[string]any{}}, "webhookUrl": rc.URL})
	resp, body := e.admin(t, http.MethodDelete, "/v1/admin/tenants/acme", nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	got := rc.waitFor(t, 2)
	time.Sleep(100 * time.Millisecond)
	require.Len(t, rc.deliveries(), 2, "one event per job or batch with a webhookUrl")
	ids := map[string]string{}
	for _, d := range got {
		var ev struct {
			Type string `json:"type"`
			Data struct {
				ID     string `json:"id"`
				Status string `json:"status"`
			} `json:"data"`
		}
		require.NoError(t, json.Unmarshal(d.body, &ev))
		require.Equal(t, "canceled", ev.Data.Status)
		ids[ev.Type] = ev.Data.ID
	}
	require.Equal(t, map[string]string{"job.finished": j.ID, "batch.finished": b.ID}, ids)
}

// TestWebhookHangingReceiver: two deliverers share the outbox (SKIP
// LOCKED); one tenant's hanging receiver holds at most its share of each
// (a quarter of 16, and 1 of 2) however long it hangs, while another
// tenant's events are delivered and work keeps being claimed and rendered;
// every event arrives exactly once when the receiver answers again.
func TestWebhookHangingReceiver(t *testing.T) {
	t.Parallel()
	e := webhookEnv(t, time.Hour, "127.0.0.1", nil, nil)
	e.startDelivererWith(t, webhook.Config{Concurrency: 2, GiveUp: time.Hour})
	key := e.tenantKey(t, "acme")
	secret := e.webhookSecret(t, "acme").Secret
	otherKey := e.tenantKey(t, "globex")
	fast := newReceiver(t, 0, e.webhookSecret(t, "globex").Secret)

	release := make(chan struct{})
	var mu sync.Mutex
	inFlight, most := 0, 0
	ids := map[string]int{}
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		wh, _ := standardwebhooks.NewWebhook(secret)
		if err := wh.Verify(body, r.Header); err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		select {
		case <-release:
		case <-r.Context().Done(): // the attempt's 10 s ran out (a slow machine): it is retried
			mu.Lock()
			inFlight--
			mu.Unlock()
			return
		}
		mu.Lock()
		inFlight--
		ids[r.Header.Get(webhook.HeaderID)]++
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer hang.Close()
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()

	// More events than a claim looks at (4 × its free slots), so that
	// another tenant's events must be found past them.
	var jobs []string
	for i := range 64 {
		in := htmlJob("<p>{{i}}</p>", map[string]any{"i": i})
		in["webhookUrl"] = hang.URL
		jobs = append(jobs, e.postJob(t, key, in).ID)
	}
	for _, id := range jobs {
		e.waitJob(t, key, id, "done") // rendering goes on while every delivery hangs
	}
	eventually(t, "5 attempts hanging", func() bool { mu.Lock(); defer mu.Unlock(); return inFlight == 5 })

	// Another tenant's events go out meanwhile.
	for i := range 3 {
		in := htmlJob("<p>{{i}}</p>", map[string]any{"i": i})
		in["webhookUrl"] = fast.URL
		j := e.postJob(t, otherKey, in)
		e.waitDelivery(t, otherKey, "/v1/jobs/"+j.ID+"/deliveries", "delivered")
	}
	fast.waitFor(t, 3)
	mu.Lock()
	require.Equal(t, 5, most, "attempts at once for one tenant: 4 of 16 and 1 of 2")
	mu.Unlock()

	close(release)
	released = true
	eventually(t, "64 deliveries", func() bool { mu.Lock(); defer mu.Unlock(); return len(ids) == 64 })
	for _, id := range jobs {
		e.waitDelivery(t, key, "/v1/jobs/"+id+"/deliveries", "delivered")
	}
	mu.Lock()
	defer mu.Unlock()
	for id, n := range ids {
		require.Equal(t, 1, n, "deliveries of %s", id)
	}
}
