package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"

	// The generated client's one dependency, required here so that go.mod
	// keeps it (the client exists only while TestGeneratedClient runs).
	_ "github.com/oapi-codegen/runtime"
)

// oapiCodegenVersion is the generator TestGeneratedClient builds, once per
// machine, into the user's cache directory.
const oapiCodegenVersion = "v2.8.2"

const oapiCodegenPackage = "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen"

// goTool returns the go command that runs this test.
func goTool(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := "/usr/local/go/bin/go" // where go.dev's archive unpacks
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("no go command on PATH nor in %s", p)
	}
	return p
}

// oapiCodegen returns oapi-codegen at its pinned version, built from the Go
// module proxy on the first run (a minute or so) and kept in the user's
// cache directory after.
func oapiCodegen(t *testing.T) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil { // no HOME: a cache that lasts until the next reboot
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "paprika", "tools", "oapi-codegen@"+oapiCodegenVersion)
	bin := filepath.Join(dir, "oapi-codegen")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	cmd := exec.CommandContext(t.Context(), goTool(t), "install", oapiCodegenPackage+"@"+oapiCodegenVersion)
	cmd.Dir = dir // outside this module: the generator's own go.mod decides its dependencies
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building oapi-codegen failed (it needs the Go module proxy once); by hand:\n  GOBIN=%s go install %s@%s\n%v\n%s",
			dir, oapiCodegenPackage, oapiCodegenVersion, err, out)
	}
	return bin
}

// TestGeneratedClient is the proof that docs/openapi.yaml describes the API
// a client sees: a Go client generated from it by oapi-codegen, compiled
// beside a driver (testdata/openapiclient), runs a tenant, a key, a stored
// template, a job and a batch to the end against a real api + worker (dev
// mode on a fresh database).
func TestGeneratedClient(t *testing.T) {
	t.Parallel()
	gen := oapiCodegen(t)

	// The client and the driver go in a package of this module, so that
	// they build with its go.mod; "_" keeps ./... patterns away from it.
	pkg, err := os.MkdirTemp(".", "_openapiclient")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(pkg) })
	out, err := exec.CommandContext(t.Context(), gen, "-generate", "types,client", "-package", "main",
		"-o", filepath.Join(pkg, "client.gen.go"), filepath.FromSlash("../../docs/openapi.yaml")).CombinedOutput()
	require.NoError(t, err, "oapi-codegen: %s", out)
	driver, err := os.ReadFile(filepath.FromSlash("testdata/openapiclient/main.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), driver, 0o644))
	bin := filepath.Join(t.TempDir(), "openapiclient")
	build := exec.CommandContext(t.Context(), goTool(t), "build", "-o", bin, "./"+filepath.Base(pkg))
	out, err = build.CombinedOutput()
	require.NoError(t, err, "the generated client does not build:\n%s", out)

	s, w := startDevEnv(t, map[string]string{
		"PORT":                 "0",
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t),
		"PAPRIKA_DATA_DIR":     t.TempDir(),
		"PAPRIKA_TIERS":        seedTiers,
	})
	s.waitReady(t, w.URL+"/readyz")

	run := exec.CommandContext(t.Context(), bin, "-url", w.URL, "-admin", w.AdminToken)
	var stderr strings.Builder
	run.Stderr = &stderr
	out, err = run.Output()
	require.NoError(t, err, "the driver failed: %s", stderr.String())

	var got struct {
		TenantTier   string   `json:"tenantTier"`
		KeyScopes    []string `json:"keyScopes"`
		Tiers        []string `json:"tiers"`
		TemplateVer  int      `json:"templateVersion"`
		JobStatus    string   `json:"jobStatus"`
		JobTier      string   `json:"jobTier"`
		JobTemplate  string   `json:"jobTemplate"`
		JobType      string   `json:"jobContentType"`
		JobOutput    string   `json:"jobOutput"`
		JobsListed   int      `json:"jobsListed"`
		BatchStatus  string   `json:"batchStatus"`
		BatchDone    int      `json:"batchDone"`
		Records      []string `json:"records"`
		Record2      string   `json:"record2"`
		ZipFiles     []string `json:"zipFiles"`
		NotFoundCode string   `json:"notFoundCode"`
	}
	require.NoError(t, json.Unmarshal(out, &got), "driver output: %s", out)
	require.Equal(t, "priority", got.TenantTier)
	require.Equal(t, []string{"render", "templates"}, got.KeyScopes)
	require.Equal(t, []string{"standard", "priority"}, got.Tiers)
	require.Equal(t, 1, got.TemplateVer)
	require.Equal(t, "done", got.JobStatus)
	require.Equal(t, "priority", got.JobTier, "the tenant's tier")
	require.Equal(t, "letter@1", got.JobTemplate)
	require.Equal(t, "text/html; charset=utf-8", got.JobType)
	require.Equal(t, "<p>Dear Ada &amp; Bob</p>", got.JobOutput)
	require.Equal(t, 1, got.JobsListed)
	require.Equal(t, "done", got.BatchStatus)
	require.Equal(t, 3, got.BatchDone)
	require.Equal(t, []string{"1 done", "2 done", "3 done"}, got.Records)
	require.Equal(t, "<p>Record 2</p>", got.Record2)
	require.Len(t, got.ZipFiles, 3)
	for i, name := range got.ZipFiles {
		require.Equal(t, fmt.Sprintf("%06d.html", i+1), name)
	}
	require.Equal(t, "not-found", got.NotFoundCode)
}
