package api

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/render"
)

// testTimeouts are the production limits shortened, in the same order:
// the batch body's deadline is longer than any other's.
var testTimeouts = Timeouts{Header: 2 * time.Second, Body: time.Second, BatchBody: 3 * time.Second, Idle: time.Second}

// serveTimeouts serves e's API over real TCP under t, as the processes do
// (NewHTTPServer), and returns its address.
func serveTimeouts(t *testing.T, e *testEnv, to Timeouts) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := NewHTTPServer(e.Server.Handler(), to, nil)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		srv.Close()
		require.ErrorIs(t, <-done, http.ErrServerClosed)
	})
	return ln.Addr().String()
}

// trickle sends a request's headers, announcing a body of size bytes, then
// one byte of it every 100 ms until the server cuts the connection. It
// returns how long after the headers the connection was cut, what the
// server answered, and how many body bytes went out. The test fails if
// the connection is not cut within 60 s (a busy machine's margin).
func trickle(t *testing.T, addr, method, path, key string, size int) (cut time.Duration, answer string, sent int64) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	// Before the headers go out: the server's deadline starts after it
	// reads them, so the time measured from here is never the shorter
	// (measured after the write, a descheduled client saw 999 ms of 1 s).
	start := time.Now()
	_, err = fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: paprika\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", method, path, key, size)
	require.NoError(t, err)
	var n atomic.Int64
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for n.Load() < int64(size) {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if _, err := conn.Write([]byte(" ")); err != nil {
				return
			}
			n.Add(1)
		}
	}()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(60*time.Second)))
	b, err := io.ReadAll(conn)
	cut = time.Since(start)
	var ne net.Error
	require.False(t, errors.As(err, &ne) && ne.Timeout(), "the connection was not cut within 60 s")
	return cut, string(b), n.Load()
}

// TestBodyDeadline: a client that trickles its body a byte every 100 ms is
// cut once the body's deadline is past, answered 400 before the cut, and
// never before the deadline; POST /v1/batches has its longer deadline.
func TestBodyDeadline(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	addr := serveTimeouts(t, e, testTimeouts)
	for _, c := range []struct {
		method, path string
		deadline     time.Duration
	}{
		{http.MethodPost, "/v1/jobs", testTimeouts.Body},
		{http.MethodPost, "/v1/renders", testTimeouts.Body},
		{http.MethodPost, "/v1/batches", testTimeouts.BatchBody},
	} {
		t.Run(strings.TrimPrefix(c.path, "/v1/"), func(t *testing.T) {
			t.Parallel()
			const size = 100_000 // 10,000 s at 10 bytes a second: never whole
			cut, answer, sent := trickle(t, addr, c.method, c.path, key, size)
			require.GreaterOrEqual(t, cut, c.deadline, "cut before its deadline")
			require.Less(t, sent, int64(size))
			if answer != "" { // a handler reading the body answers why
				require.True(t, strings.HasPrefix(answer, "HTTP/1.1 400 "), answer)
				require.Contains(t, answer, `"code":"bad-request"`)
			}
		})
	}
}

// TestBodyDeadlineCutsUnreadBody: a body no handler reads (the request is
// refused before it) is bounded too: the server drains it under the same
// deadline, so a client cannot hold the connection with it.
func TestBodyDeadlineCutsUnreadBody(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	addr := serveTimeouts(t, e, testTimeouts)
	cut, answer, _ := trickle(t, addr, http.MethodPost, "/v1/jobs", "pk_not_a_key", 100_000)
	require.GreaterOrEqual(t, cut, testTimeouts.Body)
	require.True(t, strings.HasPrefix(answer, "HTTP/1.1 401 "), answer)
}

// TestIdleKeepAliveClosed: a keep-alive connection that sends nothing after
// its answer is closed once idle past Idle, and not before.
func TestIdleKeepAliveClosed(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	addr := serveTimeouts(t, e, testTimeouts)
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	// The server's idle time starts after it writes its answer, which is
	// after this: measured from here, the idle time seen is never shorter
	// than the server's (measured from after the answer is read, it was
	// 998 ms of a 1 s limit once on a busy machine).
	sent := time.Now()
	_, err = fmt.Fprint(conn, "GET /healthz HTTP/1.1\r\nHost: paprika\r\n\r\n")
	require.NoError(t, err)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	_, err = io.Copy(io.Discard, resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.False(t, resp.Close, "kept alive")
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(60*time.Second)))
	_, err = br.ReadByte()
	require.ErrorIs(t, err, io.EOF, "closed by the server, not by the test's 60 s")
	require.GreaterOrEqual(t, time.Since(sent), testTimeouts.Idle)
}

// TestSlowRenderNotCut: a synchronous render that takes longer than the
// body's deadline, and its large answer read slowly, complete: the
// deadline ends with the body.
func TestSlowRenderNotCut(t *testing.T) {
	t.Parallel()
	doc := bytes.Repeat([]byte("<p>slow</p>"), 400_000) // 4.4 MB, more than the sockets hold
	slow := &fakeRenderer{fn: func(ctx context.Context, in render.Input) (*render.Output, error) {
		select {
		case <-time.After(3 * testTimeouts.Body):
		case <-ctx.Done(): // the request's context, which a deadline left on the connection would cancel
			return nil, ctx.Err()
		}
		return &render.Output{Body: doc, ContentType: htmlType, Pages: 1}, nil
	}}
	e := setupWork(t, nil, slow)
	key := e.tenantKey(t, "acme")
	addr := serveTimeouts(t, e, testTimeouts)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, "http://"+addr+"/v1/renders",
		strings.NewReader(`{"template": "<p>slow</p>", "format": "html"}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	got := readSlowly(t, resp.Body, 3*testTimeouts.Body)
	require.Equal(t, len(doc), len(got))
}

// TestSlowDownloadNotCut: an output downloaded more slowly than any body
// deadline arrives whole, from either store (a bucket's stream ends with
// the request's context, which a deadline on the connection would cancel).
func TestSlowDownloadNotCut(t *testing.T) {
	t.Parallel()
	doc := bytes.Repeat([]byte("<p>big</p>"), 500_000) // 5 MB, more than the sockets hold
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupWork(t, vars, nil)
		e.startWorker(t, &fakeRenderer{fn: func(context.Context, render.Input) (*render.Output, error) {
			return &render.Output{Body: doc, ContentType: htmlType, Pages: 1}, nil
		}})
		key := e.tenantKey(t, "acme")
		j := e.postJob(t, key, htmlJob("<p>big</p>", nil))
		e.waitJob(t, key, j.ID, "done")
		addr := serveTimeouts(t, e, testTimeouts)
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, "http://"+addr+"/v1/jobs/"+j.ID+"/output", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		got := readSlowly(t, resp.Body, 3*testTimeouts.Body)
		require.Equal(t, len(doc), len(got))
		require.True(t, bytes.Equal(doc, got))
	})
}

// readSlowly reads r in 64 KiB pieces spread over at least over, so that
// the answer is still being sent well past the body's deadline.
func readSlowly(t *testing.T, r io.Reader, over time.Duration) []byte {
	t.Helper()
	start := time.Now()
	var out []byte
	buf := make([]byte, 64<<10)
	for pieces := 0; ; pieces++ {
		if pieces < 20 {
			time.Sleep(over / 20)
		}
		n, err := io.ReadFull(r, buf)
		out = append(out, buf[:n]...)
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		require.NoError(t, err)
	}
	require.GreaterOrEqual(t, time.Since(start), over)
	return out
}

// TestDefaultTimeouts: the production limits are the documented ones.
func TestDefaultTimeouts(t *testing.T) {
	t.Parallel()
	require.Equal(t, Timeouts{Header: 10 * time.Second, Body: 60 * time.Second, BatchBody: 10 * time.Minute, Idle: 120 * time.Second},
		DefaultTimeouts())
	srv := NewHTTPServer(http.NotFoundHandler(), DefaultTimeouts(), nil)
	require.Zero(t, srv.ReadTimeout, "a whole-request deadline would cut uploads of batches")
	require.Zero(t, srv.WriteTimeout, "a response deadline would cut downloads and renders")
	require.Equal(t, 120*time.Second, srv.IdleTimeout)
	require.Equal(t, 10*time.Second, srv.ReadHeaderTimeout)
}
