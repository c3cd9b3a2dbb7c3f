package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// TestWebhookEndToEnd wires what the commands wire: a job submitted to
// `paprika api` with webhookUrl is rendered by `paprika worker`, whose
// deliverer posts the signed event, and the worker's /metrics counts it.
func TestWebhookEndToEnd(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"PORT":                        "0",
		"PAPRIKA_DATABASE_URL":        pgtest.NewDB(t),
		"PAPRIKA_ADMIN_TOKEN":         adminToken,
		"PAPRIKA_TIERS":               seedTiers,
		"PAPRIKA_DATA_DIR":            t.TempDir(),
		"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
	}
	listen := func(name string, run func(ctx context.Context, onListen listenFunc) error) (*serving, string) {
		addrs := make(chan net.Addr, 1)
		s := startServing(t, func(ctx context.Context) error { return run(ctx, func(a net.Addr) { addrs <- a }) })
		select {
		case a := <-addrs:
			return s, "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port)
		case err := <-s.done:
			t.Fatalf("%s stopped before listening: %v", name, err)
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s did not listen within 2 minutes", name)
		}
		return nil, ""
	}
	log := testLogger(t)
	api, apiURL := listen("the api", func(ctx context.Context, on listenFunc) error { return runAPI(ctx, getenv(vars), log, on) })
	worker, workerURL := listen("the worker", func(ctx context.Context, on listenFunc) error {
		return runWorker(ctx, getenv(vars), log.With("process", "worker"), on)
	})

	status, body := api.do(t, http.MethodPost, apiURL+"/v1/admin/tenants", adminToken, `{"id": "acme", "name": "Acme"}`)
	require.Equal(t, http.StatusCreated, status, body)
	status, body = api.do(t, http.MethodPost, apiURL+"/v1/admin/tenants/acme/keys", adminToken, `{"name": "k", "scopes": ["render"]}`)
	require.Equal(t, http.StatusCreated, status, body)
	key := body["secret"].(string)
	status, body = api.do(t, http.MethodGet, apiURL+"/v1/admin/tenants/acme/webhook-secret", adminToken, "")
	require.Equal(t, http.StatusOK, status, body)
	wh, err := standardwebhooks.NewWebhook(body["secret"].(string))
	require.NoError(t, err)

	var mu sync.Mutex
	var verified []error
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		verified = append(verified, wh.Verify(b, r.Header))
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rc.Close()
	status, body = api.do(t, http.MethodPost, apiURL+"/v1/jobs", key,
		`{"template": "<p>{{n}}</p>", "data": {"n": 1}, "format": "html", "webhookUrl": "`+rc.URL+`/hook"}`)
	require.Equal(t, http.StatusAccepted, status, body)

	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(verified)
		mu.Unlock()
		if n > 0 {
			break
		}
		require.False(t, time.Now().After(deadline), "no delivery within 30 s")
		time.Sleep(50 * time.Millisecond)
	}
	mu.Lock()
	require.Equal(t, []error{nil}, verified)
	mu.Unlock()
	require.Eventually(t, func() bool {
		resp, err := worker.client.Get(workerURL + "/metrics")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		m, _ := io.ReadAll(resp.Body)
		return strings.Contains(string(m), `paprika_webhook_attempts_total{outcome="delivered"} 1`)
	}, 10*time.Second, 50*time.Millisecond)
	require.NoError(t, worker.stop(t))
	require.NoError(t, api.stop(t))
}
