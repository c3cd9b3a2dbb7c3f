package attacks

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/proctest"
)

// returnMargin is how far above its level before an attack a process's
// memory may stay once the attack is over: Chromium's new tabs, caches,
// the Go heap's own slack. An attack's leftovers are gigabytes.
const returnMargin = 384 << 20

// measure is one process's state before an attack.
type measure struct {
	pid   int
	ooms  int64
	usage int64
	cpu   float64
}

func (n *node) measure() measure {
	return measure{pid: n.Pid(), ooms: n.lim.ooms(), usage: n.lim.usage(), cpu: n.cpu()}
}

// cpu is the CPU time of the process and its Chromium: its cgroup's where
// it has one, else the process tree's.
func (n *node) cpu() float64 {
	if c := n.lim.cpu(); c >= 0 {
		return c
	}
	return cpuSeconds(n.Pid())
}

// resetPeaks starts the cgroup's peak and the Go process's VmHWM afresh
// (writing 5 to clear_refs resets the peak resident set).
func (n *node) resetPeaks() {
	n.lim.resetPeak()
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", n.Pid()), []byte("5"), 0o200)
}

// attack runs fn, the attack of mallory's, while alice renders a normal
// document sync and as a job every second or so; then checks what every
// attack must leave: the api and the worker never killed (the same pid,
// no OOM kill in their cgroup), alice's renders all done, and the memory
// of both back within returnMargin of their level before. It logs the
// attack's figures in one line:
//
//	attack=NAME api_peak_mib=… api_hwm_mib=… api_cpu_s=… worker_peak_mib=… worker_hwm_mib=… worker_cpu_s=…
//
// The checks run even when fn fails the test.
func (w *world) attack(t *testing.T, name string, fn func()) {
	t.Helper()
	w.attackAs(t, name, true, fn)
}

// attackAs is attack; without aliceSync, alice renders only jobs
// meanwhile: for the attacks that count the api's synchronous renders in
// flight, to which hers would add.
func (w *world) attackAs(t *testing.T, name string, aliceSync bool, fn func()) {
	t.Helper()
	w.ensure(t)
	nodes := []*node{w.api, w.worker}
	before := map[*node]measure{}
	for _, n := range nodes {
		before[n] = n.measure()
		n.resetPeaks()
	}
	alice := w.neighbour(t, aliceSync)
	defer func() {
		alice.end(t)
		line := "attack=" + name
		for _, n := range nodes {
			b := before[n]
			peak := n.lim.peak()
			if !n.Alive() || n.Pid() != b.pid {
				line += fmt.Sprintf(" %s_peak_mib=%d %s_killed=1", n.name, peak>>20, n.name)
				t.Errorf("%s was killed by the attack (%v; %d OOM kills in its cgroup by %s):\n%s",
					n.name, n.State, n.lim.ooms()-b.ooms, n.mechanism, proctest.Tail(n.Log(), 8))
				continue
			}
			hwm, cpu := statusKiB(b.pid, "VmHWM:")<<10, n.cpu()-b.cpu
			line += fmt.Sprintf(" %s_peak_mib=%d %s_hwm_mib=%d %s_cpu_s=%.1f", n.name, peak>>20, n.name, hwm>>20, n.name, cpu)
			if o := n.lim.ooms(); o != b.ooms {
				t.Errorf("%s: %d OOM kills in its cgroup (%s) during the attack", n.name, o-b.ooms, n.mechanism)
			}
			if peak > memoryLimit {
				t.Errorf("%s held %d MiB, past its limit of %d MiB", n.name, peak>>20, memoryLimit>>20)
			}
			w.returns(t, n, b.usage)
		}
		t.Log(line)
	}()
	fn()
}

// returns polls until n's memory is back within returnMargin of from.
func (w *world) returns(t *testing.T, n *node, from int64) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		u := n.lim.usage()
		if u <= from+returnMargin {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%s's memory did not return: %d MiB 2 min after the attack, %d MiB before", n.name, u>>20, from>>20)
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// neighbour is alice, rendering meanwhile.
type neighbour struct {
	w        *world
	sync     bool
	stop     chan struct{}
	done     chan struct{}
	mu       sync.Mutex
	renders  int
	jobs     []string
	failures []string
}

const hello = "<p>hello</p>"

// neighbour starts alice's renders: one sync (again while busy: the
// attack may hold slots) unless not sync, one job, every second, until
// end.
func (w *world) neighbour(t *testing.T, sync bool) *neighbour {
	nb := &neighbour{w: w, sync: sync, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(nb.done)
		for {
			nb.once(t.Context())
			select {
			case <-nb.stop:
				return
			case <-time.After(time.Second):
			}
		}
	}()
	return nb
}

func (nb *neighbour) fail(format string, args ...any) {
	nb.mu.Lock()
	defer nb.mu.Unlock()
	nb.failures = append(nb.failures, fmt.Sprintf(format, args...))
}

func (nb *neighbour) once(ctx context.Context) {
	if nb.sync {
		nb.render(ctx)
	}
	j, err := nb.w.do(ctx, http.MethodPost, "/v1/jobs", nb.w.alice, map[string]any{"template": hello})
	var job struct{ ID string }
	if err != nil || j.status != http.StatusAccepted || j.json(&job) != nil {
		nb.fail("job: %v %d %.300s", err, j.status, j.body)
		return
	}
	nb.mu.Lock()
	nb.jobs = append(nb.jobs, job.ID)
	nb.mu.Unlock()
}

func (nb *neighbour) render(ctx context.Context) {
	a, err := nb.w.renderRetryingBusy(ctx, nb.w.alice, map[string]any{"template": hello})
	switch {
	case err != nil:
		nb.fail("render: %v", err)
	case a.status != http.StatusOK || !strings.HasPrefix(string(a.body), "%PDF"):
		nb.fail("render: %d %.300s", a.status, a.body)
	default:
		nb.mu.Lock()
		nb.renders++
		nb.mu.Unlock()
	}
}

// renderRetryingBusy renders sync, again while the api answers 503 busy,
// for up to 2 minutes.
func (w *world) renderRetryingBusy(ctx context.Context, key string, in map[string]any) (answer, error) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		a, err := w.do(ctx, http.MethodPost, "/v1/renders", key, in)
		if err != nil || a.status != http.StatusServiceUnavailable || errorOf(a).Code != "busy" || time.Now().After(deadline) {
			return a, err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// end stops alice and checks that each of her renders succeeded, her jobs
// done within a generous deadline.
func (nb *neighbour) end(t *testing.T) {
	t.Helper()
	close(nb.stop)
	<-nb.done
	for _, f := range nb.failures {
		t.Errorf("alice's render meanwhile failed: %s", f)
	}
	if nb.renders == 0 && len(nb.jobs) == 0 {
		t.Errorf("alice rendered nothing meanwhile")
	}
	if !nb.w.api.Alive() {
		t.Errorf("alice's %d jobs cannot be checked: the api is gone", len(nb.jobs))
		return
	}
	for _, id := range nb.jobs {
		nb.w.waitJob(t, nb.w.alice, id, "done")
	}
}

// job is the part of a job the attacks read.
type job struct {
	ID     string
	Status string
	Error  *errorBody
}

// waitJob polls a job until it ends, and checks it ended as want.
func (w *world) waitJob(t *testing.T, key, id, want string) job {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		a, err := w.do(t.Context(), http.MethodGet, "/v1/jobs/"+id, key, nil)
		var j job
		if err == nil && a.status == http.StatusOK && a.json(&j) == nil {
			switch j.Status {
			case "done", "failed", "canceled":
				if want != "" && j.Status != want {
					t.Errorf("job %s is %s (%+v), want %s", id, j.Status, j.Error, want)
				}
				return j
			}
		}
		if !w.api.Alive() {
			t.Errorf("job %s: the api is gone (%v)", id, w.api.State)
			return j
		}
		if time.Now().After(deadline) {
			t.Errorf("job %s has not ended after 3 min: %v %d %.300s", id, err, a.status, a.body)
			return j
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// submit submits mallory's job of in; its id.
func (w *world) submit(t *testing.T, in map[string]any) string {
	t.Helper()
	a := w.must(t, http.MethodPost, "/v1/jobs", w.mallory, in, http.StatusAccepted)
	var j job
	if err := a.json(&j); err != nil {
		t.Fatal(err)
	}
	return j.ID
}

// browserRestarts counts the api's or worker's log lines that say its
// Chromium restarted for a reason a tenant could cause (failures in a
// row, a crash), not for its periodic renewal.
var browserRestarts = regexp.MustCompile(`restarting the browser|chromium died|"restarting chromium","reason":"(failures|crash|memory)"`)

func (n *node) restarts() int { return len(n.restartLines()) }

// restartsSince are those lines past the first from of them.
func (n *node) restartsSince(from int) string {
	lines := n.restartLines()
	return strings.Join(lines[min(from, len(lines)):], "\n")
}

// restartLines are those lines.
func (n *node) restartLines() []string {
	var out []string
	for _, line := range strings.Split(n.Log(), "\n") {
		if browserRestarts.MatchString(line) {
			out = append(out, line)
		}
	}
	return out
}
