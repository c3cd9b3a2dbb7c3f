package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/wire"
)

var jobHeader = []string{"ID", "STATUS", "TIER", "FORMAT", "TEMPLATE", "CREATED", "FINISHED", "OUTPUT"}

// paprika jobs list|get|cancel|download against dev mode (api and worker
// on one database), with the demo tenant's key: tables and --json, the
// status filter and pages, the output streamed to a file that is not
// overwritten without --force, and the API's message and exit 1 when it
// refuses.
func TestCLIJobs(t *testing.T) {
	t.Parallel()
	s, w := startDevEnv(t, map[string]string{"PORT": "0", "PAPRIKA_DATA_DIR": t.TempDir(), "PAPRIKA_TIERS": seedTiers,
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t), "PAPRIKA_WORKER_TIERS": "standard"})
	env := map[string]string{"PAPRIKA_URL": w.URL, "PAPRIKA_KEY": w.DemoKey}

	var ids []string
	for i := range 3 {
		status, body := s.do(t, http.MethodPost, w.URL+"/v1/jobs", w.DemoKey,
			fmt.Sprintf(`{"template": "<p>job {{n}}</p>", "data": {"n": %d}, "format": "html"}`, i))
		require.Equal(t, http.StatusAccepted, status, body)
		ids = append(ids, body["id"].(string))
	}
	for _, id := range ids {
		deadline := time.Now().Add(60 * time.Second)
		for cliJSON[wire.Job](t, env, "jobs", "get", id).Status != "done" {
			require.True(t, time.Now().Before(deadline), "job %s not done within 60 s", id)
			time.Sleep(50 * time.Millisecond)
		}
	}

	rows := requireTable(t, cliOK(t, env, "jobs", "list"), jobHeader...)
	require.Len(t, rows, 3)
	for _, id := range ids {
		require.Equal(t, []string{id, "done", "standard", "html", "-"}, rows[id][:5])
		require.Regexp(t, `^\d+ bytes, 1 page\(s\)$`, rows[id][7])
	}
	list := cliJSON[[]wire.Job](t, env, "jobs", "list", "--status", "done")
	require.Len(t, list, 3)
	require.Empty(t, cliJSON[[]wire.Job](t, env, "jobs", "list", "--status", "failed"))
	require.Equal(t, "[]\n", cliOK(t, env, "jobs", "list", "--status", "failed", "--json"))

	// Pages: --limit, and the command for the rest on stderr.
	code, stdout, stderr := runCmd(t, env, "jobs", "list", "--limit", "2", "--json")
	require.Zero(t, code, stderr)
	require.Contains(t, stdout, list[0].ID)
	require.Contains(t, stdout, list[1].ID)
	require.NotContains(t, stdout, list[2].ID)
	next := strings.TrimSpace(strings.TrimPrefix(stderr, "more jobs: paprika jobs list "))
	require.True(t, strings.HasPrefix(next, "--after "), stderr)
	rest := cliJSON[[]wire.Job](t, env, "jobs", "list", "--after", strings.TrimPrefix(next, "--after "))
	require.Len(t, rest, 1)
	require.Equal(t, list[2].ID, rest[0].ID)
	_, stderr = cliFails(t, 1, env, "jobs", "list", "--status", "lost")
	require.Equal(t, "Bad request: status is one of queued, running, done, failed, canceled\n", stderr)

	// download: streamed to the file, kept unless --force, or to stdout.
	dir := t.TempDir()
	file := filepath.Join(dir, "job.html")
	_, stderr = runCmdOK(t, env, "jobs", "download", ids[1], "-o", file)
	require.Contains(t, stderr, "wrote "+file)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Contains(t, string(b), "<p>job 1</p>")
	_, stderr = cliFails(t, 1, env, "jobs", "download", ids[2], "-o", file)
	require.Contains(t, stderr, "job.html exists: give --force to replace it")
	b, err = os.ReadFile(file)
	require.NoError(t, err)
	require.Contains(t, string(b), "<p>job 1</p>", "kept")
	cliOK(t, env, "jobs", "download", ids[2], "-o", file, "--force")
	b, err = os.ReadFile(file)
	require.NoError(t, err)
	require.Contains(t, string(b), "<p>job 2</p>")
	require.Contains(t, cliOK(t, env, "jobs", "download", ids[0], "-o", "-"), "<p>job 0</p>")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no partial file is left")
	_, stderr = cliFails(t, exitConfig, env, "jobs", "download", ids[0])
	require.Contains(t, stderr, `"output" not set`)

	// The API's refusals: its message, exit 1; --json prints its body.
	missing := "0193f0c2-7c1e-7b8a-9f00-5d2a7e4c1b11"
	stdout, stderr = cliFails(t, 1, env, "jobs", "get", missing, "--json")
	require.True(t, strings.HasPrefix(stderr, "Not found"), stderr)
	require.Contains(t, stdout, `"code":"not-found"`)
	_, stderr = cliFails(t, 1, env, "jobs", "download", missing, "-o", filepath.Join(dir, "none.pdf"))
	require.True(t, strings.HasPrefix(stderr, "Not found"), stderr)
	require.NoFileExists(t, filepath.Join(dir, "none.pdf"))
	_, stderr = cliFails(t, 1, env, "jobs", "cancel", ids[0])
	require.Equal(t, "Conflict: the job has already finished\n", stderr)

	// A job at a tier no worker claims stays queued, until canceled.
	admin := map[string]string{"PAPRIKA_URL": w.URL, "PAPRIKA_ADMIN_TOKEN": w.AdminToken}
	urgent := cliJSON[cliKey](t, admin, "keys", "create", "demo", "--name", "urgent", "--scope", "render", "--tier", "priority")
	status, body := s.do(t, http.MethodPost, w.URL+"/v1/jobs", urgent.Secret, `{"template": "<p>later</p>", "format": "html"}`)
	require.Equal(t, http.StatusAccepted, status, body)
	queued := body["id"].(string)
	rows = requireTable(t, cliOK(t, env, "jobs", "list", "--status", "queued"), jobHeader...)
	require.Equal(t, []string{queued, "queued", "priority"}, rows[queued][:3])
	require.Equal(t, "0 ahead", rows[queued][7])
	rows = requireTable(t, cliOK(t, env, "jobs", "cancel", queued), jobHeader...)
	require.Equal(t, "canceled", rows[queued][1])
	require.Equal(t, "canceled", cliJSON[wire.Job](t, env, "jobs", "get", queued).Status)
	_, stderr = cliFails(t, 1, env, "jobs", "download", queued, "-o", filepath.Join(dir, "later.html"))
	require.Equal(t, "Not found: the job's output is not ready (status canceled)\n", stderr)
	_, stderr = cliFails(t, exitConfig, map[string]string{"PAPRIKA_URL": w.URL}, "jobs", "list")
	require.Contains(t, stderr, "PAPRIKA_KEY is not set")
}

// runCmdOK runs a command that must succeed and returns its stdout and
// stderr.
func runCmdOK(t *testing.T, vars map[string]string, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := runCmd(t, vars, args...)
	require.Zero(t, code, "paprika %s: stderr: %s", strings.Join(args, " "), stderr)
	return stdout, stderr
}
