package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/pgtest"
)

// TestEveryServerHasTimeouts: the api's port and the worker's (health and
// metrics) both cut a request body that trickles past its deadline and an
// idle keep-alive connection; dev mode serves through the same serveAPI.
// The limits are shortened for the test, which is why it is not parallel
// (serverTimeouts is the process's): it runs before the parallel tests are
// let go, and puts the production limits back.
func TestEveryServerHasTimeouts(t *testing.T) {
	saved := serverTimeouts
	serverTimeouts = api.Timeouts{Header: 2 * time.Second, Body: time.Second, BatchBody: 3 * time.Second, Idle: time.Second}
	defer func() { serverTimeouts = saved }()
	require.Equal(t, api.DefaultTimeouts(), saved, "production uses the documented limits")

	db := pgtest.NewDB(t)
	vars := map[string]string{"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken,
		"PAPRIKA_DATA_DIR": t.TempDir(), "PAPRIKA_WORKERS": "1"}
	log := testLogger(t)
	apiAddr, workerAddr := make(chan net.Addr, 1), make(chan net.Addr, 1)
	startServing(t, func(ctx context.Context) error {
		return runAPI(ctx, getenv(vars), log, func(a net.Addr) { apiAddr <- a })
	})
	startServing(t, func(ctx context.Context) error {
		return runWorker(ctx, getenv(vars), log, func(a net.Addr) { workerAddr <- a })
	})
	for name, addrs := range map[string]chan net.Addr{"api": apiAddr, "worker": workerAddr} {
		var addr string
		select {
		case a := <-addrs:
			addr = fmt.Sprintf("127.0.0.1:%d", a.(*net.TCPAddr).Port)
		case <-time.After(60 * time.Second):
			t.Fatalf("the %s did not listen within 60 s", name)
		}
		// A body trickled a byte every 100 ms: cut past its deadline.
		cut, sent := trickleBody(t, addr, "/healthz", 100_000)
		require.GreaterOrEqual(t, cut, serverTimeouts.Body, name)
		require.Less(t, sent, int64(100_000), name)

		// An idle keep-alive connection: closed past the idle limit.
		idle := idleFor(t, addr)
		require.GreaterOrEqual(t, idle, serverTimeouts.Idle, name)
	}
}

// trickleBody posts to path a body of size bytes, one byte every 100 ms,
// and returns how long after the headers the server cut the connection
// (within 60 s, else the test fails) and how many bytes went out.
func trickleBody(t *testing.T, addr, path string, size int) (time.Duration, int64) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	// Before the headers go out: the server's deadline starts after it
	// reads them, so the time measured from here is never the shorter
	// (measured after the write, a descheduled client saw 999 ms of 1 s).
	start := time.Now()
	_, err = fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: paprika\r\nContent-Length: %d\r\n\r\n", path, size)
	require.NoError(t, err)
	sent := make(chan int64, 1)
	stop := make(chan struct{})
	go func() {
		var n int64
		defer func() { sent <- n }()
		for n < int64(size) {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			if _, err := conn.Write([]byte(" ")); err != nil {
				return
			}
			n++
		}
	}()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(60*time.Second)))
	_, err = io.Copy(io.Discard, conn)
	cut := time.Since(start)
	close(stop)
	var ne net.Error
	require.False(t, errors.As(err, &ne) && ne.Timeout(), "the connection was not cut within 60 s")
	return cut, <-sent
}

// idleFor sends one request on a keep-alive connection, then nothing, and
// returns how long the connection stayed open after the request was sent
// (within 60 s, else the test fails): never shorter than the server's idle
// time, which starts after it writes its answer.
func idleFor(t *testing.T, addr string) time.Duration {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	start := time.Now()
	_, err = fmt.Fprint(conn, "GET /healthz HTTP/1.1\r\nHost: paprika\r\n\r\n")
	require.NoError(t, err)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.False(t, resp.Close, "kept alive")
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(60*time.Second)))
	_, err = br.ReadByte()
	require.ErrorIs(t, err, io.EOF, "closed by the server, not by the test's 60 s")
	return time.Since(start)
}
