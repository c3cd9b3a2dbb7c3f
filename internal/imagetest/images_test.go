//go:build imagetest

package imagetest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The names the product's Dockerfile builds FROM. No registry can be
// reached here, so the test makes both from what the machine has.
const (
	baseImage = "docker.io/library/debian:bookworm-slim"
	goImage   = "docker.io/library/golang:1.26-bookworm"
)

// buildBase makes the Debian base image with debootstrap from the
// machine's Debian mirror, with the machine's apt sources (bookworm,
// -updates and -security, as the real image has), unless it is cached.
func buildBase(t *testing.T, p *podman) {
	t.Helper()
	if p.imageExists(t, baseImage) {
		t.Logf("%s: cached", baseImage)
		return
	}
	if _, err := exec.LookPath("debootstrap"); err != nil {
		t.Fatal("debootstrap not found: install it with: apt-get install -y debootstrap (or: scripts/install-deps.sh image)")
	}
	mirror, sources := debianMirror(t)
	rootfs := filepath.Join(p.cache, "rootfs")
	must(t, os.RemoveAll(rootfs))
	start := time.Now()
	run(t, 10*time.Minute, filepath.Join(p.cache, "debootstrap.log"),
		"debootstrap", "--variant=minbase", "bookworm", rootfs, mirror)
	must(t, os.Remove(filepath.Join(rootfs, "etc/apt/sources.list")))
	if sources != "" {
		b, err := os.ReadFile(sources)
		must(t, err)
		must(t, os.WriteFile(filepath.Join(rootfs, "etc/apt/sources.list.d", filepath.Base(sources)), b, 0o644))
	} else {
		must(t, os.WriteFile(filepath.Join(rootfs, "etc/apt/sources.list"), []byte("deb "+mirror+" bookworm main\n"), 0o644))
	}
	for _, dir := range []string{"var/cache/apt/archives", "var/lib/apt/lists"} {
		entries, _ := filepath.Glob(filepath.Join(rootfs, dir, "*"))
		for _, e := range entries {
			if fi, err := os.Stat(e); err == nil && !fi.IsDir() {
				_ = os.Remove(e)
			}
		}
	}
	tar := exec.Command("tar", "-C", rootfs, "-c", ".")
	imp := p.cmd(t.Context(), "import", "-q", "-", baseImage)
	pipe, err := tar.StdoutPipe()
	must(t, err)
	imp.Stdin = pipe
	must(t, tar.Start())
	if out, err := imp.CombinedOutput(); err != nil {
		t.Fatalf("podman import: %v\n%s", err, out)
	}
	must(t, tar.Wait())
	must(t, os.RemoveAll(rootfs))
	t.Logf("%s: debootstrapped from %s in %v", baseImage, mirror, time.Since(start).Round(time.Second))
}

// debianMirror is the machine's Debian mirror (the URIs of its bookworm
// suite) and the deb822 file that names it, if that is how it is named.
func debianMirror(t *testing.T) (mirror, sourcesFile string) {
	t.Helper()
	files, _ := filepath.Glob("/etc/apt/sources.list.d/*.sources")
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		var uri string
		bookworm := false
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			switch {
			case line == "": // a new stanza
				if bookworm && uri != "" {
					fh.Close()
					return uri, f
				}
				uri, bookworm = "", false
			case strings.HasPrefix(line, "URIs:"):
				uri = strings.Fields(strings.TrimPrefix(line, "URIs:"))[0]
			case strings.HasPrefix(line, "Suites:"):
				for _, s := range strings.Fields(strings.TrimPrefix(line, "Suites:")) {
					bookworm = bookworm || s == "bookworm"
				}
			}
		}
		fh.Close()
		if bookworm && uri != "" {
			return uri, f
		}
	}
	if b, err := os.ReadFile("/etc/apt/sources.list"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) >= 3 && f[0] == "deb" && f[2] == "bookworm" {
				return f[1], ""
			}
		}
	}
	t.Fatal("found no Debian bookworm mirror in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list")
	return "", ""
}

// buildGo makes the Go build image from the Go that runs this test, with
// the machine's CA bundle (the only one that trusts the module proxy's
// certificate on our machines), unless it is cached for this Go version.
func buildGo(t *testing.T, p *podman) {
	t.Helper()
	tag := "go-version=" + runtime.Version()
	if p.imageExists(t, goImage) {
		if label, err := p.try(time.Minute, "image", "inspect", "--format", "{{index .Labels \"paprika.image-test\"}}", goImage); err == nil && strings.TrimSpace(label) == tag {
			t.Logf("%s: cached (%s)", goImage, runtime.Version())
			return
		}
	}
	ctx := filepath.Join(p.cache, "go-context")
	must(t, os.RemoveAll(ctx))
	must(t, os.MkdirAll(ctx, 0o755))
	defer os.RemoveAll(ctx)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	must(t, err)
	run(t, 5*time.Minute, filepath.Join(p.cache, "go-copy.log"), "cp", "-a", strings.TrimSpace(string(goroot)), filepath.Join(ctx, "go"))
	ca, err := os.ReadFile("/etc/ssl/certs/ca-certificates.crt")
	if err != nil {
		t.Fatalf("the machine's CA bundle: %v (install ca-certificates)", err)
	}
	must(t, os.WriteFile(filepath.Join(ctx, "ca-certificates.crt"), ca, 0o644))
	containerfile := "FROM " + baseImage + "\n" +
		"COPY go /usr/local/go\n" +
		"COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt\n" +
		"ENV PATH=/usr/local/go/bin:/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin GOPATH=/go GOTOOLCHAIN=local\n" +
		"LABEL paprika.image-test=\"" + tag + "\"\n"
	must(t, os.WriteFile(filepath.Join(ctx, "Containerfile"), []byte(containerfile), 0o644))
	p.stream(t, 10*time.Minute, filepath.Join(p.cache, "go-build.log"), "build", "--network=host", "-t", goImage, ctx)
}

// run runs a command of the machine, its output in logFile.
func run(t *testing.T, timeout time.Duration, logFile string, name string, args ...string) {
	t.Helper()
	f, err := os.Create(logFile)
	must(t, err)
	defer f.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.WaitDelay = 10 * time.Second
	must(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(timeout):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("%s timed out after %v; its output is in %s", name, timeout, logFile)
	}
	if err != nil {
		b, _ := os.ReadFile(logFile)
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(string(b), 30))
	}
}
