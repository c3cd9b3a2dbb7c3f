package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// heldPages is a server that real Chromium pages fetch from and that holds
// each request until released, counting the pages waiting on it at once:
// a page waiting there is a render in a slot.
type heldPages struct {
	*httptest.Server
	arrived chan string // each request's path, as it arrives
	hold    chan struct{}
	once    sync.Once

	mu      sync.Mutex
	now     int // requests held now
	mostNow int // the most held at once
}

func newHeldPages(t *testing.T) *heldPages {
	h := &heldPages{arrived: make(chan string, 16), hold: make(chan struct{})}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		h.mu.Lock()
		h.now++
		h.mostNow = max(h.mostNow, h.now)
		h.mu.Unlock()
		defer func() { h.mu.Lock(); h.now--; h.mu.Unlock() }()
		h.arrived <- r.URL.Path
		select {
		case <-h.hold:
		case <-r.Context().Done():
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(h.Close)
	t.Cleanup(h.release) // before the server closes, so that no page waits on it
	return h
}

// release lets every request held, and every one to come, go.
func (h *heldPages) release() { h.once.Do(func() { close(h.hold) }) }

// most is the most requests held at once so far.
func (h *heldPages) most() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.mostNow
}

// template is a page that is ready only once its request to the held
// server, named who, is released.
func (h *heldPages) template() string {
	return `<p>{{who}}</p><script>fetch("` + h.URL + `/hold/{{who}}").then(() => { window.ready = true })</script>`
}

// waitArrived waits for the next request held and returns its path.
func (h *heldPages) waitArrived(t *testing.T, what string) string {
	t.Helper()
	select {
	case p := <-h.arrived:
		return p
	case <-time.After(3 * time.Minute):
		t.Fatalf("%s: no page reached the held server within 3 minutes", what)
		return ""
	}
}

// In paprika dev the api and the worker render on one engine and take one
// set of render slots (PAPRIKA_WORKERS=2 here), real Chromium rendering
// pages held on a server of the test's: with a synchronous render in one
// slot, the worker claims one record of a batch of three, not two; with
// both slots taken, another tenant's synchronous render is answered busy,
// not rendered as a third; and the two never render more than two at once.
// Before, the api and the worker had an engine and two slots each, and
// rendered up to four at once.
func TestDevRendersInOneSetOfSlots(t *testing.T) {
	t.Parallel()
	held := newHeldPages(t)
	vars := map[string]string{"PORT": "0", "PAPRIKA_DATA_DIR": t.TempDir(), "PAPRIKA_TIERS": seedTiers,
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t), "PAPRIKA_ADMIN_TOKEN": adminToken, "PAPRIKA_WORKERS": "2",
		"PAPRIKA_CLAIM_AHEAD": "0", "PAPRIKA_RENDER_TIMEOUT": "5m",
		"PAPRIKA_RENDER_ALLOW_HOSTS": strings.TrimPrefix(held.URL, "http://")}
	s, w := startDevEnv(t, vars)
	s.waitReady(t, w.URL+"/readyz")
	other := tenantWithKey(t, s, w.URL, "other", "")

	type answer struct {
		status int
		body   []byte
	}
	long := &http.Client{Transport: &http.Transport{}} // a held render outlasts s.client's timeout
	t.Cleanup(long.CloseIdleConnections)
	send := func(key, who string) <-chan answer {
		out := make(chan answer, 1)
		in, _ := json.Marshal(map[string]any{"template": held.template(), "data": map[string]any{"who": who},
			"options": map[string]any{"waitFor": "window.ready === true"}})
		go func() {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, w.URL+"/v1/renders", bytes.NewReader(in))
			if err != nil {
				out <- answer{body: []byte(err.Error())}
				return
			}
			req.Header.Set("Authorization", "Bearer "+key)
			req.Header.Set("Content-Type", "application/json")
			resp, err := long.Do(req)
			if err != nil {
				out <- answer{body: []byte(err.Error())}
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			out <- answer{resp.StatusCode, b}
		}()
		return out
	}

	// A synchronous render of the demo tenant holds one slot.
	first := send(w.DemoKey, "sync")
	require.Equal(t, "/hold/sync", held.waitArrived(t, "the synchronous render"))

	// A batch of three: the worker claims only for the one slot left.
	records := `[{"who": "r0"}, {"who": "r1"}, {"who": "r2"}]`
	status, body := s.do(t, http.MethodPost, w.URL+"/v1/batches", w.DemoKey,
		`{"template": `+jsonString(held.template())+`, "options": {"waitFor": "window.ready === true"}, "records": `+records+`}`)
	require.Equal(t, http.StatusAccepted, status, body)
	batch := w.URL + "/v1/batches/" + body["id"].(string)
	require.Regexp(t, `^/hold/r[0-2]$`, held.waitArrived(t, "the first record"))
	status, body = s.do(t, http.MethodGet, batch, w.DemoKey, "")
	require.Equal(t, http.StatusOK, status, body)
	require.EqualValues(t, 1, body["running"], "records claimed with one slot free: %v", body)

	// Both slots are taken: another tenant's render is answered busy.
	select {
	case got := <-send(other, "other"):
		require.Equal(t, http.StatusServiceUnavailable, got.status, "%s", got.body)
		require.Contains(t, string(got.body), `"message":"Busy: every render slot is taken; retry shortly or queue a job"`)
	case p := <-held.arrived:
		t.Fatalf("a third render (%s) ran beside the two holding the slots", p)
	}

	// Everything goes: the synchronous render and the batch end well, never
	// more than two rendering at once.
	held.release()
	got := <-first
	require.Equal(t, http.StatusOK, got.status, "%s", got.body)
	require.True(t, bytes.HasPrefix(got.body, []byte("%PDF-")))
	deadline := time.Now().Add(3 * time.Minute)
	for {
		status, body = s.do(t, http.MethodGet, batch, w.DemoKey, "")
		require.Equal(t, http.StatusOK, status, body)
		if body["status"] == "done" {
			break
		}
		require.NotEqual(t, "failed", body["status"], body)
		require.True(t, time.Now().Before(deadline), "the batch is not done within 3 minutes: %v", body)
		time.Sleep(100 * time.Millisecond)
	}
	require.EqualValues(t, 3, body["done"], body)
	require.Equal(t, 2, held.most(), "renders at once, with PAPRIKA_WORKERS=2")
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
