// Package proctest runs the real paprika binary as processes for the
// suites that test it from outside (faults/, attacks/): it builds
// cmd/paprika once, starts `paprika api` or `paprika worker` with an
// environment of the test's own, waits until it is ready, and finds and
// kills what it started (its Chromium included).
package proctest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BuildTemp compiles cmd/paprika, within 10 minutes, into a temporary
// directory named after prefix, for a package's TestMain: it returns the
// binary's path and a function that removes the directory.
func BuildTemp(prefix string) (bin string, remove func(), err error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	remove = func() { os.RemoveAll(dir) }
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if bin, err = Build(ctx, dir); err != nil {
		remove()
		return "", nil, err
	}
	return bin, remove, nil
}

// Build compiles cmd/paprika into dir and returns the binary's path. It
// uses go on PATH, else where go.dev's archive unpacks (the Makefile puts
// that on PATH too, but go test may be run by hand).
func Build(ctx context.Context, dir string) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = "/usr/local/go/bin/go"
		if _, err := os.Stat(goBin); err != nil {
			return "", fmt.Errorf("no go toolchain to build cmd/paprika with; install Go 1.26")
		}
	}
	bin := filepath.Join(dir, "paprika")
	cmd := exec.CommandContext(ctx, goBin, "build", "-o", bin, "github.com/paprikahq/paprika/cmd/paprika")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/paprika: %v\n%s", err, out)
	}
	return bin, nil
}

// Options say which process to start and how.
type Options struct {
	Bin     string            // the paprika binary (Build's)
	Name    string            // the process's name in messages
	Command string            // api, worker
	Vars    map[string]string // its environment, over the test's less Paprika's own
	LogPath string            // where its output goes
	// Join are cgroup.procs files (a cgroup's, or one per cgroup v1
	// hierarchy) the process joins before it runs paprika (a shell writes
	// its own pid, then execs), so that everything it starts, its Chromium
	// first, runs in the cgroups.
	Join []string
}

// Proc is one paprika process a test started.
type Proc struct {
	Name    string
	Command string
	Vars    map[string]string
	Cmd     *exec.Cmd
	LogPath string
	Addr    string        // 127.0.0.1:port it listens on
	Done    chan struct{} // closed when it has exited
	State   *os.ProcessState
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"[^"]*:(\d+)"`)

// client is the one readiness checks use.
var client = &http.Client{Timeout: 30 * time.Second}

// Start runs the process on PORT 0, and returns once it listens and its
// /readyz answers 200 (Chromium up, database reachable). Killing it is the
// caller's (Kill), on a failure too.
func Start(t testing.TB, o Options) *Proc {
	t.Helper()
	vars := map[string]string{"PORT": "0"}
	for k, v := range o.Vars {
		vars[k] = v
	}
	p := &Proc{Name: o.Name, Command: o.Command, Vars: vars, LogPath: o.LogPath, Done: make(chan struct{})}
	logFile, err := os.Create(o.LogPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Join) > 0 {
		// sh -c SCRIPT NAME ARGS…: $0 is NAME, "$@" the ARGS.
		script := `for f in $0; do echo $$ > "$f" || exit 1; done && exec "$@"`
		p.Cmd = exec.Command("/bin/sh", "-c", script, strings.Join(o.Join, " "), o.Bin, o.Command)
	} else {
		p.Cmd = exec.Command(o.Bin, o.Command)
	}
	p.Cmd.Env = Environ(vars)
	p.Cmd.Stdout, p.Cmd.Stderr = logFile, logFile
	p.Cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.Cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("start %s: %v", o.Name, err)
	}
	logFile.Close()
	go func() {
		_ = p.Cmd.Wait()
		p.State = p.Cmd.ProcessState
		close(p.Done)
	}()
	if err := p.ready(t.Context()); err != nil {
		p.Kill()
		t.Fatalf("%s: %v:\n%s", o.Name, err, Tail(p.Log(), 60))
	}
	return p
}

// ready waits until the process listens and its /readyz answers 200, up
// to 2 minutes each: a safety net on a loaded machine.
func (p *Proc) ready(ctx context.Context) error {
	deadline := time.Now().Add(2 * time.Minute)
	for p.Addr == "" {
		if m := listening.FindStringSubmatch(p.Log()); m != nil {
			p.Addr = "127.0.0.1:" + m[1]
			break
		}
		select {
		case <-p.Done:
			return fmt.Errorf("exited at start (%v)", p.State)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("does not listen after 2 min")
		}
	}
	deadline = time.Now().Add(2 * time.Minute)
	for {
		status, err := p.status(ctx, "/readyz")
		if err == nil && status == http.StatusOK {
			return nil
		}
		if !p.Alive() {
			return fmt.Errorf("exited (%v) before /readyz answered 200", p.State)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("/readyz is not 200 after 2 min (%v %d)", err, status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// WaitStatus polls path on p until it answers want; the test fails if p
// exits or limit passes first.
func (p *Proc) WaitStatus(t testing.TB, path string, want int, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		status, err := p.status(t.Context(), path)
		if err == nil && status == want {
			return
		}
		if !p.Alive() {
			t.Fatalf("%s exited (%v) while waiting for %s %d:\n%s", p.Name, p.State, path, want, Tail(p.Log(), 40))
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s %s is not %d after %s (%v %d)", p.Name, path, want, limit, err, status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (p *Proc) status(ctx context.Context, path string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.URL(path), nil)
	if err != nil {
		return 0, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// Environ is the test's environment without Paprika's variables, plus vars.
func Environ(vars map[string]string) []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "PAPRIKA_") || k == "PORT" || strings.HasPrefix(k, "AWS_") {
			continue
		}
		out = append(out, kv)
	}
	for k, v := range vars {
		out = append(out, k+"="+v)
	}
	return out
}

// URL is path on the process's port.
func (p *Proc) URL(path string) string { return "http://" + p.Addr + path }

// Pid is the process's id (the shell's before it execs paprika: the same).
func (p *Proc) Pid() int { return p.Cmd.Process.Pid }

// Log is everything the process has written so far.
func (p *Proc) Log() string {
	b, _ := os.ReadFile(p.LogPath)
	return string(b)
}

// Alive says whether the process has not exited.
func (p *Proc) Alive() bool {
	select {
	case <-p.Done:
		return false
	default:
		return true
	}
}

// Signal sends sig to the process alone (not its Chromium).
func (p *Proc) Signal(sig syscall.Signal) {
	_ = p.Cmd.Process.Signal(sig)
}

// Wait waits for the process to exit, up to limit; false if it did not.
func (p *Proc) Wait(limit time.Duration) bool {
	select {
	case <-p.Done:
		return true
	case <-time.After(limit):
		return false
	}
}

// Chromiums returns the pids of the process's Chromium (its children's
// trees), found in /proc.
func (p *Proc) Chromiums() []int {
	return Descendants(p.Pid())
}

// Kill stops the process and everything under it for good: a test's
// cleanup, and a SIGKILL fault.
func (p *Proc) Kill() {
	kids := p.Chromiums()
	p.Signal(syscall.SIGKILL)
	p.Wait(30 * time.Second)
	for _, pid := range kids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// Descendants lists the processes under pid, children first.
func Descendants(pid int) []int {
	parent := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp := ppid(child); pp > 0 {
			parent[pp] = append(parent[pp], child)
		}
	}
	var out []int
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, k := range parent[p] {
			out = append(out, k)
			queue = append(queue, k)
		}
	}
	return out
}

func ppid(pid int) int {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "PPid:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}

// Tail is the last n lines of s.
func Tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
