package render

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/metrics"
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

var bombOnce = sync.OnceValue(func() string {
	// 20000×20000 gray pixels, all black: 400 MB once decoded (1.6 GB as
	// the RGBA bitmap Chromium draws), 389 KB compressed. A stride of 0
	// makes every row the same one, so the test does not need 400 MB to
	// write it.
	img := &image.Gray{Pix: make([]uint8, 20000), Stride: 0, Rect: image.Rect(0, 0, 20000, 20000)}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
})

// imageBomb is a page of one small file that decodes to gigabytes.
func imageBomb() string {
	return `<p>bomb</p><img src="` + bombOnce() + `" style="width:20000px;height:20000px">`
}

// arrayBufferBomb fills 64 MiB ArrayBuffers, and keeps them, up to 4 GiB.
const arrayBufferBomb = `<p>buffers</p><script>
const kept = [];
for (let i = 0; i < 64; i++) {
	const b = new ArrayBuffer(64 << 20);
	new Uint8Array(b).fill(1);
	kept.push(b);
}
window.done = true;
</script>`

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
		{"image", Input{Template: imageBomb()}},
		{"image png", Input{Template: imageBomb(), Format: FormatPNG}},
		{"array buffers", Input{Template: arrayBufferBomb, Options: Options{WaitFor: "window.done"}}},
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
		re := requireCode(t, err, CodeRenderLimit)
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
