package api

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

// hangUp sends a synchronous render over a connection of its own and
// closes it once the render has started (started receives), before any
// answer: a client that went away mid-render.
func (e *testEnv) hangUp(t *testing.T, token string, input map[string]any, started <-chan struct{}) {
	t.Helper()
	body, err := json.Marshal(input)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", e.HTTP.Listener.Addr().String())
	require.NoError(t, err)
	w := bufio.NewWriter(conn)
	fmt.Fprintf(w, "POST /v1/renders HTTP/1.1\r\nHost: paprika\r\nAuthorization: Bearer %s\r\n"+
		"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", token, len(body), body)
	require.NoError(t, w.Flush())
	select {
	case <-started:
	case <-time.After(90 * time.Second):
		t.Fatal("the render never started")
	}
	require.NoError(t, conn.Close())
}

// rendersAnswered are the lines of paprika_http_requests_total for POST
// /v1/renders, by status.
func (e *testEnv) rendersAnswered(t *testing.T) map[string]string {
	t.Helper()
	_, body := e.getBody(t, "", "/metrics")
	out := map[string]string{}
	for line := range strings.Lines(string(body)) {
		if !strings.HasPrefix(line, "paprika_http_requests_total{") || !strings.Contains(line, `route="/v1/renders"`) {
			continue
		}
		_, rest, _ := strings.Cut(line, `status="`)
		status, value, _ := strings.Cut(rest, `"}`)
		out[status] = strings.TrimSpace(value)
	}
	return out
}

// A synchronous render that finished is counted in its tenant's usage
// whatever its client does: here the client hangs up while the render is
// still being post-processed, and the render ends after it. A render that
// ends because its client went away is no server error: it is logged as
// "client gone" at info, counted 499 (never 5xx) in
// paprika_http_requests_total and client-gone in paprika_http_errors_total,
// which the alert on server errors does not count.
func TestHangUpMidRender(t *testing.T) {
	t.Parallel()
	started := make(chan struct{}, 1)
	fake := &fakeRenderer{fn: func(ctx context.Context, in render.Input) (*render.Output, error) {
		started <- struct{}{}
		<-ctx.Done() // the client is gone
		if strings.Contains(string(in.Data), "finish") {
			// Post-processing that finishes whatever the client does.
			return &render.Output{Body: []byte(fakeBody), ContentType: htmlType, Pages: 1}, nil
		}
		return nil, ctx.Err() // as the engine answers a render whose context ended
	}}
	e := setupWork(t, nil, fake)
	acme := e.tenantKey(t, "acme")

	e.hangUp(t, acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": "finish"}), started)
	today := time.Now().UTC().Format(time.DateOnly)
	var last wire.UsageCounts
	eventually(t, "the finished render in GET /v1/usage", func() bool {
		_, body := e.getBody(t, acme, "/v1/usage?from="+today+"&to="+today)
		last = decodeJSON[wire.UsageList](t, body).Total
		return last.Renders == 1
	})
	require.Equal(t, wire.UsageCounts{Renders: 1, Documents: 1, Pages: 1, Bytes: int64(len(fakeBody)), RenderSeconds: last.RenderSeconds}, last)

	e.hangUp(t, acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": "abort"}), started)
	eventually(t, "the abandoned render in the log", func() bool {
		return strings.Contains(e.Logs(), `"msg":"client gone"`)
	})
	var answered map[string]string
	eventually(t, "the abandoned render in paprika_http_requests_total", func() bool {
		answered = e.rendersAnswered(t)
		return answered["499"] == "1"
	})
	for status := range answered {
		require.False(t, strings.HasPrefix(status, "5"), "a client that hung up is no server error: %v", answered)
	}
	require.NotContains(t, e.Logs(), `"level":"ERROR"`)
	_, body := e.getBody(t, "", "/metrics")
	require.Contains(t, string(body), `paprika_http_errors_total{code="client-gone"} 1`)
	require.Contains(t, string(body), `paprika_http_errors_total{code="internal"} 0`)
	resp, _ := e.do(t, http.MethodGet, "/healthz", "", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
}
