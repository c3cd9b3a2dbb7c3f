package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/s3test"
	"github.com/paprikahq/paprika/internal/testkit"
)

// TestMain runs the tests on a private PostgreSQL cluster (and, for outputs
// in a bucket, a private versitygw), then checks that every command stopped
// all it started.
func TestMain(m *testing.M) {
	if command := os.Getenv(childCommand); command != "" {
		// A child process of a test (see startChild): one command, as main runs it.
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		code := run(ctx, strings.Fields(command), os.Getenv, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	code := pgtest.Run(m)
	os.Exit(s3test.Finish(code))
}

const seedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

const adminToken = "adm_0123456789abcdef0123456789"

func getenv(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// runCmd runs the command line in-process and returns its exit status and
// what it wrote.
func runCmd(t *testing.T, vars map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(t.Context(), args, getenv(vars), &out, &errOut)
	return code, out.String(), errOut.String()
}

// requireOneLine checks the configuration-error contract: exit status 2 and
// one line on stderr, naming the variable, no stack trace.
func requireOneLine(t *testing.T, code int, stderr, command, variable string) {
	t.Helper()
	require.Equal(t, exitConfig, code, "stderr: %s", stderr)
	require.True(t, strings.HasSuffix(stderr, "\n"), "stderr: %q", stderr)
	require.Equal(t, 1, strings.Count(stderr, "\n"), "one line on stderr: %q", stderr)
	require.True(t, strings.HasPrefix(stderr, "paprika "+command+": "+variable+": "), "stderr: %q", stderr)
	require.NotContains(t, stderr, "goroutine")
}

func TestTiersMalformed(t *testing.T) {
	t.Parallel()
	for name, tiers := range map[string]string{
		"invalid JSON":     `{"standard": {"weight": 1}`,
		"not JSON":         `standard`,
		"not an object":    `["standard"]`,
		"empty object":     `{}`,
		"unknown setting":  `{"standard": {"weight": 1, "maxRuning": 5}}`,
		"weight 0":         `{"standard": {"weight": 0}}`,
		"weight negative":  `{"standard": {"weight": -1}}`,
		"weight a string":  `{"standard": {"weight": "1"}}`,
		"maxRunning 2.5":   `{"standard": {"weight": 1, "maxRunning": 2.5}}`,
		"maxRunning 0":     `{"standard": {"maxRunning": 0}}`,
		"ratePerMinute":    `{"standard": {"ratePerMinute": "600"}}`,
		"bad tier name":    `{"Gold!": {"weight": 1}}`,
		"tier given twice": `{"standard": {}, "standard": {}}`,
		// A value written over several lines, as in a YAML block, is still
		// reported on one line.
		"weight spanning lines":     "{\"standard\": {\"weight\": {\n}}}",
		"maxRunning spanning lines": "{\"standard\": {\"maxRunning\": [\n20\n]}}",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runCmd(t, map[string]string{
				"PAPRIKA_DATABASE_URL": "postgres://localhost/never-reached",
				"PAPRIKA_ADMIN_TOKEN":  adminToken,
				"PAPRIKA_TIERS":        tiers,
			}, "api")
			requireOneLine(t, code, stderr, "api", "PAPRIKA_TIERS")
			require.Empty(t, stdout)
		})
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		command  string
		vars     map[string]string
		variable string
	}{
		{"worker tier not configured", "worker", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_TIERS": seedTiers, "PAPRIKA_WORKER_TIERS": "priority,gold",
		}, "PAPRIKA_WORKER_TIERS"},
		{"worker tier of the default tiers", "worker", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_WORKER_TIERS": "priority",
		}, "PAPRIKA_WORKER_TIERS"},
		{"worker tiers malformed", "worker", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_TIERS": "{", "PAPRIKA_WORKER_TIERS": "priority",
		}, "PAPRIKA_TIERS"},
		{"api without a database", "api", map[string]string{"PAPRIKA_ADMIN_TOKEN": adminToken}, "PAPRIKA_DATABASE_URL"},
		{"worker without a database", "worker", map[string]string{}, "PAPRIKA_DATABASE_URL"},
		{"migrate without a database", "migrate", map[string]string{}, "PAPRIKA_DATABASE_URL"},
		{"api with a database URL pgx cannot read", "api", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x?sslmode=bogus", "PAPRIKA_ADMIN_TOKEN": adminToken,
		}, "PAPRIKA_DATABASE_URL"},
		{"worker with a database URL pgx cannot read", "worker", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x?connect_timeout=soon",
		}, "PAPRIKA_DATABASE_URL"},
		{"api without an admin token", "api", map[string]string{"PAPRIKA_DATABASE_URL": "postgres://localhost/x"}, "PAPRIKA_ADMIN_TOKEN"},
		{"api with a bad port", "api", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_ADMIN_TOKEN": adminToken, "PORT": "http",
		}, "PORT"},
		{"dev with malformed tiers", "dev", map[string]string{"PAPRIKA_TIERS": "{}"}, "PAPRIKA_TIERS"},
		{"api redirecting downloads of files", "api", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_ADMIN_TOKEN": adminToken, "PAPRIKA_STORAGE_REDIRECT": "true",
		}, "PAPRIKA_STORAGE_REDIRECT"},
		{"worker with a storage URL of no known kind", "worker", map[string]string{
			"PAPRIKA_DATABASE_URL": "postgres://localhost/x", "PAPRIKA_STORAGE_URL": "minio://outputs",
		}, "PAPRIKA_STORAGE_URL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := runCmd(t, c.vars, c.command)
			requireOneLine(t, code, stderr, c.command, c.variable)
		})
	}
}

func TestCommandLine(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runCmd(t, nil, "serve")
	require.Equal(t, exitConfig, code)
	require.Empty(t, stdout)
	require.Contains(t, stderr, `unknown command "serve"`)
	require.Contains(t, stderr, "usage: paprika")

	code, _, stderr = runCmd(t, nil)
	require.Equal(t, exitConfig, code)
	require.Contains(t, stderr, "usage: paprika")

	for _, arg := range []string{"version", "--version"} {
		code, stdout, stderr = runCmd(t, nil, arg)
		require.Zero(t, code)
		require.True(t, strings.HasPrefix(stdout, "paprika "), stdout)
		require.Empty(t, stderr)
	}

	code, stdout, _ = runCmd(t, nil, "help")
	require.Zero(t, code)
	require.Contains(t, stdout, "usage: paprika")
}

func TestMigrate(t *testing.T) {
	t.Parallel()
	url := pgtest.NewDB(t) // already migrated: migrate again is a no-op
	code, _, stderr := runCmd(t, map[string]string{"PAPRIKA_DATABASE_URL": url}, "migrate")
	require.Zero(t, code, stderr)
}

// testLogger keeps what a command logs and shows it when the test fails.
func testLogger(t *testing.T) *slog.Logger {
	t.Helper()
	buf := &syncBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("log:\n%s", buf.String())
		}
	})
	return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// serving is a command running in the background.
type serving struct {
	done   chan error
	cancel context.CancelFunc
	client *http.Client
}

// startServing runs fn in the background under a context of its own. When
// the test ends, fn is stopped and waited for.
func startServing(t *testing.T, fn func(ctx context.Context) error) *serving {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{done: make(chan error, 1), cancel: cancel, client: &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}}
	go func() { s.done <- fn(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(30 * time.Second):
			t.Errorf("the command did not stop within 30 s of its context's end; goroutines:\n%s", goroutines())
		}
		s.client.CloseIdleConnections()
	})
	return s
}

// goroutines are every goroutine's stack, to show where a command that
// does not stop waits.
func goroutines() []byte {
	buf := make([]byte, 4<<20)
	return buf[:runtime.Stack(buf, true)]
}

// stop cancels the command's context and returns what it returned.
func (s *serving) stop(t *testing.T) error {
	t.Helper()
	s.client.CloseIdleConnections()
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("the command did not stop within 20 s of its context's end; goroutines:\n%s", goroutines())
		return nil
	}
}

// waitReady polls url until it answers 200: /readyz waits for Chromium,
// which may take tens of seconds to start on a busy machine (30 s was
// seen at a load of 45).
func (s *serving) waitReady(t *testing.T, url string) {
	t.Helper()
	s.waitOK(t, url, 2*time.Minute)
}

// waitOK polls url until it answers 200, for up to limit.
func (s *serving) waitOK(t *testing.T, url string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		resp, err := s.client.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s does not answer 200 within %s: %v %v", url, limit, err, resp)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// do sends a request with the bearer token and decodes a JSON answer.
func (s *serving) do(t *testing.T, method, url, token, body string) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.NotEmpty(t, resp.Header.Get("X-Request-Id"))
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var v map[string]any
	if len(b) > 0 {
		require.NoError(t, json.Unmarshal(b, &v), "body: %s", b)
	}
	return resp.StatusCode, v
}

// The API binary end to end: on :0 against a real database, over real HTTP,
// then a graceful stop.
func TestAPIEndToEnd(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"PORT":                 "0",
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t),
		"PAPRIKA_ADMIN_TOKEN":  adminToken,
		"PAPRIKA_TIERS":        seedTiers,
	}
	addrs := make(chan net.Addr, 1)
	log := testLogger(t)
	s := startServing(t, func(ctx context.Context) error {
		return runAPI(ctx, getenv(vars), log, func(a net.Addr) { addrs <- a })
	})
	var base string
	select {
	case a := <-addrs:
		base = "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port)
	case err := <-s.done:
		t.Fatalf("the api stopped before listening: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the api did not listen within 2 minutes (a busy machine can take 30 s to check Chromium's sandbox)")
	}

	s.waitReady(t, base+"/readyz")
	status, body := s.do(t, http.MethodGet, base+"/readyz", "", "")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, true, body["chromiumSandboxed"], "Chromium's sandbox is on, and /readyz says so")
	status, body = s.do(t, http.MethodPost, base+"/v1/admin/tenants", adminToken, `{"id": "fabrikam", "name": "Fabrikam"}`)
	require.Equal(t, http.StatusCreated, status, body)
	require.Equal(t, "fabrikam", body["id"])
	status, body = s.do(t, http.MethodPatch, base+"/v1/admin/tenants/fabrikam", adminToken, `{"tier": "priority"}`)
	require.Equal(t, http.StatusOK, status, body)
	require.Equal(t, "priority", body["tier"])
	status, body = s.do(t, http.MethodPatch, base+"/v1/admin/tenants/fabrikam", adminToken, `{"tier": "gold"}`)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "Bad request: tier is one of standard, priority, or null", body["message"])
	status, _ = s.do(t, http.MethodGet, base+"/v1/admin/tenants", "", "")
	require.Equal(t, http.StatusUnauthorized, status)

	// A request in flight when the stop comes is answered before the api
	// returns: its body arrives after the cancel.
	pr, pw := io.Pipe()
	const tenant = `{"id": "late", "name": "Late"}`
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/v1/admin/tenants", pr)
	require.NoError(t, err)
	req.ContentLength = int64(len(tenant))
	req.Header.Set("Authorization", "Bearer "+adminToken)
	answered := make(chan int, 1)
	go func() {
		resp, err := s.client.Do(req)
		if err != nil {
			answered <- 0
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	_, err = pw.Write([]byte(tenant[:10])) // returns once the client sends the body, after the headers
	require.NoError(t, err)
	time.Sleep(50 * time.Millisecond) // let the server start the handler
	s.cancel()
	time.Sleep(50 * time.Millisecond)
	_, err = pw.Write([]byte(tenant[10:]))
	require.NoError(t, err)
	require.NoError(t, pw.Close())
	require.Equal(t, http.StatusCreated, <-answered)

	require.NoError(t, s.stop(t), "a canceled context is a clean stop")
	_, err = net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second)
	require.Error(t, err, "the port is closed after the stop")
}

func TestWorkerEndToEnd(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"PORT":                 "0",
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t),
		"PAPRIKA_TIERS":        seedTiers,
		"PAPRIKA_WORKER_TIERS": "priority",
	}
	addrs := make(chan net.Addr, 1)
	log := testLogger(t)
	s := startServing(t, func(ctx context.Context) error {
		return runWorker(ctx, getenv(vars), log, func(a net.Addr) { addrs <- a })
	})
	var base string
	select {
	case a := <-addrs:
		base = "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port)
	case err := <-s.done:
		t.Fatalf("the worker stopped before listening: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the worker did not listen within 2 minutes (a busy machine can take 30 s to check Chromium's sandbox)")
	}
	s.waitReady(t, base+"/readyz")
	bodies := map[string]string{}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := s.client.Get(base + path)
		require.NoError(t, err)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		bodies[path] = string(b)
	}
	// Chromium's sandbox is on, and says so.
	require.JSONEq(t, `{"status":"ready","chromiumSandboxed":true}`, bodies["/readyz"])
	require.Contains(t, bodies["/metrics"], "\npaprika_chromium_sandboxed 1\n")
	require.NoError(t, s.stop(t))
}

// welcome is what dev mode prints once it listens.
type welcome struct {
	URL, Database, AdminToken, DemoKey string
	Out                                string // the whole text
}

var welcomeLines = map[string]*regexp.Regexp{
	"URL":        regexp.MustCompile(`(?m)^\s+URL\s+(http://\S+)$`),
	"database":   regexp.MustCompile(`(?m)^\s+database\s+(\S+)$`),
	"adminToken": regexp.MustCompile(`(?m)^\s+admin token\s+(\S+)$`),
	"demoKey":    regexp.MustCompile(`(?m)^\s+demo key\s+(\S+)$`),
}

// startDev runs dev mode on dataDir with a private PostgreSQL and waits for
// its welcome text.
func startDev(t *testing.T, dataDir string) (*serving, welcome) {
	t.Helper()
	return startDevEnv(t, map[string]string{
		"PORT":             "0",
		"PAPRIKA_DATA_DIR": dataDir,
		"PAPRIKA_TIERS":    seedTiers,
	})
}

// startDevEnv runs dev mode with vars and waits for its welcome text.
func startDevEnv(t *testing.T, vars map[string]string) (*serving, welcome) {
	t.Helper()
	stdout := &syncBuffer{}
	log := testLogger(t)
	s := startServing(t, func(ctx context.Context) error {
		return runDev(ctx, getenv(vars), log, stdout)
	})
	deadline := time.After(30 * time.Second)
	for !strings.Contains(stdout.String(), "Stop with Ctrl-C.") {
		select {
		case err := <-s.done:
			t.Fatalf("dev stopped before it listened: %v\nstdout: %s", err, stdout)
		case <-deadline:
			t.Fatalf("dev printed no welcome within 30 s; stdout: %s", stdout)
		case <-time.After(20 * time.Millisecond):
		}
	}
	out := stdout.String()
	field := func(name string) string {
		m := welcomeLines[name].FindStringSubmatch(out)
		require.NotNil(t, m, "%s in the welcome:\n%s", name, out)
		return m[1]
	}
	w := welcome{URL: field("URL"), Database: field("database"), AdminToken: field("adminToken"), DemoKey: field("demoKey"), Out: out}
	require.Contains(t, out, "export PAPRIKA_URL="+w.URL+" PAPRIKA_ADMIN_TOKEN="+w.AdminToken+" PAPRIKA_KEY="+w.DemoKey)
	return s, w
}

// Dev mode for a newcomer: a private PostgreSQL, an admin token and a demo
// key printed, kept in dev.json and found again on the next start; and the
// private PostgreSQL stopped with it.
func TestDev(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s, w := startDev(t, dataDir)

	s.waitReady(t, w.URL+"/readyz")
	status, body := s.do(t, http.MethodPost, w.URL+"/v1/admin/tenants", w.AdminToken, `{"id": "fabrikam", "name": "Fabrikam"}`)
	require.Equal(t, http.StatusCreated, status, body)
	status, body = s.do(t, http.MethodPatch, w.URL+"/v1/admin/tenants/fabrikam", w.AdminToken, `{"tier": "priority"}`)
	require.Equal(t, http.StatusOK, status, body)
	require.Equal(t, "priority", body["tier"])
	status, body = s.do(t, http.MethodGet, w.URL+"/v1/admin/tenants", w.AdminToken, "")
	require.Equal(t, http.StatusOK, status, body)
	var ids []string
	for _, tn := range body["data"].([]any) {
		ids = append(ids, tn.(map[string]any)["id"].(string))
	}
	require.Equal(t, []string{"demo", "fabrikam"}, ids)

	// The demo key is a live key of the demo tenant, with every scope.
	pool, err := pgxpool.New(t.Context(), w.Database)
	require.NoError(t, err)
	p, err := (&postgres.Store{Pool: pool}).Authenticate(t.Context(), w.DemoKey)
	pool.Close()
	require.NoError(t, err)
	require.Equal(t, "demo", p.Tenant.ID)
	require.ElementsMatch(t, []string{"render", "templates", "read"}, p.Key.Scopes)

	// dev.json holds both, for the owner only.
	fi, err := os.Stat(filepath.Join(dataDir, "dev.json"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	var st devState
	b, err := os.ReadFile(filepath.Join(dataDir, "dev.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &st))
	require.Equal(t, devState{AdminToken: w.AdminToken, DemoKey: w.DemoKey, SecretKey: st.SecretKey}, st)
	require.Len(t, st.SecretKey, 44, "and the PAPRIKA_SECRET_KEY dev made: 32 bytes, base64")

	pidFile := filepath.Join(dataDir, "postgres", "pgdata", "postmaster.pid")
	pid := postmasterPID(t, pidFile)
	require.NoError(t, syscall.Kill(pid, 0), "postgres runs")

	pgdata := filepath.Dir(pidFile)
	require.NotEmpty(t, processesIn(t, pgdata))
	require.NoError(t, s.stop(t))
	require.NoFileExists(t, pidFile, "postgres shut down cleanly")
	require.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "postgres (pid %d) is gone", pid)
	require.Empty(t, processesIn(t, pgdata), "no postgres process is left")

	// The second start finds its cluster, its tokens and its data again.
	s2, w2 := startDev(t, dataDir)
	require.Equal(t, w.AdminToken, w2.AdminToken)
	require.Equal(t, w.DemoKey, w2.DemoKey)
	status, body = s2.do(t, http.MethodGet, w2.URL+"/v1/admin/tenants/fabrikam", w2.AdminToken, "")
	require.Equal(t, http.StatusOK, status, body)
	require.Equal(t, "priority", body["tier"])
	status, body = s2.do(t, http.MethodGet, w2.URL+"/v1/admin/tenants/demo/keys", w2.AdminToken, "")
	require.Equal(t, http.StatusOK, status, body)
	require.Len(t, body["data"], 1, "no second demo key")
	pid = postmasterPID(t, pidFile)
	require.NoError(t, s2.stop(t))
	require.NoFileExists(t, pidFile)
	require.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH)
	require.Empty(t, processesIn(t, pgdata))
}

// processesIn returns the processes working in dir: the postmaster and
// every one of its children chdir to their pgdata.
func processesIn(t *testing.T, dir string) []int {
	t.Helper()
	dir, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	entries, err := os.ReadDir("/proc")
	require.NoError(t, err)
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid)); err == nil && cwd == dir {
			pids = append(pids, pid)
		}
	}
	return pids
}

func postmasterPID(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	line, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	require.NoError(t, err)
	return pid
}

// syncBuffer is written by the servers while a test reads it.
type syncBuffer = testkit.SyncBuffer
