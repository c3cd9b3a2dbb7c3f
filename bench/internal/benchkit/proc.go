package benchkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Proc is one paprika process a bench started.
type Proc struct {
	Name  string
	Port  int
	Cmd   *exec.Cmd
	Logs  *LogKeeper
	Pprof string // the address of its /debug/pprof, when profiled

	done chan struct{} // closed when it has exited
	err  error         // its exit, set before done is closed
}

// StartProc runs `bin command` with vars (PORT chosen here) and waits until
// its GET /healthz answers 200.
func StartProc(ctx context.Context, name, bin, command string, vars map[string]string, echo bool) (*Proc, error) {
	p, err := SpawnProc(name, bin, command, vars, echo)
	if err != nil {
		return nil, err
	}
	if err := p.WaitHealthy(ctx, 60*time.Second); err != nil {
		p.Stop()
		return nil, err
	}
	return p, nil
}

// SpawnProc runs `bin command` with vars (PORT chosen here), without
// waiting for it to be ready.
func SpawnProc(name, bin, command string, vars map[string]string, echo bool) (*Proc, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	vars["PORT"] = strconv.Itoa(port)
	p := &Proc{Name: name, Port: port, done: make(chan struct{}), Logs: &LogKeeper{Echo: echo, Prefix: name}}
	p.Cmd = exec.Command(bin, command)
	p.Cmd.Env = Environ(vars)
	p.Cmd.SysProcAttr = ChildAttr()
	stderr, err := p.Cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	p.Cmd.Stdout = io.Discard
	if err := p.Cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() {
		p.Logs.Read(stderr)
		p.err = p.Cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// URL is path on the process's port on loopback.
func (p *Proc) URL(path string) string {
	return "http://127.0.0.1:" + strconv.Itoa(p.Port) + path
}

// Pid is the process id.
func (p *Proc) Pid() int { return p.Cmd.Process.Pid }

// WaitHealthy waits until GET /healthz answers 200, the process exits, or
// limit passes.
func (p *Proc) WaitHealthy(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.URL("/healthz"), nil)
		if resp, err := client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s exited at start (%v):\n%s", p.Name, p.err, p.Logs.Tail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not healthy after %s:\n%s", p.Name, limit, p.Logs.Tail())
		}
	}
}

// Alive reports an error if the process has exited.
func (p *Proc) Alive() error {
	select {
	case <-p.done:
		return fmt.Errorf("%s exited (%v):\n%s", p.Name, p.err, p.Logs.Tail())
	default:
		return nil
	}
}

// Stop sends SIGTERM, and SIGKILL if the process is still there 15 s
// later, and waits for it to exit. It returns the exit error of a process
// that did not stop cleanly.
func (p *Proc) Stop() error {
	select {
	case <-p.done:
		return nil
	default:
	}
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		_ = p.Cmd.Process.Kill()
		<-p.done
		return fmt.Errorf("%s did not stop within 15 s of SIGTERM; killed", p.Name)
	}
	var exit *exec.ExitError
	if p.err != nil && !errors.As(p.err, &exit) {
		return p.err
	}
	if exit != nil && !exit.Success() {
		return fmt.Errorf("%s: %v", p.Name, p.err)
	}
	return nil
}

// StopAll stops the processes at once and waits for all of them.
func StopAll(ps []*Proc) {
	var wg sync.WaitGroup
	for _, p := range ps {
		if p == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Stop(); err != nil {
				log.Print(err)
			}
		}()
	}
	wg.Wait()
}

// Done is closed when the process has exited.
func (p *Proc) Done() <-chan struct{} { return p.done }
