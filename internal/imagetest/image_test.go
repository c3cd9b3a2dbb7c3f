//go:build imagetest

package imagetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgserver"
)

// The example tiers, as docker-compose.yml's comment sets them.
const seedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

// image is the product's image as this test builds it.
const image = "localhost/paprika:image-test"

// TestImage builds the image from the product's Dockerfile, runs
// docker-compose.yml's api, worker and worker-priority from it (each with
// the compose file's own command, environment, init and seccomp profile)
// against a PostgreSQL on the host, and drives them as a user would: a
// tenant moved between tiers, jobs and a batch, the reserved worker
// claiming only its tier, a PDF with CJK and emoji text, Chromium's
// sandbox on in every container, and a clean stop.
func TestImage(t *testing.T) {
	requireRootPodman(t)
	for _, tool := range []string{"pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found: install it with: apt-get install -y poppler-utils", tool)
		}
	}
	began := time.Now()
	repo, p := repoAndPodman(t)

	// --- the images ------------------------------------------------------
	buildImage(t, p, repo)
	built := time.Now()

	// --- PostgreSQL on the host, as the compose file's postgres service ---
	pgPort := freePort(t)
	pgDir, err := os.MkdirTemp("", "paprika-image-test-pg-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(pgDir) })
	pg, err := pgserver.Start(t.Context(), pgserver.Options{Dir: pgDir, Port: pgPort, Fast: true})
	must(t, err)
	t.Cleanup(func() { _ = pg.Stop() })
	createDatabase(t, pg.URL("postgres"))

	// --- the services, one by one, from the compose file ------------------
	adminToken := "adm_" + randomHex(16)
	services := loadCompose(t, filepath.Join(repo, "docker-compose.yml"), map[string]string{
		"PAPRIKA_ADMIN_TOKEN": adminToken,
		"PAPRIKA_TIERS":       seedTiers,
		"PAPRIKA_IMAGE":       image,
	})
	dataDir := filepath.Join(pgDir, "data") // pgDir is reachable by others: pgserver made sure
	must(t, os.Mkdir(dataDir, 0o755))
	must(t, os.Chown(dataDir, 10001, 10001)) // the image's paprika user
	run := &topology{t: t, p: p, repo: repo, services: services, pgPort: pgPort, dataDir: dataDir,
		prefix: "paprika-image-test-" + strconv.Itoa(os.Getpid()) + "-", ports: map[string]int{}}
	for _, name := range []string{"api", "worker", "worker-priority"} {
		run.start(name, name)
	}
	for _, name := range []string{"api", "worker", "worker-priority"} {
		body := run.waitReady(name, 3*time.Minute)
		require.JSONEq(t, `{"status":"ready","chromiumSandboxed":true}`, body, "%s's /readyz", name)
		metrics := run.get(name, "/metrics")
		require.Contains(t, metrics, "\npaprika_chromium_sandboxed 1\n", "%s's /metrics", name)
	}
	started := time.Now()

	api := &client{t: t, base: run.url("api"), admin: adminToken}

	// --- a tenant, its key, a PDF with CJK and emoji text ------------------
	api.must(http.MethodPost, "/v1/admin/tenants", "admin", `{"id": "acme", "name": "Acme"}`, http.StatusCreated)
	var key struct{ Secret string }
	api.decode(api.must(http.MethodPost, "/v1/admin/tenants/acme/keys", "admin", `{"name": "image-test", "scopes": ["render", "read"]}`, http.StatusCreated), &key)
	api.key = key.Secret

	pdf := api.must(http.MethodPost, "/v1/renders", "key",
		`{"template": "<h1 style=\"font-family: sans-serif\">{{greeting}} 🎉</h1><p>日本語のテキスト、한국어 텍스트</p>", "data": {"greeting": "你好，世界"}}`, http.StatusOK)
	checkCJK(t, pdf)
	run.checkSandboxed("api")

	// --- moved to priority: jobs and a batch, claimed at priority ----------
	api.must(http.MethodPatch, "/v1/admin/tenants/acme", "admin", `{"tier": "priority"}`, http.StatusOK)
	priorityJobs := api.jobs(3, "priority")
	var batch struct{ ID string }
	records := make([]string, 8)
	for i := range records {
		records[i] = fmt.Sprintf(`{"n": %d}`, i+1)
	}
	api.decode(api.must(http.MethodPost, "/v1/batches", "key",
		`{"template": "<p>Record {{n}}: 你好 🎉</p>", "records": [`+strings.Join(records, ",")+`]}`, http.StatusAccepted), &batch)
	b := api.waitBatch(batch.ID, 3*time.Minute)
	require.Equal(t, "done", b["status"])
	require.EqualValues(t, len(records), b["done"], "every record done: %v", b)
	require.Equal(t, "priority", b["tier"])

	// --- moved back to standard: the reserved worker takes none of it ------
	api.must(http.MethodPatch, "/v1/admin/tenants/acme", "admin", `{"tier": "standard"}`, http.StatusOK)
	standardJobs := api.jobs(3, "standard")

	reserved := run.claims("worker-priority")
	require.NotEmpty(t, reserved, "worker-priority claimed nothing of the priority work")
	for _, c := range reserved {
		require.Equal(t, "priority", c.Tier, "worker-priority claimed %+v", c)
	}
	shared := run.claims("worker")
	claimedBy := map[string]string{}
	for _, c := range reserved {
		claimedBy[c.JobID] = "worker-priority"
	}
	for _, c := range shared {
		if c.JobID != "" {
			claimedBy[c.JobID] = "worker"
		}
	}
	for _, id := range standardJobs {
		require.Equal(t, "worker", claimedBy[id], "standard job %s", id)
	}
	for _, id := range priorityJobs {
		require.NotEmpty(t, claimedBy[id], "priority job %s claimed by no worker's log", id)
	}
	t.Logf("claims: worker-priority %d (all priority), worker %d", len(reserved), len(shared))

	// --- without the seccomp profile, a worker refuses to start ------------
	run.refusesWithoutProfile()

	// --- a clean stop ------------------------------------------------------
	for _, name := range []string{"api", "worker", "worker-priority"} {
		run.stop(name)
	}
	t.Logf("image-test: images %v, services up %v, checks %v, total %v",
		built.Sub(began).Round(time.Second), started.Sub(built).Round(time.Second),
		time.Since(started).Round(time.Second), time.Since(began).Round(time.Second))
}

// createDatabase makes the compose file's role and database.
func createDatabase(t *testing.T, url string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	must(t, err)
	defer conn.Close(context.Background())
	for _, q := range []string{`CREATE ROLE paprika LOGIN PASSWORD 'paprika'`, `CREATE DATABASE paprika OWNER paprika`} {
		_, err := conn.Exec(ctx, q)
		must(t, err)
	}
}

// checkCJK checks that the PDF holds the Chinese, Japanese and Korean text
// and the emoji as text. Without a CJK font in the image a glyph no font
// has is dropped from the text (the PDF held "好" of "你好"). Chromium embeds
// Noto's CFF-based CJK and its bitmap emoji as Type 3 fonts, with the
// characters they draw, so the text is the check and not the font names.
func checkCJK(t *testing.T, pdf []byte) {
	t.Helper()
	require.True(t, bytes.HasPrefix(pdf, []byte("%PDF-")), "not a PDF: %.200s", pdf)
	f := filepath.Join(t.TempDir(), "cjk.pdf")
	must(t, os.WriteFile(f, pdf, 0o644))
	text, err := exec.Command("pdftotext", "-enc", "UTF-8", f, "-").Output()
	must(t, err)
	for _, s := range []string{"你好，世界 🎉", "日本語のテキスト", "한국어 텍스트"} {
		require.Contains(t, string(text), s, "the PDF's text")
	}
}

// topology is the compose file's services as containers.
type topology struct {
	t        *testing.T
	p        *podman
	repo     string
	services map[string]service
	pgPort   int
	dataDir  string
	prefix   string
	ports    map[string]int // by container
}

// start runs the compose file's service as container name, with host
// networking: PORT is a free port of its own, and the database the
// host's.
func (r *topology) start(name, svc string, extra ...string) {
	t := r.t
	t.Helper()
	s, ok := r.services[svc]
	require.True(t, ok, "docker-compose.yml has no service %s", svc)
	require.Equal(t, image, s.Image, "service %s's image", svc)
	port := freePort(t)
	r.ports[name] = port
	args := []string{"run", "-d", "--name", r.prefix + name, "--network=host"}
	if s.Init {
		args = append(args, "--init")
	}
	for _, kv := range s.environment() {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "PORT":
			v = strconv.Itoa(port)
		case "PAPRIKA_DATABASE_URL":
			require.Contains(t, v, "@postgres:5432/", "service %s's database URL", svc)
			v = strings.Replace(v, "@postgres:5432/", "@127.0.0.1:"+strconv.Itoa(r.pgPort)+"/", 1)
		}
		args = append(args, "-e", k+"="+v)
	}
	if profile := s.seccompProfile(); profile != "" {
		if !filepath.IsAbs(profile) {
			profile = filepath.Join(r.repo, profile)
		}
		args = append(args, "--security-opt", "seccomp="+profile)
	}
	for _, v := range s.Volumes {
		require.True(t, strings.HasPrefix(v, "data:"), "service %s's volume %s", svc, v)
		args = append(args, "-v", r.dataDir+":"+strings.TrimPrefix(v, "data:"))
	}
	args = append(args, extra...)
	args = append(args, s.Image)
	args = append(args, s.command()...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("--- the last lines of %s's log:\n%s", name, r.p.logs(t, r.prefix+name, "--tail", "40"))
		}
		_, _ = r.p.try(2*time.Minute, "rm", "-f", "-t", "5", r.prefix+name)
	})
	r.p.out(t, 2*time.Minute, args...)
}

func (r *topology) url(name string) string {
	return "http://127.0.0.1:" + strconv.Itoa(r.ports[name])
}

// waitReady waits for the container's /readyz to answer 200, and returns
// its body.
func (r *topology) waitReady(name string, timeout time.Duration) string {
	r.t.Helper()
	return waitReadyAt(r.t, r.p, r.prefix+name, r.ports[name], timeout)
}

func (r *topology) get(name, path string) string {
	resp, err := http.Get(r.url(name) + path)
	must(r.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	must(r.t, err)
	require.Equal(r.t, http.StatusOK, resp.StatusCode, "%s %s: %s", name, path, b)
	return string(b)
}

// claim is a worker's log line for one claim.
type claim struct {
	Msg     string `json:"msg"`
	Tier    string `json:"tier"`
	Kind    string `json:"kind"`
	JobID   string `json:"jobId"`
	BatchID string `json:"batchId"`
}

// claims reads every claim from a container's log.
func (r *topology) claims(name string) []claim {
	logs := r.p.logs(r.t, r.prefix+name)
	var cs []claim
	for _, line := range strings.Split(logs, "\n") {
		var c claim
		if json.Unmarshal([]byte(line), &c) == nil && c.Msg == "claim" {
			cs = append(cs, c)
		}
	}
	return cs
}

// stop stops a container as Compose does (SIGTERM, then SIGKILL after the
// grace) and checks that it stopped by itself, with status 0.
func (r *topology) stop(name string) {
	t := r.t
	t.Helper()
	began := time.Now()
	r.p.out(t, 2*time.Minute, "stop", "-t", "30", r.prefix+name)
	state := strings.TrimSpace(r.p.out(t, time.Minute, "inspect", "--format", "{{.State.ExitCode}}", r.prefix+name))
	logs := r.p.logs(t, r.prefix+name, "--tail", "5")
	require.Equal(t, "0", state, "%s's exit status after SIGTERM; its last lines:\n%s", name, logs)
	t.Logf("%s stopped cleanly in %v", name, time.Since(began).Round(10*time.Millisecond))
}

// checkSandboxed finds the renderer processes of a container's Chromium
// from the host and checks that each runs in a user and PID namespace of
// its own, under one more seccomp filter than the container's own
// processes (Chromium's, on top of the container's profile).
func (r *topology) checkSandboxed(name string) {
	t := r.t
	t.Helper()
	pid := strings.TrimSpace(r.p.out(t, time.Minute, "inspect", "--format", "{{.State.Pid}}", r.prefix+name))
	initStatus := procStatus(t, pid)
	var renderers []string
	entries, err := os.ReadDir("/proc")
	must(t, err)
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !strings.Contains(string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})), " --type=renderer") {
			continue
		}
		if nsOf(t, e.Name(), "mnt") == "" {
			continue
		}
		// Ours if it descends from the container's init.
		for p := e.Name(); p != "0" && p != "1"; p = procStatus(t, p)["PPid"] {
			if p == pid {
				renderers = append(renderers, e.Name())
				break
			}
			if _, err := os.Stat("/proc/" + p); err != nil {
				break
			}
		}
	}
	require.NotEmpty(t, renderers, "no Chromium renderer process in %s", name)
	for _, rp := range renderers {
		st := procStatus(t, rp)
		require.Equal(t, "2", st["Seccomp"], "renderer %s", rp)
		nInit, _ := strconv.Atoi(initStatus["Seccomp_filters"])
		nRenderer, _ := strconv.Atoi(st["Seccomp_filters"])
		require.Greater(t, nRenderer, nInit, "renderer %s has no seccomp filter of Chromium's own", rp)
		require.NotEqual(t, nsOf(t, pid, "user"), nsOf(t, rp, "user"), "renderer %s shares the container's user namespace", rp)
		require.NotEqual(t, nsOf(t, pid, "pid"), nsOf(t, rp, "pid"), "renderer %s shares the container's PID namespace", rp)
	}
	t.Logf("%s: %d renderer processes sandboxed (seccomp filters %s over the container's %s, own user and PID namespaces)",
		name, len(renderers), procStatus(t, renderers[0])["Seccomp_filters"], initStatus["Seccomp_filters"])
}

// refusesWithoutProfile runs a worker under Docker's default seccomp
// profile (deploy/seccomp/paprika-chromium.json without Paprika's rule):
// Chromium's sandbox cannot run, and the worker must refuse to start,
// saying why.
func (r *topology) refusesWithoutProfile() {
	t := r.t
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.repo, r.services["worker"].seccompProfile()))
	must(t, err)
	var profile map[string]any
	must(t, json.Unmarshal(b, &profile))
	syscalls := profile["syscalls"].([]any)
	kept := syscalls[:0]
	for _, s := range syscalls {
		if c, _ := s.(map[string]any)["comment"].(string); !strings.HasPrefix(c, "paprika:") {
			kept = append(kept, s)
		}
	}
	require.Len(t, kept, len(syscalls)-1, "Paprika's one rule in the profile")
	profile["syscalls"] = kept
	dockerDefault := filepath.Join(t.TempDir(), "docker-default.json")
	b, err = json.Marshal(profile)
	must(t, err)
	must(t, os.WriteFile(dockerDefault, b, 0o644))

	name := "worker-docker-default"
	r.start(name, "worker", "--security-opt", "seccomp="+dockerDefault)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		state := strings.TrimSpace(r.p.out(t, time.Minute, "inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", r.prefix+name))
		if strings.HasPrefix(state, "exited") {
			require.NotEqual(t, "exited 0", state, "a worker without the seccomp profile")
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a worker under Docker's default seccomp profile is still %s after 2 minutes: it should refuse to start", state)
		}
		time.Sleep(500 * time.Millisecond)
	}
	logs := r.p.logs(t, r.prefix+name)
	require.Contains(t, logs, "chromium's sandbox cannot run here", "why the worker refused to start")
	require.Contains(t, logs, "deploy/seccomp/paprika-chromium.json", "what to do about it")
	for _, line := range strings.Split(logs, "\n") {
		if strings.HasPrefix(line, "paprika worker: ") {
			t.Logf("under Docker's default seccomp profile the worker refused to start: %.300s…", line)
		}
	}
}

// client talks to the api.
type client struct {
	t     *testing.T
	base  string
	admin string
	key   string
}

// must sends a request as "admin" or "key" and checks the status.
func (c *client) must(method, path, as, body string, want int) []byte {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	must(c.t, err)
	token := c.admin
	if as == "key" {
		token = c.key
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
	must(c.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	must(c.t, err)
	require.Equal(c.t, want, resp.StatusCode, "%s %s: %s", method, path, b)
	return b
}

func (c *client) decode(b []byte, v any) {
	c.t.Helper()
	require.NoError(c.t, json.Unmarshal(b, v), "%s", b)
}

// jobs queues n PDF jobs, waits for each to be done at tier, and returns
// their ids.
func (c *client) jobs(n int, tier string) []string {
	c.t.Helper()
	var ids []string
	for i := range n {
		var j struct{ ID string }
		c.decode(c.must(http.MethodPost, "/v1/jobs", "key",
			fmt.Sprintf(`{"template": "<p>Job {{n}} at %s: 你好 🎉</p>", "data": {"n": %d}}`, tier, i+1), http.StatusAccepted), &j)
		ids = append(ids, j.ID)
	}
	for _, id := range ids {
		deadline := time.Now().Add(3 * time.Minute)
		for {
			var j map[string]any
			c.decode(c.must(http.MethodGet, "/v1/jobs/"+id, "key", "", http.StatusOK), &j)
			if j["status"] == "done" {
				require.Equal(c.t, tier, j["tier"], "job %s", id)
				out := c.must(http.MethodGet, "/v1/jobs/"+id+"/output", "key", "", http.StatusOK)
				require.True(c.t, bytes.HasPrefix(out, []byte("%PDF-")), "job %s's output", id)
				break
			}
			require.Contains(c.t, []any{"queued", "running"}, j["status"], "job %s: %v", id, j)
			require.True(c.t, time.Now().Before(deadline), "job %s not done within 3 minutes: %v", id, j)
			time.Sleep(200 * time.Millisecond)
		}
	}
	return ids
}

func (c *client) waitBatch(id string, timeout time.Duration) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var b map[string]any
		c.decode(c.must(http.MethodGet, "/v1/batches/"+id, "key", "", http.StatusOK), &b)
		if b["status"] != "queued" && b["status"] != "running" {
			return b
		}
		require.True(c.t, time.Now().Before(deadline), "batch %s not done within %v: %v", id, timeout, b)
		time.Sleep(200 * time.Millisecond)
	}
}

func procStatus(t *testing.T, pid string) map[string]string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return map[string]string{"PPid": "0"}
	}
	m := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

func nsOf(t *testing.T, pid, ns string) string {
	t.Helper()
	s, _ := os.Readlink("/proc/" + pid + "/ns/" + ns)
	return s
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
