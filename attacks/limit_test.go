package attacks

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/internal/proctest"
)

// memoryLimit is what each process of the suite (api, worker), with its
// Chromium, may hold: what a container's limit would be. -attacks.memory
// changes it.
var memoryLimit int64 = 3 << 30

// limit is one process's memory limit, the way a container gets it: a
// cgroup of its own with the memory controller (v2, else v1), else, for a
// test that is not root, a watchdog that samples the process tree.
type limit interface {
	// join are the cgroup.procs files the process joins before it runs
	// paprika; none for the watchdog, which watches a pid instead.
	join() []string
	// watch tells the limit the pid it holds (the watchdog samples it).
	watch(pid int)
	// usage is the memory held now, less what the kernel may take back at
	// once (inactive file pages): a container's working set.
	usage() int64
	// peak is the most held since resetPeak.
	peak() int64
	resetPeak()
	// cpu is the CPU time, user and system, of every process that ran in
	// the limit (the watchdog: of the tree alive now, and of the children
	// its members reaped); -1 when it cannot tell.
	cpu() float64
	// ooms is how many processes the kernel killed for the limit so far;
	// the watchdog counts the samples past the limit instead.
	ooms() int64
	close()
}

// newLimit makes the limit of the process called name.
func newLimit(name string) (limit, string, error) {
	tag := fmt.Sprintf("paprika-attacks-%d-%s", os.Getpid(), name)
	if os.Geteuid() == 0 {
		if l, err := newCgroup2(tag); err == nil {
			return l, "cgroup v2 (memory.max, memory.peak)", nil
		}
		if l, err := newCgroup1(tag); err == nil {
			return l, "cgroup v1 (memory.limit_in_bytes, memory.max_usage_in_bytes)", nil
		} else if !errors.Is(err, errNoController) {
			return nil, "", err
		}
	}
	return &watchdog{}, "watchdog (the process tree's PSS every 50 ms)", nil
}

var errNoController = errors.New("no memory controller to use")

// ownCgroup is this process's cgroup directory in the hierarchy mounted
// at mount, for the v1 controller named controller ("" for v2).
func ownCgroup(mount, controller string) (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if controller == "" && parts[0] == "0" && parts[1] == "" {
			return filepath.Join(mount, parts[2]), nil
		}
		for _, c := range strings.Split(parts[1], ",") {
			if controller != "" && c == controller {
				return filepath.Join(mount, parts[2]), nil
			}
		}
	}
	return "", errNoController
}

// mountOf is where a cgroup hierarchy is mounted: fstype cgroup2, or
// cgroup with the option opt.
func mountOf(fstype, opt string) string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source superoptions
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		a, b := strings.Fields(pre), strings.Fields(post)
		if len(a) < 5 || len(b) < 3 || b[0] != fstype {
			continue
		}
		if opt == "" || strings.Contains(","+b[2]+",", ","+opt+",") {
			return a[4]
		}
	}
	return ""
}

func writeFile(path, value string) error {
	return os.WriteFile(path, []byte(value), 0o644)
}

func readInt(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return -1
	}
	n, _ := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return n
}

// readKey reads "key value" lines (memory.stat, memory.events,
// memory.oom_control) and returns key's value.
func readKey(path, key string) int64 {
	b, _ := os.ReadFile(path)
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == key {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// rmdirCgroup removes a cgroup once its processes are gone (they may take
// a moment after a kill).
func rmdirCgroup(dir string) {
	for range 50 {
		if err := os.Remove(dir); err == nil || os.IsNotExist(err) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

type cgroup2 struct{ dir string }

func newCgroup2(tag string) (*cgroup2, error) {
	mount := mountOf("cgroup2", "")
	if mount == "" {
		return nil, errNoController
	}
	own, err := ownCgroup(mount, "")
	if err != nil {
		return nil, err
	}
	ctrl, err := os.ReadFile(filepath.Join(own, "cgroup.controllers"))
	if err != nil || !strings.Contains(" "+string(ctrl)+" ", " memory") {
		return nil, errNoController
	}
	_ = writeFile(filepath.Join(own, "cgroup.subtree_control"), "+memory")
	dir := filepath.Join(own, tag)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	if err := writeFile(filepath.Join(dir, "memory.max"), strconv.FormatInt(memoryLimit, 10)); err != nil {
		rmdirCgroup(dir)
		return nil, errNoController
	}
	_ = writeFile(filepath.Join(dir, "memory.swap.max"), "0")
	return &cgroup2{dir}, nil
}

func (c *cgroup2) join() []string { return []string{filepath.Join(c.dir, "cgroup.procs")} }
func (c *cgroup2) cpu() float64 {
	return float64(readKey(filepath.Join(c.dir, "cpu.stat"), "usage_usec")) / 1e6
}
func (c *cgroup2) watch(int) {}
func (c *cgroup2) usage() int64 {
	return readInt(filepath.Join(c.dir, "memory.current")) - readKey(filepath.Join(c.dir, "memory.stat"), "inactive_file")
}
func (c *cgroup2) peak() int64 { return readInt(filepath.Join(c.dir, "memory.peak")) }

// resetPeak: writing to memory.peak resets it (Linux 6.12 and later).
func (c *cgroup2) resetPeak()  { _ = writeFile(filepath.Join(c.dir, "memory.peak"), "0") }
func (c *cgroup2) ooms() int64 { return readKey(filepath.Join(c.dir, "memory.events"), "oom_kill") }
func (c *cgroup2) close()      { rmdirCgroup(c.dir) }

// cgroup1 is a cgroup in v1's memory hierarchy, and one in its cpuacct
// hierarchy for the CPU time, when it is mounted.
type cgroup1 struct{ dir, cpuDir string }

func newCgroup1(tag string) (*cgroup1, error) {
	mount := mountOf("cgroup", "memory")
	if mount == "" {
		return nil, errNoController
	}
	own, err := ownCgroup(mount, "memory")
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(own, tag)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cgroup v1: %w", err)
	}
	if err := writeFile(filepath.Join(dir, "memory.limit_in_bytes"), strconv.FormatInt(memoryLimit, 10)); err != nil {
		rmdirCgroup(dir)
		return nil, fmt.Errorf("cgroup v1 limit: %w", err)
	}
	c := &cgroup1{dir: dir}
	if m := mountOf("cgroup", "cpuacct"); m != "" {
		if own, err := ownCgroup(m, "cpuacct"); err == nil && os.Mkdir(filepath.Join(own, tag), 0o755) == nil {
			c.cpuDir = filepath.Join(own, tag)
		}
	}
	return c, nil
}

func (c *cgroup1) join() []string {
	if c.cpuDir == "" {
		return []string{filepath.Join(c.dir, "cgroup.procs")}
	}
	return []string{filepath.Join(c.dir, "cgroup.procs"), filepath.Join(c.cpuDir, "cgroup.procs")}
}

// cpu: cpuacct.usage is nanoseconds.
func (c *cgroup1) cpu() float64 {
	if c.cpuDir == "" {
		return -1
	}
	return float64(readInt(filepath.Join(c.cpuDir, "cpuacct.usage"))) / 1e9
}
func (c *cgroup1) watch(int) {}
func (c *cgroup1) usage() int64 {
	return readInt(filepath.Join(c.dir, "memory.usage_in_bytes")) - readKey(filepath.Join(c.dir, "memory.stat"), "total_inactive_file")
}
func (c *cgroup1) peak() int64 { return readInt(filepath.Join(c.dir, "memory.max_usage_in_bytes")) }
func (c *cgroup1) resetPeak()  { _ = writeFile(filepath.Join(c.dir, "memory.max_usage_in_bytes"), "0") }
func (c *cgroup1) ooms() int64 {
	return readKey(filepath.Join(c.dir, "memory.oom_control"), "oom_kill")
}
func (c *cgroup1) close() {
	rmdirCgroup(c.dir)
	if c.cpuDir != "" {
		rmdirCgroup(c.cpuDir)
	}
}

// watchdog samples the process tree's memory every 50 ms. Without a
// cgroup nothing stops the process: a sample past the limit is counted as
// an OOM kill would be, and fails the attack that caused it.
type watchdog struct {
	once      sync.Once
	pid       atomic.Int64
	now, high atomic.Int64
	over      atomic.Int64
	stop      chan struct{}
}

func (w *watchdog) join() []string { return nil }
func (w *watchdog) cpu() float64   { return -1 }

func (w *watchdog) watch(pid int) {
	w.pid.Store(int64(pid))
	w.once.Do(func() {
		w.stop = make(chan struct{})
		go func() {
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
			for {
				n := treeMemory(int(w.pid.Load()))
				w.now.Store(n)
				if n > w.high.Load() {
					w.high.Store(n)
				}
				if n > memoryLimit {
					w.over.Add(1)
				}
				select {
				case <-w.stop:
					return
				case <-tick.C:
				}
			}
		}()
	})
}

func (w *watchdog) usage() int64 { return w.now.Load() }
func (w *watchdog) peak() int64  { return w.high.Load() }
func (w *watchdog) resetPeak()   { w.high.Store(w.now.Load()) }
func (w *watchdog) ooms() int64  { return w.over.Load() }
func (w *watchdog) close() {
	if w.stop != nil {
		close(w.stop)
	}
}

// treeMemory is the memory of pid and its descendants: PSS where the
// kernel tells it (smaps_rollup), else RSS.
func treeMemory(pid int) int64 {
	var total int64
	for _, p := range append([]int{pid}, proctest.Descendants(pid)...) {
		if pss := readKey(fmt.Sprintf("/proc/%d/smaps_rollup", p), "Pss:"); pss > 0 {
			total += pss << 10
			continue
		}
		total += statusKiB(p, "VmRSS:") << 10
	}
	return total
}

// statusKiB reads a kB field of /proc/PID/status (VmRSS:, VmHWM:).
func statusKiB(pid int, field string) int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// cpuSeconds is the CPU time of pid and its descendants, user and
// system, their reaped children's included (/proc/PID/stat).
func cpuSeconds(pid int) float64 {
	const hz = 100 // USER_HZ on Linux
	var ticks int64
	for _, p := range append([]int{pid}, proctest.Descendants(pid)...) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
		if err != nil {
			continue
		}
		// The command may hold spaces: fields start after its ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		// f[0] is field 3 (state): utime, stime, cutime, cstime are 14–17.
		for _, i := range []int{14, 15, 16, 17} {
			n, _ := strconv.ParseInt(f[i-3], 10, 64)
			ticks += n
		}
	}
	return float64(ticks) / hz
}
