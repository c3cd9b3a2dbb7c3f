package render

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/paprika"
)

// bigAsset is a PNG of the largest size an asset may have (10 MiB): a
// small image and the rest of the bytes after its end, which decoders
// ignore.
func bigAsset(t *testing.T) []byte {
	img := assettest.PNG(t, 8, 8, color.RGBA{10, 120, 200, 255})
	return append(img, bytes.Repeat([]byte{0}, 10<<20-len(img))...)
}

// counted counts the requests a render's page makes of its assets (each
// one opens the asset).
type counted struct {
	Assets
	opens atomic.Int64
}

func (c *counted) Open(ctx context.Context, name string) (string, []byte, error) {
	c.opens.Add(1)
	return c.Assets.Open(ctx, name)
}

// procStatus is the process's resident memory and its peak, for the log.
func procStatus() string {
	b, _ := os.ReadFile("/proc/self/status")
	var out []string
	for l := range strings.SplitSeq(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM") || strings.HasPrefix(l, "VmRSS") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
	}
	return strings.Join(out, ", ")
}

// slowRender renders with a deadline of minutes: a render served hundreds
// of MiB of assets takes a while on a busy machine (Chromium reads each
// answer as one message of JSON).
func slowRender(t *testing.T, e *Engine, in Input) (*Output, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	return e.Render(ctx, in)
}

// heapBytes is the Go heap of this process: its objects, live or not yet
// swept.
func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// sampleProcess samples the process's heap and goroutines every 10 ms
// until the returned func is called, which returns the largest of each.
func sampleProcess() (stop func() (heap int64, goroutines int)) {
	var heap, gs atomic.Int64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			heap.Store(max(heap.Load(), heapBytes()))
			gs.Store(max(gs.Load(), int64(runtime.NumGoroutine())))
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() (int64, int) {
		close(done)
		<-finished
		return heap.Load(), int(gs.Load())
	}
}

// settledHeap is the heap once collected: twice, as what sync.Pools hold
// goes in the second.
func settledHeap() int64 {
	runtime.GC()
	runtime.GC()
	return heapBytes()
}

// heapBackTo waits until the heap, collected, is back under limit (the
// answers that were being sent when the render ended finish meanwhile),
// and returns it.
func heapBackTo(limit int64) int64 {
	deadline := time.Now().Add(30 * time.Second)
	for {
		h := settledHeap()
		if h < limit || time.Now().After(deadline) {
			return h
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// attackHeap bounds how much the process's heap may grow while a page
// asks for a 10 MiB asset hundreds of times: the answers in flight at
// once (48 MiB of encoded answers, chromedp holding each about twice),
// and what the collector lets pile up before it runs (measured: 150 MiB).
// Answered on a goroutine each, the same pages grew it by 1950 MiB (100
// img) and 4928 MiB (300 fetch).
const attackHeap = 384 << 20

// A page asking for one 10 MiB asset hundreds of times, under as many
// query strings, by <img> or by fetch() in a script, is served from the
// one copy of the process's cache, answers in flight bounded, until it
// has been served its budget (half its memory limit: 256 MiB of 512 MiB):
// then it fails with render-limit, naming it. The process's heap and
// goroutines stay bounded while it runs and come back after; the browser
// goes on.
//
// Not parallel: it measures the heap of the whole test process.
func TestAssetRequestsAreBounded(t *testing.T) {
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 2, Timeout: 4 * time.Minute, PageMemory: testPageMemory})
	defer e.Close()
	tenant := fmt.Sprintf("attacker-%d", time.Now().UnixNano())
	m := &memAssets{objects: map[string][]byte{}}
	m.add(tenant, "big.png", "image/png", bigAsset(t))
	// Warm: the browser, and the asset in the process's cache.
	render(t, e, Input{Template: `<img src="assets/big.png" style="width:8px">`, Assets: m.assets()})
	pid := browserPid(t, e)

	var imgs strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&imgs, `<img src="assets/big.png?%d" style="width:8px">`, i)
	}
	for _, attack := range []struct {
		name string
		in   Input
	}{
		// Waiting for every image: without it the page is printed
		// once loaded as Chromium sees it, with some of them.
		{"100 img", Input{Template: imgs.String(), Options: Options{WaitFor: "Array.from(document.images).every(i => i.complete)"}}},
		{"300 fetch", Input{Template: `<p>fetching</p><script>
window.got = 0;
for (let i = 0; i < 300; i++) {
	fetch('assets/big.png?' + i).then(r => r.arrayBuffer()).then(() => window.got++, () => window.got++);
}
</script>`, Options: Options{WaitFor: "window.got === 300"}}},
	} {
		baseline := settledHeap()
		goroutines := runtime.NumGoroutine()
		stop := sampleProcess()
		in := attack.in
		assets := &counted{Assets: m.assets()}
		in.Assets = assets
		_, err := slowRender(t, e, in)
		peak, peakGoroutines := stop()
		after := heapBackTo(baseline + 32<<20)
		t.Logf("%s: %d requests answered (%v); the heap grew by %d MiB at most (from %d MiB), %d MiB after; goroutines %d at most (from %d); %s",
			attack.name, assets.opens.Load(), err, (peak-baseline)>>20, baseline>>20, (after-baseline)>>20, peakGoroutines, goroutines, procStatus())
		require.Less(t, peak-baseline, int64(attackHeap), "%s: the heap grew with the requests", attack.name)
		require.Less(t, after-baseline, int64(32<<20), "%s: the heap was not given back", attack.name)
		require.Less(t, peakGoroutines-goroutines, 100, "%s: a goroutine per request", attack.name)
		re := requireCode(t, err, paprika.CodeRenderLimit)
		require.Equal(t, "the page was served more than 256 MiB of assets (each time it loads one counts, under any query string)", re.Message, attack.name)
		require.False(t, BrowserFailed(err), attack.name)

		out := render(t, e, Input{Template: "<p>after the attack</p>"})
		require.Contains(t, pdfText(t, out.Body), "after the attack")
		require.Equal(t, pid, browserPid(t, e), "%s: the same browser goes on", attack.name)
	}
}

// The budget counts what the page is served, not which assets: distinct
// assets reach it as one asset loaded many times does. (A script loads
// them one after the other and drops each, so that the page's renderer
// holds one at a time, well within its own limit.)
func TestAssetBudgetCountsDistinctAssets(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, PageMemory: 256 << 20, Timeout: 4 * time.Minute})
	defer e.Close()
	tenant := fmt.Sprintf("many-%d", time.Now().UnixNano())
	m := &memAssets{objects: map[string][]byte{}}
	img := assettest.PNG(t, 8, 8, color.RGBA{10, 120, 200, 255})
	body := append(img, bytes.Repeat([]byte{1}, 4<<20-len(img))...)
	for i := range 40 {
		m.add(tenant, fmt.Sprintf("img%d.png", i), "image/png", body) // 160 MiB in all
	}
	assets := &counted{Assets: m.assets()}
	_, err := slowRender(t, e, Input{Template: `<p>x</p><script>
(async () => {
	for (let i = 0; i < 40; i++) await fetch('assets/img' + i + '.png').then(r => r.arrayBuffer(), () => null);
	window.done = true;
})();
</script>`, Options: Options{WaitFor: "window.done"}, Assets: assets})
	re := requireCode(t, err, paprika.CodeRenderLimit)
	require.Equal(t, "the page was served more than 128 MiB of assets (each time it loads one counts, under any query string)", re.Message)
	require.Equal(t, int64(33), assets.opens.Load(), "32 answered, the 33rd past the budget")
}

// A page using one asset many times by the same URL is answered once per
// URL by Chromium's own cache of the document's images, whatever the
// count: it renders, within a budget it would pass many times over were
// each use answered.
func TestOneAssetUsedManyTimesRenders(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, PageMemory: 256 << 20})
	defer e.Close()
	tenant := fmt.Sprintf("logo-%d", time.Now().UnixNano())
	m := &memAssets{objects: map[string][]byte{}}
	logo := assettest.PNG(t, 37, 23, color.RGBA{200, 30, 30, 255})
	logo = append(logo, bytes.Repeat([]byte{0}, 4<<20)...) // 4 MiB: 200 answers would be 800 MiB, the budget 128
	m.add(tenant, "logo.png", "image/png", logo)
	page := strings.Repeat(`<p><img src="{{asset "logo.png"}}"> line</p>`, 200)
	assets := &counted{Assets: m.assets()}
	out := render(t, e, Input{Template: page, Assets: assets})
	require.Contains(t, pdfText(t, out.Body), "line")
	require.Equal(t, int64(1), assets.opens.Load(), "200 uses of one asset by one URL: one request")
}

// A render looks up the names its HTML uses in one call, and a name its
// page asks for later (a font of a stylesheet) on its own: never the
// tenant's whole index. Names it builds in a script are looked up one at
// a time, up to a bound.
func TestAssetsAreLookedUpByName(t *testing.T) {
	t.Parallel()
	tenant := fmt.Sprintf("index-%d", time.Now().UnixNano())
	m := &memAssets{objects: map[string][]byte{}}
	for i := range 500 {
		m.add(tenant, fmt.Sprintf("unused/%d.css", i), "text/css", []byte(fmt.Sprintf("/* %d */", i)))
	}
	m.add(tenant, "logo.png", "image/png", assettest.PNG(t, 37, 23, color.RGBA{200, 30, 30, 255}))
	m.add(tenant, "fonts/brand.woff2", "font/woff2", assettest.WOFF2(t))
	m.add(tenant, "site.css", "text/css", []byte(`@font-face { font-family: Brand; src: url(fonts/brand.woff2) format("woff2"); }
.brand { font-family: Brand; }`))
	page := `<link rel="stylesheet" href="{{asset "site.css"}}"><img src="{{asset "logo.png"}}"><p class="brand">Brand text</p>`
	// waitFor the font: on a busy machine a page set in place may print
	// before the stylesheet's font has loaded (docs/rendering.md, Scripts:
	// waitFor is how a page says when it is ready).
	out := render(t, shared, Input{Template: page, Assets: m.assets(), Options: Options{WaitFor: `[...document.fonts].some(f => f.family.replace(/"/g, '') === 'Brand' && f.status === 'loaded')`}})
	require.Contains(t, poppler(t, "pdffonts", out.Body), assettest.FontName, "the stylesheet's font, from the assets")
	// One lookup of the two names of the HTML, one of the font.
	require.Equal(t, int64(2), m.lookups.Load())
	require.Equal(t, int64(3), m.rows.Load())

	// A script asking for names its HTML does not have, each looked up
	// on its own: a bound, then render-limit.
	_, err := renderErr(t, shared, Input{Template: `<p>x</p><script>
window.got = 0;
for (let i = 0; i < 150; i++) fetch('assets/' + 'n' + i + '.png').then(() => window.got++, () => window.got++);
</script>`, Options: Options{WaitFor: "window.got === 150"}, Assets: m.assets()})
	re := requireCode(t, err, paprika.CodeRenderLimit)
	require.Contains(t, re.Message, "more than 100 assets that its HTML does not name")
	require.LessOrEqual(t, m.lookups.Load(), int64(2+maxAssetLookups))
}
