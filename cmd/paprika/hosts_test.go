package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// childCommand is the variable that makes this test binary run one paprika
// command as main would (see TestMain): the many-hosts test starts real
// processes it can SIGKILL.
const childCommand = "PAPRIKA_TEST_CHILD"

// child is a paprika process started from this test binary.
type child struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
	addr   chan string
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"[^"]*:(\d+)"`)

// startChild runs `paprika command` in a process of its own with vars as its
// whole environment, and stops it (SIGTERM, then SIGKILL) when the test ends.
func startChild(t *testing.T, command string, vars map[string]string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = []string{childCommand + "=" + command, "PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	c := &child{cmd: cmd, stderr: &syncBuffer{}, addr: make(chan string, 1)}
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	require.NoError(t, cmd.Start())
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			_, _ = c.stderr.Write([]byte(line + "\n"))
			if m := listening.FindStringSubmatch(line); m != nil {
				select {
				case c.addr <- "http://127.0.0.1:" + m[1]:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(40 * time.Second):
				_ = cmd.Process.Kill()
				<-done
			}
		}
		pw.Close()
		if t.Failed() {
			t.Logf("%s log:\n%s", command, c.stderr.String())
		}
	})
	return c
}

func (c *child) url(t *testing.T) string {
	t.Helper()
	select {
	case u := <-c.addr:
		c.addr <- u
		return u
	case <-time.After(60 * time.Second):
		t.Fatalf("the process did not listen within 60 s:\n%s", c.stderr.String())
		return ""
	}
}

// kill ends the process at once, as a crashed host would.
func (c *child) kill(t *testing.T) {
	t.Helper()
	require.NoError(t, c.cmd.Process.Signal(syscall.SIGKILL))
	_ = c.cmd.Wait()
}

// hookReceiver verifies every delivery with the Standard Webhooks library and
// keeps them by webhook-id.
type hookReceiver struct {
	mu     sync.Mutex
	secret string
	byID   map[string][]map[string]any
	bad    []string
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	defer h.mu.Unlock()
	wh, err := standardwebhooks.NewWebhook(h.secret)
	if err == nil {
		err = wh.Verify(body, r.Header)
	}
	if err != nil {
		h.bad = append(h.bad, err.Error())
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	var ev map[string]any
	_ = json.Unmarshal(body, &ev)
	id := r.Header.Get("webhook-id")
	h.byID[id] = append(h.byID[id], ev)
	w.WriteHeader(http.StatusNoContent)
}

// events returns one event per webhook-id, and how many deliveries came.
func (h *hookReceiver) events() (map[string]map[string]any, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	out, n := map[string]map[string]any{}, 0
	for id, evs := range h.byID {
		out[id] = evs[0]
		n += len(evs)
	}
	return out, n
}

// Many hosts, no shared disk (docs/deployment.md): two api and two worker
// processes, each with a data directory of its own, on one PostgreSQL and one
// bucket. Work submitted through one api is downloaded through the other; a
// worker killed with SIGKILL mid-batch loses nothing (its leases expire and the
// other worker finishes its records); each finished job and batch is announced
// by one webhook event, verified with the Standard Webhooks library, however
// many deliveries it took.
func TestManyHostsShareOnlyTheDatabaseAndTheBucket(t *testing.T) {
	t.Parallel()
	bucket := s3test.NewBucket(t)
	db := pgtest.NewDB(t)
	hooks := &hookReceiver{byID: map[string][]map[string]any{}}
	receiver := httptest.NewServer(hooks)
	t.Cleanup(receiver.Close)
	vars := func() map[string]string {
		return map[string]string{
			"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken,
			"PAPRIKA_DATA_DIR": t.TempDir(), "PAPRIKA_WORKERS": "2",
			"PAPRIKA_STORAGE_URL": s3test.URL(bucket),
			"AWS_ACCESS_KEY_ID":   bucket.AccessKeyID, "AWS_SECRET_ACCESS_KEY": bucket.SecretAccessKey,
			"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
		}
	}
	api1, api2 := startChild(t, "api", vars()), startChild(t, "api", vars())
	worker1 := startChild(t, "worker", vars())
	one, two := api1.url(t), api2.url(t)
	h := &serving{client: &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}}
	t.Cleanup(h.client.CloseIdleConnections)

	status, body := h.do(t, http.MethodPost, one+"/v1/admin/tenants", adminToken, `{"id": "acme", "name": "Acme"}`)
	require.Equal(t, http.StatusCreated, status, body)
	status, body = h.do(t, http.MethodPost, two+"/v1/admin/tenants/acme/keys", adminToken, `{"name": "k", "scopes": ["render"]}`)
	require.Equal(t, http.StatusCreated, status, body)
	key := body["secret"].(string)
	status, body = h.do(t, http.MethodGet, one+"/v1/admin/tenants/acme/webhook-secret", adminToken, "")
	require.Equal(t, http.StatusOK, status, body)
	hooks.mu.Lock()
	hooks.secret = body["secret"].(string)
	hooks.mu.Unlock()

	const total = 300
	records := make([]string, total)
	for i := range records {
		records[i] = fmt.Sprintf(`{"n": %d}`, i+1)
	}
	status, body = h.do(t, http.MethodPost, one+"/v1/batches", key, `{"template": "<p>record {{n}}</p>", "format": "html",
		"webhookUrl": "`+receiver.URL+`/batch", "records": [`+strings.Join(records, ",")+`]}`)
	require.Equal(t, http.StatusAccepted, status, body)
	batchID := body["id"].(string)

	// worker1 alone takes the batch; it is killed once some records are done.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		status, body = h.do(t, http.MethodGet, two+"/v1/batches/"+batchID, key, "")
		require.Equal(t, http.StatusOK, status, body)
		if body["done"].(float64) >= 5 {
			break
		}
		require.True(t, time.Now().Before(deadline), "worker1 did no record within 2 minutes: %v", body)
		time.Sleep(10 * time.Millisecond)
	}
	worker1.kill(t)
	status, body = h.do(t, http.MethodGet, two+"/v1/batches/"+batchID, key, "")
	require.Equal(t, http.StatusOK, status, body)
	require.Less(t, body["done"].(float64), float64(total), "the kill came mid-batch")
	killedAt := body["done"].(float64)

	// A job through the second api while the batch waits for its lost leases.
	status, body = h.do(t, http.MethodPost, two+"/v1/jobs", key, `{"template": "<p>job {{who}}</p>", "data": {"who": "two"},
		"format": "html", "webhookUrl": "`+receiver.URL+`/job"}`)
	require.Equal(t, http.StatusAccepted, status, body)
	jobID := body["id"].(string)
	startChild(t, "worker", vars())

	deadline = time.Now().Add(3 * time.Minute) // the killed worker's leases expire after 30 s
	for {
		status, body = h.do(t, http.MethodGet, one+"/v1/batches/"+batchID, key, "")
		require.Equal(t, http.StatusOK, status, body)
		if body["status"] != "queued" && body["status"] != "running" {
			break
		}
		require.True(t, time.Now().Before(deadline), "the batch did not finish within 3 minutes: %v", body)
		time.Sleep(200 * time.Millisecond)
	}
	require.Equal(t, "done", body["status"], body)
	require.Equal(t, float64(total), body["done"], "every record done: %v", body)
	require.Zero(t, body["failed"], body)
	t.Logf("worker1 was killed with %v of %d records done", killedAt, total)

	// Every record's document, downloaded through the other api, from the bucket.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, two+"/v1/batches/"+batchID+"/output", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := h.client.Do(req)
	require.NoError(t, err)
	zipped, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	require.Len(t, zr.File, total)
	for i, f := range zr.File {
		require.Equal(t, fmt.Sprintf("%06d.html", i+1), f.Name)
		rc, err := f.Open()
		require.NoError(t, err)
		doc, err := io.ReadAll(rc)
		rc.Close()
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("<p>record %d</p>", i+1), string(doc))
	}
	status, body = h.do(t, http.MethodGet, one+"/v1/jobs/"+jobID, key, "")
	require.Equal(t, http.StatusOK, status, body)
	require.Equal(t, "done", body["status"], body)

	// One event per finished job and batch, whatever the deliveries.
	deadline = time.Now().Add(time.Minute)
	var events map[string]map[string]any
	for {
		events, _ = hooks.events()
		if len(events) >= 2 {
			break
		}
		require.True(t, time.Now().Before(deadline), "2 webhook events within a minute; got %d", len(events))
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second) // a duplicate, if any, has time to arrive
	events, deliveries := hooks.events()
	require.Len(t, events, 2, "one event per finished job and batch")
	types := map[string]string{}
	for id, ev := range events {
		require.True(t, strings.HasPrefix(id, "evt_"), id)
		data := ev["data"].(map[string]any)
		types[ev["type"].(string)] = data["id"].(string)
		require.Equal(t, "done", data["status"])
	}
	require.Equal(t, map[string]string{"batch.finished": batchID, "job.finished": jobID}, types)
	hooks.mu.Lock()
	require.Empty(t, hooks.bad, "every delivery verifies")
	hooks.mu.Unlock()
	t.Logf("%d deliveries for %d events", deliveries, len(events))

	// Nothing on any host's disk but its own logs: the outputs are in the bucket.
	for _, c := range []*child{api1, api2, worker1} {
		for _, kv := range c.cmd.Env {
			if dir, ok := strings.CutPrefix(kv, "PAPRIKA_DATA_DIR="); ok {
				_, err := os.Stat(filepath.Join(dir, "outputs"))
				require.ErrorIs(t, err, os.ErrNotExist, "no output on a host's disk")
			}
		}
	}
}
