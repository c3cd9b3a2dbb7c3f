package faults

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// proc is one paprika process a test started.
type proc struct {
	name    string
	command string
	vars    map[string]string
	cmd     *exec.Cmd
	logPath string
	addr    string        // 127.0.0.1:port it listens on
	done    chan struct{} // closed when it has exited
	state   *os.ProcessState
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"[^"]*:(\d+)"`)

// startProc runs `paprika command` with vars, logging to a file of the
// test's, and returns once its /readyz answers 200 (Chromium up, database
// reachable). The process is killed, with its Chromium, when the test ends.
func (c *cluster) startProc(name, command string, extra map[string]string) *proc {
	c.t.Helper()
	vars := map[string]string{}
	for k, v := range c.vars {
		vars[k] = v
	}
	for k, v := range extra {
		vars[k] = v
	}
	vars["PORT"] = "0"
	c.seq++
	p := &proc{name: name, command: command, vars: vars, done: make(chan struct{}),
		logPath: filepath.Join(c.dir, fmt.Sprintf("%02d-%s.log", c.seq, name))}
	logFile, err := os.Create(p.logPath)
	if err != nil {
		c.t.Fatal(err)
	}
	p.cmd = exec.Command(bin, command)
	p.cmd.Env = environ(vars)
	p.cmd.Stdout, p.cmd.Stderr = logFile, logFile
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		logFile.Close()
		c.t.Fatalf("start %s: %v", name, err)
	}
	logFile.Close()
	go func() {
		_ = p.cmd.Wait()
		p.state = p.cmd.ProcessState
		close(p.done)
	}()
	c.procs = append(c.procs, p)
	deadline := time.Now().Add(2 * time.Minute) // a safety net on a loaded machine
	for p.addr == "" {
		if m := listening.FindStringSubmatch(p.log()); m != nil {
			p.addr = "127.0.0.1:" + m[1]
			break
		}
		select {
		case <-p.done:
			c.t.Fatalf("%s exited at start (%v):\n%s", name, p.state, p.log())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%s does not listen after 2 min:\n%s", name, p.log())
		}
	}
	c.waitStatus(p, "/readyz", http.StatusOK, 2*time.Minute)
	return p
}

// environ is the test's environment without Paprika's variables, plus vars.
func environ(vars map[string]string) []string {
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

func (p *proc) url(path string) string { return "http://" + p.addr + path }

func (p *proc) log() string {
	b, _ := os.ReadFile(p.logPath)
	return string(b)
}

func (p *proc) alive() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// signal sends sig to the process alone (not its Chromium).
func (p *proc) signal(sig syscall.Signal) {
	_ = p.cmd.Process.Signal(sig)
}

// wait waits for the process to exit, up to limit; false if it did not.
func (p *proc) wait(limit time.Duration) bool {
	select {
	case <-p.done:
		return true
	case <-time.After(limit):
		return false
	}
}

// chromiums returns the pids of the process's Chromium (its children's
// trees), found in /proc.
func (p *proc) chromiums() []int {
	return descendants(p.cmd.Process.Pid)
}

// kill stops the process and everything under it for good: the test's
// cleanup, and a SIGKILL fault.
func (p *proc) kill() {
	kids := p.chromiums()
	p.signal(syscall.SIGKILL)
	p.wait(30 * time.Second)
	for _, pid := range kids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// descendants lists the processes under pid, children first.
func descendants(pid int) []int {
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

// logLine is the part of a process's JSON log lines the checks read.
type logLine struct {
	Msg     string `json:"msg"`
	Level   string `json:"level"`
	JobID   string `json:"jobId"`
	BatchID string `json:"batchId"`
	Index   int    `json:"index"`
	Attempt int    `json:"attempt"`
}

// claims counts the claims every process of the test logged, by item
// (job id, or batch id/index), killed processes' included, less the
// hand-backs they logged (work handed back while the output store was
// down, whose attempt is not counted).
func (c *cluster) claims() map[string]int {
	n := map[string]int{}
	for _, p := range c.procs {
		for _, line := range strings.Split(p.log(), "\n") {
			delta := 1
			switch {
			case strings.Contains(line, `"msg":"claim"`):
			case strings.Contains(line, `"msg":"handed back"`):
				delta = -1
			default:
				continue
			}
			var l logLine
			if json.Unmarshal([]byte(line), &l) != nil {
				continue
			}
			if l.JobID != "" {
				n[l.JobID] += delta
			} else {
				n[fmt.Sprintf("%s/%d", l.BatchID, l.Index)] += delta
			}
		}
	}
	return n
}
