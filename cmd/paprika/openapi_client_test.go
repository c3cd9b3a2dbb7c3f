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
	"github.com/paprikahq/paprika/internal/testkit"

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
// mode on a fresh database). Then the TypeScript client's flow
// (docs/typescript/flow.ts, type-checked by docs' TestTypeScriptClient) runs
// against the same server.
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

	checkTypeScriptFlow(t, w.URL, w.AdminToken)
}

// checkTypeScriptFlow compiles docs/typescript/flow.ts with tsc against the
// types openapi-typescript generates from docs/openapi.yaml, runs its flow()
// with node against the server at url, and checks what it saw.
func checkTypeScriptFlow(t *testing.T, url, admin string) {
	t.Helper()
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		t.Fatal("node and npm are missing; install them with: apt-get install -y npm (or: scripts/install-deps.sh test)")
	}
	src := filepath.FromSlash("../../docs/typescript")
	modules := testkit.TypeScriptModules(t, npm, src)
	work := t.TempDir()
	for _, f := range []string{"flow.ts", "tsconfig.json"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(work, f), b, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(work, "package.json"), []byte(`{"type": "module"}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(work, "run.mjs"), []byte(`import { flow } from "./out/flow.js";
const [url, admin] = process.argv.slice(2);
process.stdout.write(JSON.stringify(await flow(url, admin)));
`), 0o644))
	require.NoError(t, os.Symlink(modules, filepath.Join(work, "node_modules")))
	spec, err := filepath.Abs(filepath.FromSlash("../../docs/openapi.yaml"))
	require.NoError(t, err)
	for _, args := range [][]string{
		{filepath.Join(modules, "openapi-typescript", "bin", "cli.js"), spec, "-o", filepath.Join(work, "paprika.d.ts")},
		{filepath.Join(modules, "typescript", "bin", "tsc"), "-p", work, "--noEmit", "false", "--outDir", filepath.Join(work, "out")},
	} {
		cmd := exec.CommandContext(t.Context(), node, args...)
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", filepath.Base(args[0]), out)
	}
	run := exec.CommandContext(t.Context(), node, "run.mjs", url, admin)
	run.Dir = work
	var stderr strings.Builder
	run.Stderr = &stderr
	out, err := run.Output()
	require.NoError(t, err, "flow.ts failed against the server: %s", stderr.String())

	var got struct {
		Tenant struct {
			ID            string  `json:"id"`
			RetentionDays int     `json:"retentionDays"`
			Tier          *string `json:"tier"`
		} `json:"tenant"`
		KeyScopes []string `json:"keyScopes"`
		Template  struct {
			Version        int    `json:"version"`
			Paper          string `json:"paper"`
			SampleCustomer string `json:"sampleCustomer"`
		} `json:"template"`
		Versions []int `json:"versions"`
		Render   struct {
			Bytes int    `json:"bytes"`
			Pages string `json:"pages"`
		} `json:"render"`
		LandscapeBytes int    `json:"landscapeBytes"`
		PNGType        string `json:"pngType"`
		Job            struct {
			Status, Tier, ContentType, OrderID, Output string
		} `json:"job"`
		Part struct {
			Status       int    `json:"status"`
			ContentType  string `json:"contentType"`
			ContentRange string `json:"contentRange"`
			Bytes        int    `json:"bytes"`
		} `json:"part"`
		JobsDone int `json:"jobsDone"`
		Batch    struct {
			Status string `json:"status"`
			Done   int    `json:"done"`
			Total  int    `json:"total"`
			Run    string `json:"run"`
		} `json:"batch"`
		Records  []string `json:"records"`
		Record1  string   `json:"record1"`
		Canceled struct {
			Status string `json:"status"`
			Tier   string `json:"tier"`
		} `json:"canceled"`
		Usage struct {
			RendersToday int    `json:"rendersToday"`
			CSVHeader    string `json:"csvHeader"`
		} `json:"usage"`
	}
	require.NoError(t, json.Unmarshal(out, &got), "flow.ts output: %s", out)
	require.Equal(t, "fabrikam", got.Tenant.ID)
	require.Equal(t, 90, got.Tenant.RetentionDays)
	require.Equal(t, "priority", *got.Tenant.Tier)
	require.Equal(t, []string{"render", "templates"}, got.KeyScopes)
	require.Equal(t, 1, got.Template.Version)
	require.Equal(t, "A5", got.Template.Paper)
	require.Equal(t, "Ada", got.Template.SampleCustomer)
	require.Equal(t, []int{2, 1}, got.Versions)
	require.Positive(t, got.Render.Bytes)
	require.Equal(t, "1", got.Render.Pages)
	require.Positive(t, got.LandscapeBytes)
	require.Equal(t, "image/png", got.PNGType)
	require.Equal(t, "done", got.Job.Status)
	require.Equal(t, "priority", got.Job.Tier, "the key's tier")
	require.Equal(t, "text/html; charset=utf-8", got.Job.ContentType)
	require.Equal(t, "A-1001", got.Job.OrderID)
	require.Equal(t, "<h1>Receipt 42</h1><p>Thank you, Fabrikam</p>", got.Job.Output)
	require.Equal(t, 206, got.Part.Status)
	require.Equal(t, "text/html; charset=utf-8", got.Part.ContentType, "a part is in the document's own type")
	require.Equal(t, fmt.Sprintf("bytes 0-%d/%d", len(got.Job.Output)-1, len(got.Job.Output)), got.Part.ContentRange)
	require.Equal(t, len(got.Job.Output), got.Part.Bytes)
	require.Equal(t, 1, got.JobsDone)
	require.Equal(t, "done", got.Batch.Status)
	require.Equal(t, 3, got.Batch.Done)
	require.Equal(t, 3, got.Batch.Total)
	require.Equal(t, "2026-11", got.Batch.Run)
	require.Len(t, got.Records, 3, "three records, paged two at a time with after")
	for i, r := range got.Records {
		require.Regexp(t, fmt.Sprintf(`^%d done /v1/batches/[0-9a-f-]{36}/records/%d/output$`, i+1, i+1), r)
	}
	require.Equal(t, "<h1>Receipt No. 1</h1><p>Thank you, Ada</p>", got.Record1, "the batch renders the latest version")
	require.Equal(t, "canceled", got.Canceled.Status)
	require.Equal(t, "priority", got.Canceled.Tier)
	// The usage route read per Accept: JSON through a client typed for
	// it, CSV as text.
	require.Equal(t, 3, got.Usage.RendersToday, "the three synchronous renders")
	require.True(t, strings.HasPrefix(got.Usage.CSVHeader, "day,tenant,tier,renders,"), got.Usage.CSVHeader)
}
