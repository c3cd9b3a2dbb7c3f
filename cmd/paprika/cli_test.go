package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// The operators' commands against a real api (runAPI on :0, a fresh
// database of its own), through run, as a shell would call the binary.

// startTestAPI runs the api on :0 with the example tiers of
// docs/configuration.md and returns the environment a command line needs to
// reach it as the admin.
func startTestAPI(t *testing.T) map[string]string {
	t.Helper()
	vars := map[string]string{
		"PORT":                 "0",
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t),
		"PAPRIKA_ADMIN_TOKEN":  adminToken,
		"PAPRIKA_TIERS":        seedTiers,
		"PAPRIKA_DATA_DIR":     t.TempDir(),
	}
	addrs := make(chan net.Addr, 1)
	log := testLogger(t)
	s := startServing(t, func(ctx context.Context) error {
		return runAPI(ctx, getenv(vars), log, func(a net.Addr) { addrs <- a })
	})
	select {
	case a := <-addrs:
		return map[string]string{
			"PAPRIKA_URL":         "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port),
			"PAPRIKA_ADMIN_TOKEN": adminToken,
		}
	case err := <-s.done:
		t.Fatalf("the api stopped before listening: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the api did not listen within 2 minutes (a busy machine can take 30 s to check Chromium's sandbox)")
	}
	return nil
}

// cliOK runs a command that must succeed and returns its stdout.
func cliOK(t *testing.T, vars map[string]string, args ...string) string {
	t.Helper()
	code, stdout, stderr := runCmd(t, vars, args...)
	require.Zero(t, code, "paprika %s: stderr: %s", strings.Join(args, " "), stderr)
	return stdout
}

// cliJSON runs a command with --json that must succeed and decodes its
// stdout into a T.
func cliJSON[T any](t *testing.T, vars map[string]string, args ...string) T {
	t.Helper()
	out := cliOK(t, vars, append(args, "--json")...)
	var v T
	require.NoError(t, json.Unmarshal([]byte(out), &v), "stdout: %s", out)
	return v
}

// cliFails runs a command that must fail with the exit status want and
// returns its stdout and stderr.
func cliFails(t *testing.T, want int, vars map[string]string, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := runCmd(t, vars, args...)
	require.Equal(t, want, code, "paprika %s: stdout: %s stderr: %s", strings.Join(args, " "), stdout, stderr)
	return stdout, stderr
}

// tableRows splits a table into its rows of cells (header first).
func tableRows(out string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if line == "" {
			break // what follows a table is not the table
		}
		rows = append(rows, regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1))
	}
	return rows
}

// requireTable checks a table's header and returns its rows by first cell.
func requireTable(t *testing.T, out string, header ...string) map[string][]string {
	t.Helper()
	rows := tableRows(out)
	require.NotEmpty(t, rows, "table: %q", out)
	require.Equal(t, header, rows[0], "header of:\n%s", out)
	byID := map[string][]string{}
	for _, r := range rows[1:] {
		require.Len(t, r, len(header), "row %v of:\n%s", r, out)
		byID[r[0]] = r
	}
	return byID
}

var tenantHeader = []string{"ID", "NAME", "TIER", "RETENTION", "CREATED", "SUSPENDED", "DELETED"}

type cliTenant struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Tier          *string `json:"tier"`
	RetentionDays int     `json:"retentionDays"`
	CreatedAt     string  `json:"createdAt"`
	SuspendedAt   *string `json:"suspendedAt"`
	DeletedAt     *string `json:"deletedAt"`
}

func TestCLITenants(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)

	out := cliOK(t, env, "tenants", "create", "fabrikam", "--name", "Fabrikam", "--retention-days", "90")
	row := requireTable(t, out, tenantHeader...)["fabrikam"]
	require.Equal(t, []string{"fabrikam", "Fabrikam", "-", "90d"}, row[:4])
	require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`, row[4])
	require.Equal(t, []string{"-", "-"}, row[5:])

	acme := cliJSON[cliTenant](t, env, "tenants", "create", "acme", "--tier", "priority")
	require.Equal(t, "acme", acme.Name, "the name defaults to the id")
	require.Equal(t, "priority", *acme.Tier)
	require.Equal(t, 30, acme.RetentionDays)

	rows := requireTable(t, cliOK(t, env, "tenants", "list"), tenantHeader...)
	require.Len(t, rows, 2)
	require.Equal(t, "priority", rows["acme"][2])
	list := cliJSON[[]cliTenant](t, env, "tenants", "list")
	require.Equal(t, []string{"acme", "fabrikam"}, []string{list[0].ID, list[1].ID})

	require.Equal(t, "Fabrikam", requireTable(t, cliOK(t, env, "tenants", "get", "fabrikam"), tenantHeader...)["fabrikam"][1])
	require.Equal(t, 90, cliJSON[cliTenant](t, env, "tenants", "get", "fabrikam").RetentionDays)

	// Tiers: a configured one, the refusal of another that docs/api.md shows,
	// the default.
	require.Equal(t, "priority", requireTable(t, cliOK(t, env, "tenants", "set-tier", "fabrikam", "priority"), tenantHeader...)["fabrikam"][2])
	stdout, stderr := cliFails(t, 1, env, "tenants", "set-tier", "fabrikam", "gold")
	require.Equal(t, "Bad request: tier is one of standard, priority, or null\n", stderr)
	require.Empty(t, stdout)
	stdout, stderr = cliFails(t, 1, env, "tenants", "set-tier", "fabrikam", "gold", "--json")
	require.Equal(t, "Bad request: tier is one of standard, priority, or null\n", stderr)
	var apiErr map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &apiErr), "with --json, the API's error body: %s", stdout)
	require.Equal(t, "bad-request", apiErr["code"])
	require.Regexp(t, `^[0-9a-f]{8}$`, apiErr["requestId"])
	require.Nil(t, cliJSON[cliTenant](t, env, "tenants", "set-tier", "fabrikam", "--default").Tier)
	cliFails(t, exitConfig, env, "tenants", "set-tier", "fabrikam")
	cliFails(t, exitConfig, env, "tenants", "set-tier", "fabrikam", "priority", "--default")

	// Suspend and resume.
	row = requireTable(t, cliOK(t, env, "tenants", "suspend", "fabrikam"), tenantHeader...)["fabrikam"]
	require.NotEqual(t, "-", row[5])
	require.Nil(t, cliJSON[cliTenant](t, env, "tenants", "resume", "fabrikam").SuspendedAt)
	require.NotNil(t, cliJSON[cliTenant](t, env, "tenants", "suspend", "fabrikam").SuspendedAt)
	require.Equal(t, "-", requireTable(t, cliOK(t, env, "tenants", "resume", "fabrikam"), tenantHeader...)["fabrikam"][5])

	// Refusals: a taken id, a bad id, an unknown tenant.
	_, stderr = cliFails(t, 1, env, "tenants", "create", "acme")
	require.True(t, strings.HasPrefix(stderr, "Conflict: "), stderr)
	_, stderr = cliFails(t, 1, env, "tenants", "create", "Not_An_Id")
	require.True(t, strings.HasPrefix(stderr, "Bad request: "), stderr)
	for _, args := range [][]string{
		{"tenants", "get", "nobody"}, {"tenants", "set-tier", "nobody", "priority"},
		{"tenants", "suspend", "nobody"}, {"tenants", "resume", "nobody"}, {"tenants", "delete", "nobody"},
	} {
		_, stderr = cliFails(t, 1, env, args...)
		require.Equal(t, "Not found: no such tenant\n", stderr, "paprika %v", args)
	}

	// Delete shows the tenant with its deletedAt; deleting again is 404.
	row = requireTable(t, cliOK(t, env, "tenants", "delete", "acme"), tenantHeader...)["acme"]
	require.NotEqual(t, "-", row[6])
	_, stderr = cliFails(t, 1, env, "tenants", "delete", "acme")
	require.Equal(t, "Not found: no such tenant\n", stderr)
	require.NotNil(t, cliJSON[cliTenant](t, env, "tenants", "get", "acme").DeletedAt)
	cliOK(t, env, "tenants", "create", "gone")
	require.NotNil(t, cliJSON[cliTenant](t, env, "tenants", "delete", "gone").DeletedAt)

	// An empty list is an empty table, and [] for scripts.
	empty := startTestAPI(t)
	require.Len(t, tableRows(cliOK(t, empty, "tenants", "list")), 1, "only the header")
	require.Equal(t, "[]\n", cliOK(t, empty, "tenants", "list", "--json"))
}

var keyHeader = []string{"ID", "NAME", "SCOPES", "TIER", "PREFIX", "CREATED", "REVOKED"}

type cliKey struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Scopes    []string `json:"scopes"`
	Tier      *string  `json:"tier"`
	Prefix    string   `json:"prefix"`
	RevokedAt *string  `json:"revokedAt"`
	Secret    string   `json:"secret"`
}

func TestCLIKeys(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")

	code, out, stderr := runCmd(t, env, "keys", "create", "fabrikam", "--name", "urgent", "--scope", "render", "--scope", "read", "--tier", "priority")
	require.Zero(t, code, stderr)
	require.Contains(t, stderr, "not shown again")
	table, rest, ok := strings.Cut(out, "\n\n")
	require.True(t, ok, out)
	rows := requireTable(t, table, keyHeader...)
	require.Len(t, rows, 1)
	var urgent []string
	for _, r := range rows {
		urgent = r
	}
	require.Equal(t, []string{"urgent", "render,read", "priority"}, urgent[1:4])
	secret := regexp.MustCompile(`^secret: (pk_[a-z2-7]+)\n$`).FindStringSubmatch(rest)
	require.NotNil(t, secret, "the secret line: %q", rest)
	require.True(t, strings.HasPrefix(secret[1], urgent[4]), "the prefix %s is the secret's", urgent[4])

	ci := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "ci", "--scope", "render,templates")
	require.Equal(t, []string{"render", "templates"}, ci.Scopes)
	require.Nil(t, ci.Tier)
	require.Regexp(t, `^pk_[a-z2-7]+$`, ci.Secret)

	// The list never shows a secret.
	out = cliOK(t, env, "keys", "list", "fabrikam")
	require.Len(t, requireTable(t, out, keyHeader...), 2)
	require.NotContains(t, out, secret[1])
	require.NotContains(t, out, ci.Secret)
	keys := cliJSON[[]cliKey](t, env, "keys", "list", "fabrikam")
	require.Len(t, keys, 2)
	for _, k := range keys {
		require.Empty(t, k.Secret)
	}

	// The key works until it is revoked, then it is refused.
	tenantEnv := map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": ci.Secret}
	cliOK(t, tenantEnv, "templates", "list")
	row := requireTable(t, cliOK(t, env, "keys", "revoke", "fabrikam", ci.ID), keyHeader...)[ci.ID]
	require.NotEqual(t, "-", row[6], "revokedAt")
	_, stderr = cliFails(t, 1, tenantEnv, "templates", "list")
	require.Equal(t, "Unauthorized: unknown or revoked key\n", stderr)
	require.NotNil(t, cliJSON[cliKey](t, env, "keys", "revoke", "fabrikam", ci.ID).RevokedAt, "revoking again is fine")

	// Refusals.
	_, stderr = cliFails(t, 1, env, "keys", "create", "fabrikam", "--name", "x", "--scope", "admin")
	require.True(t, strings.HasPrefix(stderr, "Bad request: "), stderr)
	require.Contains(t, stderr, "admin")
	_, stderr = cliFails(t, 1, env, "keys", "create", "fabrikam", "--name", "x", "--scope", "render", "--tier", "gold")
	require.Equal(t, "Bad request: tier is one of standard, priority, or null\n", stderr)
	_, stderr = cliFails(t, 1, env, "keys", "list", "nobody")
	require.Equal(t, "Not found: no such tenant\n", stderr)
	_, stderr = cliFails(t, 1, env, "keys", "revoke", "fabrikam", "key_nosuchkey")
	require.True(t, strings.HasPrefix(stderr, "Not found: "), stderr)
	_, stderr = cliFails(t, exitConfig, env, "keys", "create", "fabrikam", "--scope", "render")
	require.Contains(t, stderr, `"name"`)
}

var schedulerHeader = []string{"TIER", "NAME", "WEIGHT", "MAX RUNNING", "RATE/MIN", "QUEUED", "RUNNING", "STARTED", "DONE",
	"WAIT P50", "WAIT P95", "RENDER P50", "RENDER P95"}

type cliMeasures struct {
	Minutes int `json:"minutes"`
	Tiers   []struct {
		Tier   string  `json:"tier"`
		Weight float64 `json:"weight"`
		Queued int     `json:"queued"`
	} `json:"tiers"`
}

func TestCLIScheduler(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)

	out := cliOK(t, env, "scheduler")
	rows := requireTable(t, out, schedulerHeader...)
	require.Equal(t, []string{"standard", "standard", "1", "-", "-", "0", "0", "0", "0", "-", "-", "-", "-"}, rows["standard"])
	require.Equal(t, []string{"priority", "priority", "4", "20", "600"}, rows["priority"][:5])
	require.Contains(t, out, "over the last 60 minutes")
	require.Contains(t, cliOK(t, env, "scheduler", "--minutes", "5"), "over the last 5 minutes")

	m := cliJSON[cliMeasures](t, env, "scheduler", "--minutes", "15")
	require.Equal(t, 15, m.Minutes)
	require.Len(t, m.Tiers, 2)
	require.Equal(t, "standard", m.Tiers[0].Tier)
	require.Equal(t, 4.0, m.Tiers[1].Weight)

	_, stderr := cliFails(t, exitConfig, env, "scheduler", "--minutes", "0")
	require.Contains(t, stderr, "--minutes is a whole number from 1 to 1440")
	cliFails(t, exitConfig, env, "scheduler", "--minutes", "soon")

	// --watch asks again every --interval until interrupted, then exits 0;
	// with --json, one object a line.
	for _, asJSON := range []bool{false, true} {
		args := []string{"scheduler", "--watch", "--interval", "100ms"}
		if asJSON {
			args = append(args, "--json")
		}
		frames := watchFrames(t, env, 3, args...)
		if asJSON {
			for _, line := range strings.Split(strings.TrimSpace(frames), "\n") {
				var m cliMeasures
				require.NoError(t, json.Unmarshal([]byte(line), &m), "line %q", line)
				require.Len(t, m.Tiers, 2)
			}
		} else {
			require.GreaterOrEqual(t, strings.Count(frames, "(Ctrl-C to stop)"), 3)
			require.GreaterOrEqual(t, strings.Count(frames, "TIER  "), 3)
		}
	}
}

// watchFrames runs a watching command until it has printed n frames, then
// interrupts it (as Ctrl-C does) and returns what it printed.
func watchFrames(t *testing.T, vars map[string]string, n int, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, getenv(vars), stdout, stderr) }()
	marker := "over the last"
	if slicesContains(args, "--json") {
		marker = "\n"
	}
	deadline := time.After(30 * time.Second)
	for strings.Count(stdout.String(), marker) < n {
		select {
		case code := <-done:
			t.Fatalf("the watch stopped by itself (%d): %s %s", code, stdout, stderr)
		case <-deadline:
			t.Fatalf("no %d frames within 30 s: %s", n, stdout)
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	require.Zero(t, <-done, "an interrupted watch exits 0; stderr: %s", stderr)
	return stdout.String()
}

func slicesContains(s []string, v string) bool {
	for _, e := range s {
		if e == v {
			return true
		}
	}
	return false
}

var templateHeader = []string{"ID", "NAME", "VERSION", "CREATED", "UPDATED"}

func TestCLITemplates(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")
	key := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "t", "--scope", "templates")
	tenant := map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": key.Secret}

	dir := t.TempDir()
	file := filepath.Join(dir, "invoice.html")
	require.NoError(t, os.WriteFile(file, []byte("<h1>Invoice {{number}}</h1>"), 0o600))

	row := requireTable(t, cliOK(t, tenant, "templates", "push", "invoice", file, "--name", "Invoice"), templateHeader...)["invoice"]
	require.Equal(t, []string{"invoice", "Invoice", "1"}, row[:3])
	require.NoError(t, os.WriteFile(file, []byte("<h1>Invoice {{number}} for {{customer}}</h1>"), 0o600))
	type tmpl struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Content string `json:"content"`
		Version int    `json:"version"`
	}
	v2 := cliJSON[tmpl](t, tenant, "templates", "push", "invoice", file)
	require.Equal(t, tmpl{ID: "invoice", Name: "Invoice", Content: "<h1>Invoice {{number}} for {{customer}}</h1>", Version: 2}, v2,
		"a second push is the next version, keeping the name")
	cliOK(t, tenant, "templates", "push", "receipt", file)

	rows := requireTable(t, cliOK(t, tenant, "templates", "list"), templateHeader...)
	require.Len(t, rows, 2)
	require.Equal(t, "2", rows["invoice"][2])
	require.Equal(t, "receipt", rows["receipt"][1], "the name defaults to the id")
	list := cliJSON[[]tmpl](t, tenant, "templates", "list")
	require.Len(t, list, 2)

	// Refusals: a template that does not compile (the API's 422), a bad id,
	// a missing file, the admin token in place of a key, a key without
	// the scope.
	require.NoError(t, os.WriteFile(file, []byte("<h1>{{#if}}</h1>"), 0o600))
	stdout, stderr := cliFails(t, 1, tenant, "templates", "push", "broken", file, "--json")
	require.True(t, strings.HasPrefix(stderr, "Template error: "), stderr)
	require.Contains(t, stdout, `"code":"template-error"`)
	require.NoError(t, os.WriteFile(file, []byte("<h1>fine</h1>"), 0o600))
	_, stderr = cliFails(t, 1, tenant, "templates", "push", "_bad", file)
	require.True(t, strings.HasPrefix(stderr, "Bad request: "), stderr)
	_, stderr = cliFails(t, 1, tenant, "templates", "push", "x", filepath.Join(dir, "missing.html"))
	require.Contains(t, stderr, "missing.html")
	_, stderr = cliFails(t, 1, map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": adminToken}, "templates", "list")
	require.True(t, strings.HasPrefix(stderr, "Unauthorized: "), stderr)
	render := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "r", "--scope", "render")
	_, stderr = cliFails(t, 1, map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": render.Secret}, "templates", "list")
	require.True(t, strings.HasPrefix(stderr, "Forbidden: "), stderr)
}

// What goes wrong before the API answers: no URL, no token, a wrong token,
// an API that is not there, a command line that is wrong.
func TestCLIFailures(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	url := env["PAPRIKA_URL"]

	_, stderr := cliFails(t, exitConfig, map[string]string{"PAPRIKA_URL": url}, "tenants", "list")
	require.True(t, strings.HasPrefix(stderr, "paprika tenants list: PAPRIKA_ADMIN_TOKEN is not set"), stderr)
	_, stderr = cliFails(t, exitConfig, map[string]string{"PAPRIKA_URL": url, "PAPRIKA_ADMIN_TOKEN": adminToken}, "templates", "list")
	require.True(t, strings.HasPrefix(stderr, "paprika templates list: PAPRIKA_KEY is not set"), stderr)
	_, stderr = cliFails(t, exitConfig, map[string]string{"PAPRIKA_ADMIN_TOKEN": adminToken}, "scheduler")
	require.Contains(t, stderr, "PAPRIKA_URL is not set")
	_, stderr = cliFails(t, exitConfig, map[string]string{"PAPRIKA_URL": "localhost:4180", "PAPRIKA_ADMIN_TOKEN": adminToken}, "scheduler")
	require.Contains(t, stderr, "not an http(s) URL")

	_, stderr = cliFails(t, 1, map[string]string{"PAPRIKA_URL": url, "PAPRIKA_ADMIN_TOKEN": "adm_wrong"}, "tenants", "list")
	require.Equal(t, "Unauthorized: send the admin token as a bearer token\n", stderr)

	// --url wins over PAPRIKA_URL.
	require.Len(t, tableRows(cliOK(t, map[string]string{"PAPRIKA_URL": "http://127.0.0.1:1", "PAPRIKA_ADMIN_TOKEN": adminToken},
		"tenants", "list", "--url", url)), 1)

	// An address where nothing listens: a port just closed.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	for _, args := range [][]string{{"tenants", "list"}, {"keys", "list", "x"}, {"scheduler"}, {"tenants", "get", "x", "--json"}} {
		stdout, stderr := cliFails(t, 1, map[string]string{"PAPRIKA_URL": closed, "PAPRIKA_ADMIN_TOKEN": adminToken}, args...)
		require.Empty(t, stdout)
		require.Contains(t, stderr, "cannot reach "+closed+": ", "paprika %v", args)
		require.Contains(t, stderr, "connection refused")
		require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}

	for _, args := range [][]string{
		{"tenants", "bogus"}, {"tenants", "get"}, {"tenants", "get", "a", "b"}, {"tenants", "list", "--bogus"},
		{"keys", "revoke", "fabrikam"}, {"templates", "push", "x"},
	} {
		_, stderr := cliFails(t, exitConfig, env, args...)
		require.Contains(t, stderr, "--help' for usage", "paprika %v", args)
	}
}

// --help works on every command and says how to use it; the process
// commands are listed beside the operators' ones; completion scripts come
// out for each shell.
func TestCLIHelp(t *testing.T) {
	t.Parallel()
	var walk func(cmd *cobra.Command)
	var paths []string
	walk = func(cmd *cobra.Command) {
		paths = append(paths, cmd.CommandPath())
		for _, sub := range cmd.Commands() {
			if sub.GroupID == "" && sub.Name() != "help" {
				walk(sub)
			}
		}
	}
	root := (&cli{getenv: getenv(nil), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}).root()
	root.InitDefaultCompletionCmd() // cobra adds it when it runs
	walk(root)
	require.Contains(t, paths, "paprika tenants set-tier")
	require.Contains(t, paths, "paprika completion bash")
	for _, path := range paths[1:] {
		args := append(strings.Fields(path)[1:], "--help")
		out := cliOK(t, nil, args...)
		require.Contains(t, out, "Usage:\n  "+path, "paprika %v", args)
	}
	for _, sub := range []string{"tenants", "keys", "templates"} {
		require.Contains(t, cliOK(t, nil, sub), "Available Commands:", "a group alone shows its help")
	}
	require.Contains(t, cliOK(t, nil, "help"), "tenants", "the usage lists the operators' commands")

	completions := cliOK(t, nil, "__complete", "")
	for _, name := range []string{"api", "worker", "tenants", "keys", "scheduler", "templates"} {
		require.Contains(t, completions, name+"\t")
	}
	require.Contains(t, cliOK(t, nil, "__complete", "keys", "create", "x", "--scope", ""), "templates\n")
	require.Contains(t, cliOK(t, nil, "completion", "bash"), "bash completion")
}
