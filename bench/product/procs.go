package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// proc is one paprika process the benchmark started.
type proc struct {
	name  string
	port  int
	cmd   *exec.Cmd
	done  chan struct{} // closed when it has exited
	err   error         // its exit, set before done is closed
	logs  *benchkit.LogKeeper
	pprof string // the address of its /debug/pprof, when profiled
}

// startProc runs `bin command` with vars (PORT chosen here) and waits until
// its GET /healthz answers 200.
func startProc(ctx context.Context, name, bin, command string, vars map[string]string, echo bool) (*proc, error) {
	p, err := spawnProc(name, bin, command, vars, echo)
	if err != nil {
		return nil, err
	}
	if err := p.waitHealthy(ctx, 60*time.Second); err != nil {
		p.stop()
		return nil, err
	}
	return p, nil
}

// spawnProc runs `bin command` with vars (PORT chosen here), without
// waiting for it to be ready.
func spawnProc(name, bin, command string, vars map[string]string, echo bool) (*proc, error) {
	port, err := benchkit.FreePort()
	if err != nil {
		return nil, err
	}
	vars["PORT"] = strconv.Itoa(port)
	p := &proc{name: name, port: port, done: make(chan struct{}), logs: &benchkit.LogKeeper{Echo: echo, Prefix: name}}
	p.cmd = exec.Command(bin, command)
	p.cmd.Env = benchkit.Environ(vars)
	p.cmd.SysProcAttr = benchkit.ChildAttr()
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	p.cmd.Stdout = io.Discard
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() {
		p.logs.Read(stderr)
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) url(path string) string {
	return "http://127.0.0.1:" + strconv.Itoa(p.port) + path
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

func (p *proc) waitHealthy(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.url("/healthz"), nil)
		if resp, err := client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s exited at start (%v):\n%s", p.name, p.err, p.logs.Tail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not healthy after %s:\n%s", p.name, limit, p.logs.Tail())
		}
	}
}

// alive reports an error if the process has exited.
func (p *proc) alive() error {
	select {
	case <-p.done:
		return fmt.Errorf("%s exited (%v):\n%s", p.name, p.err, p.logs.Tail())
	default:
		return nil
	}
}

// stop sends SIGTERM, and SIGKILL if the process is still there 15 s
// later, and waits for it to exit. It returns the exit error of a process
// that did not stop cleanly.
func (p *proc) stop() error {
	select {
	case <-p.done:
		return nil
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
		return fmt.Errorf("%s did not stop within 15 s of SIGTERM; killed", p.name)
	}
	var exit *exec.ExitError
	if p.err != nil && !errors.As(p.err, &exit) {
		return p.err
	}
	if exit != nil && !exit.Success() {
		return fmt.Errorf("%s: %v", p.name, p.err)
	}
	return nil
}

// stopAll stops the processes at once and waits for all of them.
func stopAll(ps []*proc) {
	var wg sync.WaitGroup
	for _, p := range ps {
		if p == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.stop(); err != nil {
				log.Print(err)
			}
		}()
	}
	wg.Wait()
}

// fetchProfile saves /debug/pprof/KIND (profile, trace, block, mutex) of a
// process built with -tags pprof and run with PAPRIKA_PPROF into path;
// seconds > 0 asks for that long a profile or trace.
func fetchProfile(ctx context.Context, addr, kind string, seconds int, path string) error {
	u := "http://" + addr + "/debug/pprof/" + kind
	if seconds > 0 {
		u += "?seconds=" + strconv.Itoa(seconds)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	if _, err := io.Copy(&b, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s: %s", resp.Status, strings.TrimSpace(b.String()))
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
