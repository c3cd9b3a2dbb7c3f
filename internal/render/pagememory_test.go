package render

import (
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/testkit"
)

// testPageMemory is the page limit of these tests: smaller than the
// default, to keep them light.
const testPageMemory = 512 << 20

// peakMargin is how far past the limit the browser's processes may grow
// between two of the engine's samples of the page's renderer (a 64 MiB
// buffer or two, on a busy machine a few), plus what the rest of the
// browser does meanwhile (the other render, the replacement of the killed
// page's tab).
const peakMargin = 384 << 20

func TestPageMemoryIsBounded(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 2, Timeout: 60 * time.Second, PageMemory: testPageMemory, Metrics: m})
	defer e.Close()
	render(t, e, Input{Template: "<p>warm</p>"})
	pid := browserPid(t, e)

	for _, bomb := range []struct {
		name string
		in   Input
	}{
		{"image", Input{Template: testkit.ImageBomb()}},
		{"image png", Input{Template: testkit.ImageBomb(), Format: FormatPNG}},
		{"array buffers", Input{Template: testkit.ArrayBufferBomb, Options: Options{WaitFor: "window.done"}}},
	} {
		baseline := groupRSS(pid)
		stop := sampleGroupRSS(pid)

		// Another render runs on the other slot meanwhile, and must
		// not notice.
		other := make(chan error, 1)
		go func() {
			_, err := renderErr(t, e, Input{Template: "<p>neighbour</p>",
				Options: Options{WaitFor: "(window.t0 ||= Date.now()) && Date.now() - window.t0 > 1500"}})
			other <- err
		}()
		_, err := renderErr(t, e, bomb.in)
		peak := stop()
		re := requireCode(t, err, paprika.CodeRenderLimit)
		require.Equal(t, "the page used more than 512 MiB of memory", re.Message, bomb.name)
		require.False(t, BrowserFailed(err), "%s: the page's limit is not Chromium's failure", bomb.name)
		require.NoError(t, <-other, "%s: the render beside it", bomb.name)
		t.Logf("%s: the browser's processes grew by %d MiB at most (from %d MiB)", bomb.name, (peak-baseline)>>20, baseline>>20)
		require.Less(t, peak-baseline, int64(testPageMemory+peakMargin),
			"%s: the browser grew past the page's limit and the margin", bomb.name)

		out := render(t, e, Input{Template: "<p>after the bomb</p>"})
		require.Contains(t, pdfText(t, out.Body), "after the bomb")
		require.Equal(t, pid, browserPid(t, e), "%s: the same browser goes on", bomb.name)
	}
	for _, reason := range []string{"failures", "crash", "memory"} {
		require.Zero(t, gathered(t, m, "paprika_chromium_restarts_total", reason), reason)
	}
}

// A page that needs memory, but less than its limit, renders.
func TestPageUnderTheLimitRenders(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, PageMemory: testPageMemory})
	defer e.Close()
	out := render(t, e, Input{Template: `<p id="out">filling</p><script>
const kept = [];
for (let i = 0; i < 4; i++) { const b = new ArrayBuffer(32 << 20); new Uint8Array(b).fill(1); kept.push(b); }
document.getElementById("out").textContent = "filled " + kept.length * 32 + " MiB";
</script>`})
	require.Contains(t, pdfText(t, out.Body), "filled 128 MiB")
}

func TestFormatBytes(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{1 << 30: "1 GiB", 3 << 30: "3 GiB", 512 << 20: "512 MiB", 1536 << 20: "1536 MiB", 1000: "1000 bytes"} {
		require.Equal(t, want, formatBytes(n))
	}
}

// groupRSS is the resident memory of every process of group pgid, in
// bytes, read from /proc/<pid>/stat.
func groupRSS(pgid int) int64 {
	page := int64(os.Getpagesize())
	var total int64
	eachProcess(func(_ int, f []string) {
		if g, _ := strconv.Atoi(f[2]); g == pgid {
			rss, _ := strconv.ParseInt(f[21], 10, 64)
			total += rss * page
		}
	})
	return total
}

// sampleGroupRSS samples the group's resident memory every 20 ms until the
// returned func is called, which returns the largest sample.
func sampleGroupRSS(pgid int) (stop func() int64) {
	var peak atomic.Int64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			peak.Store(max(peak.Load(), groupRSS(pgid)))
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() int64 {
		close(done)
		<-finished
		return peak.Load()
	}
}
