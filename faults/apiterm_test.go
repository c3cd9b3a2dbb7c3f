package faults

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// grace bounds how long an api may take to exit after SIGTERM: its
// shutdown waits up to 10 s for requests in flight (cmd/paprika/serve.go),
// and a little more to stop Chromium and close the pool.
const grace = 15 * time.Second

// SIGTERM an api with requests in flight, a 2 s synchronous render among
// them: they finish with their answers, new connections are refused from
// the moment the signal lands, and the process exits cleanly within its
// grace.
func TestAPITerminatedWithRequestsInFlight(t *testing.T) {
	t.Parallel()
	c := newCluster(t, nil)
	api := c.startProc("api", "api", nil)
	// Two tenants: the last free render slot goes only to a tenant that
	// holds none.
	acme, globex := c.tenant(api, "acme", ""), c.tenant(api, "globex", "")

	type result struct {
		name string
		a    answer
		err  error
	}
	results := make(chan result, 3)
	var written sync.WaitGroup
	send := func(name, key, method, path string, body any) {
		written.Add(1)
		var once sync.Once
		ctx := httptrace.WithClientTrace(t.Context(), &httptrace.ClientTrace{
			WroteRequest: func(httptrace.WroteRequestInfo) { once.Do(written.Done) },
		})
		go func() {
			a, err := c.do(ctx, method, api.URL(path), key, body)
			once.Do(written.Done)
			results <- result{name, a, err}
		}()
	}
	send("2 s render", acme, http.MethodPost, "/v1/renders", renderInput(1, 2000))
	send("1 s render", globex, http.MethodPost, "/v1/renders", renderInput(2, 1000))
	in := renderInput(3, 0)
	send("job submission", acme, http.MethodPost, "/v1/jobs", in)
	written.Wait()
	time.Sleep(300 * time.Millisecond) // into the handlers, the renders into Chromium

	kids := api.Chromiums()
	signaled := time.Now()
	api.Signal(syscall.SIGTERM)
	refusedAt := time.Time{}
	deadline := time.Now().Add(10 * time.Second)
	for refusedAt.IsZero() && time.Now().Before(deadline) {
		conn, err := net.DialTimeout("tcp", api.Addr, time.Second)
		if err == nil {
			conn.Close()
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if errors.Is(err, syscall.ECONNREFUSED) {
			refusedAt = time.Now()
		}
	}
	if refusedAt.IsZero() {
		t.Error("new connections were still accepted 10 s after SIGTERM")
	}
	for range 3 {
		r := <-results
		switch {
		case r.err != nil:
			t.Errorf("%s in flight at SIGTERM: %v", r.name, r.err)
		case r.name == "job submission":
			if r.a.status != http.StatusAccepted {
				t.Errorf("%s: %d %s", r.name, r.a.status, r.a.body)
			}
		case r.a.status != http.StatusOK || !bytes.HasPrefix(r.a.body, []byte("%PDF-")):
			t.Errorf("%s in flight at SIGTERM: %d %.200s", r.name, r.a.status, r.a.body)
		default:
			t.Logf("%s answered %d (%d bytes) %s after SIGTERM", r.name, r.a.status, len(r.a.body), time.Since(signaled).Round(time.Millisecond))
		}
	}
	if !refusedAt.IsZero() {
		t.Logf("new connections refused %s after SIGTERM", refusedAt.Sub(signaled).Round(time.Millisecond))
	}
	if !api.Wait(grace) {
		t.Fatalf("the api has not exited %s after SIGTERM", grace)
	}
	t.Logf("the api exited %s after SIGTERM: %v", time.Since(signaled).Round(time.Millisecond), api.State)
	if !api.State.Success() {
		t.Errorf("the api exited with %v, want status 0", api.State)
	}
	time.Sleep(time.Second) // Chromium's last children are a moment behind
	if left := stillRunning(kids); len(left) > 0 {
		t.Errorf("the api left Chromium processes behind: %v", left)
	}
}

// alive returns the pids of pids still running (not zombies).
func stillRunning(pids []int) []int {
	var out []int
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		if _, rest, ok := strings.Cut(string(b), ") "); ok && !strings.HasPrefix(rest, "Z") {
			out = append(out, pid)
		}
	}
	return out
}
