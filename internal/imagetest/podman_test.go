//go:build imagetest

package imagetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// podman runs podman on storage of this test's own (under the cache
// directory), so that nothing it builds, runs or removes is anyone else's,
// and with the settings containers.md found necessary here: runc (crun
// refuses hybrid cgroups), cgroupfs, and no default ulimits (the sandboxed
// kernel refuses setrlimit(RLIMIT_NOFILE)).
type podman struct {
	runc  string
	cache string // storage and cached inputs, kept between runs
	run   string // runroot
	conf  string // CONTAINERS_CONF
}

func newPodman(t *testing.T, cache string) *podman {
	t.Helper()
	runc, err := exec.LookPath("runc")
	if err != nil {
		t.Fatalf("runc not found: install it with: apt-get install -y runc (or: scripts/install-deps.sh image)")
	}
	// One runroot for the storage: podman refuses another one later.
	p := &podman{runc: runc, cache: cache, run: "/run/paprika-image-test", conf: filepath.Join(cache, "containers.conf")}
	conf := "[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = \"cgroupfs\"\n"
	must(t, os.MkdirAll(cache, 0o700))
	must(t, os.WriteFile(p.conf, []byte(conf), 0o644))
	return p
}

func (p *podman) args(args ...string) []string {
	return append([]string{"--root", filepath.Join(p.cache, "storage"), "--runroot", p.run,
		"--runtime", p.runc, "--cgroup-manager", "cgroupfs"}, args...)
}

// cmd is a podman command bounded by ctx.
func (p *podman) cmd(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "podman", p.args(args...)...)
	cmd.Env = append(os.Environ(), "CONTAINERS_CONF="+p.conf)
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// out runs podman and returns its standard output, failing the test with
// everything podman said when it fails or outlasts timeout.
func (p *podman) out(t *testing.T, timeout time.Duration, args ...string) string {
	t.Helper()
	out, err := p.try(timeout, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// try runs podman and returns its output, or an error with everything it
// said.
func (p *podman) try(timeout time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := p.cmd(ctx, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("timed out after %v", timeout)
		}
		return stdout.String(), fmt.Errorf("podman %s: %v\n%s%s", strings.Join(args, " "), err, lastLines(stdout.String(), 30), lastLines(stderr.String(), 30))
	}
	return stdout.String(), nil
}

// stream runs podman with its output in the test's log as it comes, for
// the long builds.
func (p *podman) stream(t *testing.T, timeout time.Duration, logFile string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	f, err := os.Create(logFile)
	must(t, err)
	defer f.Close()
	cmd := p.cmd(ctx, args...)
	cmd.Stdout, cmd.Stderr = f, f
	start := time.Now()
	err = cmd.Run()
	if err != nil {
		b, _ := os.ReadFile(logFile)
		if ctx.Err() != nil {
			err = fmt.Errorf("timed out after %v", timeout)
		}
		t.Fatalf("podman %s: %v (after %v; whole output in %s)\n%s", strings.Join(args, " "), err,
			time.Since(start).Round(time.Second), logFile, lastLines(string(b), 40))
	}
	t.Logf("podman %s: %v", args[0], time.Since(start).Round(time.Second))
}

// logs is a container's log: what it wrote to stdout and stderr, which
// podman logs writes to its own stdout and stderr.
func (p *podman) logs(t *testing.T, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := p.cmd(ctx, append(append([]string{"logs"}, args...), name)...).CombinedOutput()
	if err != nil {
		t.Errorf("podman logs %s: %v\n%s", name, err, out)
	}
	return string(out)
}

// imageExists answers podman image exists: status 1 is no.
func (p *podman) imageExists(t *testing.T, name string) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	out, err := p.cmd(ctx, "image", "exists", name).CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return false
	}
	t.Fatalf("podman image exists %s: %v\n%s", name, err, out)
	return false
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	if len(lines) == 1 && lines[0] == "" {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
