package render

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
)

// browserPid is the pid of e's running browser (its process group id).
func browserPid(t *testing.T, e *Engine) int {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	require.NotNil(t, e.current, "no browser running")
	return e.current.Pid()
}

func TestEndlessLoopTimesOut(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: 2 * time.Second})
	e.spare = 0 // the next render must use the same slot's tab
	defer e.Close()
	render(t, e, Input{Template: "<p>warm</p>"})
	before := browserPid(t, e)

	// It fails with the timeout's own error (not a crash, not a hang).
	_, err := renderErr(t, e, Input{Template: "<p>spin</p><script>while (true) {}</script>"})
	requireCode(t, err, paprika.CodeRenderTimeout)
	require.False(t, BrowserFailed(err), "a timeout is the page's doing")
	require.Contains(t, err.Error(), "longer than 2s")

	// The next render on the same slot succeeds, in the same browser: the
	// pool recovered by replacing the tab, not by restarting Chromium.
	out := render(t, e, Input{Template: "<p>after the loop</p>"})
	require.Contains(t, pdfText(t, out.Body), "after the loop")
	require.Equal(t, before, browserPid(t, e), "recovered without restarting the browser")

	// The loop does not go on burning a CPU.
	pid := browserPid(t, e)
	require.Eventually(t, func() bool { return busiestProcessShare(pid, 500*time.Millisecond) < 0.5 },
		10*time.Second, 100*time.Millisecond, "a process of the browser still spins")
}

// busiestProcessShare is the largest share of a CPU any process of the
// group used over d.
func busiestProcessShare(pgid int, d time.Duration) float64 {
	cpu := func() map[int]float64 {
		m := map[int]float64{}
		eachProcess(func(pid int, f []string) {
			if g, _ := strconv.Atoi(f[2]); g == pgid {
				u, _ := strconv.ParseFloat(f[11], 64)
				k, _ := strconv.ParseFloat(f[12], 64)
				m[pid] = (u + k) / 100 // clock ticks
			}
		})
		return m
	}
	before := cpu()
	time.Sleep(d)
	busiest := 0.0
	for pid, after := range cpu() {
		busiest = max(busiest, (after-before[pid])/d.Seconds())
	}
	return busiest
}

func TestBrowserKilledMidRender(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: 30 * time.Second, Metrics: m})
	defer e.Close()
	render(t, e, Input{Template: "<p>warm</p>"})
	pid := browserPid(t, e)

	go func() {
		time.Sleep(500 * time.Millisecond)
		syscall.Kill(pid, syscall.SIGKILL)
	}()
	// render-failed, not render-timeout: it ends when the browser dies.
	_, err := renderErr(t, e, Input{Template: "<p>never ready</p>", Options: Options{WaitFor: "false"}})
	requireCode(t, err, paprika.CodeRenderFailed)
	require.True(t, BrowserFailed(err), "a crash is Chromium's own failure: the API renders it once more")

	out := render(t, e, Input{Template: "<p>on a new browser</p>"})
	require.Contains(t, pdfText(t, out.Body), "on a new browser")
	require.NotEqual(t, pid, browserPid(t, e))
	requireGroupGone(t, pid)
	require.Equal(t, 1.0, gathered(t, m, "paprika_chromium_restarts_total", "crash"))
	require.Equal(t, 0.0, gathered(t, m, "paprika_chromium_restarts_total", "renders"))
}

func TestRestartAfterMaxRenders(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, MaxRenders: 2, Metrics: m})
	defer e.Close()
	require.Equal(t, 0.0, gathered(t, m, "paprika_chromium_tabs", ""), "no browser before the first render")
	render(t, e, Input{Template: "<p>1</p>"})
	first := browserPid(t, e)
	render(t, e, Input{Template: "<p>2</p>"})
	render(t, e, Input{Template: "<p>3</p>"})
	require.NotEqual(t, first, browserPid(t, e))
	requireGroupGone(t, first)
	require.Equal(t, 1.0, gathered(t, m, "paprika_chromium_restarts_total", "renders"))
	require.Equal(t, 0.0, gathered(t, m, "paprika_chromium_restarts_total", "crash"))
	// The new browser's one tab (one render at a time needs no other),
	// the old one's gone.
	require.Eventually(t, func() bool { return gathered(t, m, "paprika_chromium_tabs", "") == 1 }, 10*time.Second, 50*time.Millisecond)
	require.NoError(t, e.Close())
	require.Equal(t, 0.0, gathered(t, m, "paprika_chromium_tabs", ""))
}

// gathered is the value of m's metric name, of the series whose reason
// label is reason ("" for a metric without labels).
func gathered(t *testing.T, m *metrics.Metrics, name, reason string) float64 {
	t.Helper()
	fams, err := m.Registry().Gather()
	require.NoError(t, err)
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, s := range f.GetMetric() {
			got := ""
			for _, l := range s.GetLabel() {
				if l.GetName() == "reason" {
					got = l.GetValue()
				}
			}
			if got != reason {
				continue
			}
			if s.Counter != nil {
				return s.Counter.GetValue()
			}
			return s.Gauge.GetValue()
		}
	}
	t.Fatalf("no %s{reason=%q}", name, reason)
	return 0
}

func TestCloseLeavesNoProcess(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 2})
	render(t, e, Input{Template: "<p>x</p><script>document.title = 'scripted'</script>"})
	pid := browserPid(t, e)
	require.NoError(t, e.Close())
	requireGroupGone(t, pid)

	_, err := renderErr(t, e, Input{Template: "<p>closed</p>"})
	requireCode(t, err, paprika.CodeRenderFailed)
}

// requireGroupGone waits for every process of the group to be gone, and
// for none to be left a zombie child of the test process.
func requireGroupGone(t *testing.T, pgid int) {
	t.Helper()
	require.Eventually(t, func() bool {
		return syscall.Kill(-pgid, 0) == syscall.ESRCH
	}, 10*time.Second, 50*time.Millisecond, "processes of group %d are left", pgid)
	// A child of the test process is a zombie for a moment between its
	// exit and its reaping (pdftotext, or the browser of a test closing
	// in parallel): only one that stays a zombie is left unreaped.
	require.Eventually(t, func() bool { return len(zombieChildren()) == 0 },
		10*time.Second, 50*time.Millisecond, "zombie children")
}

func zombieChildren() []int {
	self := os.Getpid()
	var zombies []int
	eachProcess(func(pid int, f []string) {
		if ppid, _ := strconv.Atoi(f[1]); ppid == self && f[0] == "Z" {
			zombies = append(zombies, pid)
		}
	})
	return zombies
}

// eachProcess calls fn with every process's id and the fields of its
// /proc/<pid>/stat after its name: f[0] is its state, f[1] its parent,
// f[2] its process group (proc(5)'s fields from the third on).
func eachProcess(fn func(pid int, f []string)) {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		fn(pid, strings.Fields(s[strings.LastIndexByte(s, ')')+1:]))
	}
}

var _ = context.Background
