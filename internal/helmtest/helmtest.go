// Package helmtest runs Helm for the tests of the chart (deploy/helm/paprika):
// Helm is a tool, built by `go run` from the Go module proxy at a pinned
// version (Go caches the executable), never a dependency of the product.
package helmtest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Module is the Helm the tests run, unless PAPRIKA_HELM names another.
const Module = "helm.sh/helm/v3/cmd/helm@v3.21.4"

// KubeVersion is the cluster the chart is rendered for: a Helm built by go
// run, without the release's linker flags, takes it as Kubernetes 1.20, and
// the chart needs 1.23.
const KubeVersion = "1.30.0"

// Binary returns the path of Helm 3: PAPRIKA_HELM, or the executable `go run
// -exec echo` builds and prints. It fails the test with the install command
// when neither gives one.
func Binary(t *testing.T) string {
	t.Helper()
	path := os.Getenv("PAPRIKA_HELM")
	// With a cold build cache, the first `go run -exec echo` prints the
	// executable in its temporary directory, which it removes as it exits,
	// and caches a copy; the second prints the cached one.
	for try := 0; path == "" && try < 2; try++ {
		gocmd, err := exec.LookPath("go")
		if err != nil {
			gocmd = "/usr/local/go/bin/go"
		}
		cmd := exec.Command(gocmd, "run", "-exec", "echo", Module)
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, err := cmd.Output()
		var stderr []byte
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			stderr = ee.Stderr
		}
		require.NoError(t, err, "the chart's tests build Helm with `go run %s` (the Go module proxy), or run PAPRIKA_HELM; it could not:\n%s\nInstall it with:\n"+
			"  GOBIN=/usr/local/bin go install %s && export PAPRIKA_HELM=/usr/local/bin/helm", Module, stderr, Module)
		printed := strings.TrimSpace(string(out))
		if _, err = os.Stat(printed); err == nil {
			path = printed
		} else if try == 1 {
			require.NoError(t, err, "go run -exec echo %s printed %q, twice not an executable's path", Module, out)
		}
	}
	out, err := Run(t, path, "version", "--short")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(strings.TrimSpace(out), "v3."), "%s version --short answered %q, not Helm 3", path, out)
	return path
}

// Run runs helm with args and returns its standard output; its error
// carries its standard error. Helm's own settings and caches stay in the
// test's directory: a developer's repositories and plugins play no part.
func Run(t *testing.T, helm string, args ...string) (string, error) {
	cmd := exec.Command(helm, args...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "HELM_CACHE_HOME="+home+"/cache", "HELM_CONFIG_HOME="+home+"/config", "HELM_DATA_HOME="+home+"/data")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("helm %s: %w\n%s%s", strings.Join(args, " "), err, stderr.String(), stdout.String())
	}
	return stdout.String(), nil
}
