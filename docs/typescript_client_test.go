package docs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/testkit"
)

// TestTypeScriptClient holds openapi.yaml to what a TypeScript team takes
// as it is: openapi-typescript generates the types from it (its default
// options), and tsc --strict type-checks typescript/flow.ts against them
// with openapi-fetch, a flow written from api.md's examples (a tenant and
// its key, a stored template with sampleData and options, renders, a job
// polled to the end and its output, a batch and its records paged with
// `after`, a cancel). A free-form object without `additionalProperties:
// true` (Record<string, never> to TypeScript), a `default` that makes an
// option required, or a cursor whose type differs from the `next` it comes
// from fails it.
//
// cmd/paprika's TestGeneratedClient runs the same flow against a live server.
//
// The tools are the exact versions of typescript/package-lock.json, installed
// once per lock by `npm ci` into the user's cache directory (the npm registry
// once, then offline).
func TestTypeScriptClient(t *testing.T) {
	t.Parallel()
	node, npm := lookNode(t)
	modules := testkit.TypeScriptModules(t, npm, "typescript")

	work := t.TempDir()
	for _, f := range []string{"flow.ts", "tsconfig.json"} {
		b, err := os.ReadFile(filepath.Join("typescript", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(modules, filepath.Join(work, "node_modules")); err != nil {
		t.Fatal(err)
	}
	spec, err := filepath.Abs("openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	types := filepath.Join(work, "paprika.d.ts")
	if out, err := runNode(t, work, node, filepath.Join(modules, "openapi-typescript", "bin", "cli.js"), spec, "-o", types); err != nil {
		t.Fatalf("openapi-typescript failed on openapi.yaml: %v\n%s", err, out)
	} else if bytes.Contains(out, []byte("⚠")) {
		t.Logf("openapi-typescript warned:\n%s", out)
	}

	// An object schema with neither properties nor additionalProperties is,
	// to openapi-typescript, an object that has no keys.
	generated, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(generated), "\n") {
		if strings.Contains(line, "Record<string, never>") && !strings.HasPrefix(line, "export type ") { // webhooks, $defs: none
			t.Errorf("paprika.d.ts:%d: %s: a free-form object of openapi.yaml lacks additionalProperties: true", i+1, strings.TrimSpace(line))
		}
	}

	out, err := runNode(t, work, node, filepath.Join(modules, "typescript", "bin", "tsc"), "--strict", "--noEmit", "-p", work)
	if err != nil {
		t.Errorf("tsc --strict rejects typescript/flow.ts against the types of openapi.yaml (%v):\n%s\nby hand: cd docs/typescript && npm ci && npm run generate && npm run check",
			err, strings.ReplaceAll(string(out), work+string(filepath.Separator), ""))
	}
}

// lookNode finds node and npm, or fails with how to install them.
func lookNode(t *testing.T) (node, npm string) {
	t.Helper()
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		t.Fatal("node and npm are missing; install them with: apt-get install -y npm (or: scripts/install-deps.sh test)")
	}
	return node, npm
}

// npmEnv is the environment of every npm tool the docs tests run: no
// update checks, funding or audit requests.
func npmEnv() []string {
	return append(os.Environ(), "NO_UPDATE_NOTIFIER=1", "npm_config_update_notifier=false",
		"npm_config_fund=false", "npm_config_audit=false")
}

func runNode(t *testing.T, dir, node string, args ...string) ([]byte, error) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), node, args...)
	cmd.Dir = dir
	cmd.Env = npmEnv()
	return cmd.CombinedOutput()
}
