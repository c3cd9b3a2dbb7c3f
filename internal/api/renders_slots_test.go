package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// A tenant holding every render slot but one, with renders in real
// Chromium that wait (waitFor) on a page the test holds, is answered busy
// when it asks for the last; another tenant gets that slot and its render
// succeeds. Without the rule the tenant's third render took the last slot
// and held it, and every other tenant was answered busy.
func TestLastSlotGoesToATenantHoldingNone(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{}, 8)
	hold := make(chan struct{})
	held := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		arrived <- struct{}{}
		select {
		case <-hold:
		case <-r.Context().Done():
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer held.Close()
	released := false
	release := func() {
		if !released {
			released = true
			close(hold)
		}
	}
	defer release() // before the server closes, so that no render waits on it

	// The render timeout bounds a held page if the test fails before release.
	engine := render.New(render.Config{Slots: 3, Timeout: 90 * time.Second,
		AllowHosts: []string{strings.TrimPrefix(held.URL, "http://")}})
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupWork(t, map[string]string{"PAPRIKA_WORKERS": "3"}, engine)
	a := e.tenantKey(t, "streamer", ScopeRender)
	b := e.tenantKey(t, "other", ScopeRender)
	slow := map[string]any{
		"template": `<p>slow</p><script>fetch("` + held.URL + `/hold").then(() => { window.ready = true })</script>`,
		"options":  map[string]any{"waitFor": "window.ready === true"},
	}

	type answer struct {
		status  int
		code    string
		retry   string
		pdf     bool
		message string
	}
	send := func(key string, in map[string]any) <-chan answer {
		out := make(chan answer, 1)
		go func() {
			resp, body, err := e.postFrom(t.Context(), "/v1/renders", key, in)
			if err != nil {
				out <- answer{code: err.Error()} // reported by the test's goroutine
				return
			}
			var eb errorBody
			if resp.StatusCode != http.StatusOK {
				_ = json.Unmarshal(body, &eb)
			}
			out <- answer{resp.StatusCode, eb.Code, resp.Header.Get("Retry-After"), bytes.HasPrefix(body, []byte("%PDF-")), eb.Message}
		}()
		return out
	}
	waitArrived := func(what string) {
		t.Helper()
		select {
		case <-arrived:
		case <-time.After(90 * time.Second):
			t.Fatalf("%s: no page reached the held server within 90 s", what)
		}
	}

	// The streamer holds two slots of three, each render waiting in Chromium.
	first, second := send(a, slow), send(a, slow)
	waitArrived("the streamer's first render")
	waitArrived("the streamer's second render")

	// Its third is answered busy: the last slot is not for a tenant holding one.
	third := send(a, slow)
	select {
	case got := <-third:
		require.Equal(t, answer{http.StatusServiceUnavailable, paprika.CodeBusy, "1", false,
			"Busy: your renders hold every render slot but the last, which is kept for other tenants; retry shortly or queue a job"},
			got, "the streamer's third render")
	case <-arrived:
		t.Fatal("the streamer's third render took the last slot")
	}

	// The other tenant gets the last slot, and its render succeeds.
	other := <-send(b, map[string]any{"template": "<p>{{who}}</p>", "data": map[string]any{"who": "other"}})
	require.Equal(t, answer{http.StatusOK, "", "", true, ""}, other, "the other tenant's render")

	release()
	for i, ch := range []<-chan answer{first, second} {
		got := <-ch
		require.Equal(t, answer{http.StatusOK, "", "", true, ""}, got, "the streamer's render %d", i+1)
	}
}

// postFrom POSTs in as JSON with key, from any goroutine (do's checks stop
// the test, which only its own goroutine may), and returns the answer.
func (e *testEnv) postFrom(ctx context.Context, path, key string, in any) (*http.Response, []byte, error) {
	j, err := json.Marshal(in)
	if err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.HTTP.URL+path, bytes.NewReader(j))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := e.HTTP.Client().Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, body, err
}
