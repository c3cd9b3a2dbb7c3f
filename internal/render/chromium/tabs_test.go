package chromium

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/stretchr/testify/require"
)

// loopsAfterPrint is a page that spins in an endless loop once it has
// printed: right after a print, and when it is left. (A loop 300 ms after
// the page is ready does it too, on a machine that prints in less.)
const loopsAfterPrint = `<p>x</p><script>
window.done = 1;
const spin = () => { while (true) {} };
addEventListener("afterprint", () => setTimeout(spin, 0));
addEventListener("pagehide", spin);
</script>`

// TestBusyTabIsDiscarded renders a page that spins in an endless loop once
// it has printed, on a browser of one tab: the render succeeds, and the
// next render gets a new tab, on a new renderer, while the busy one is
// killed; the browser goes on.
func TestBusyTabIsDiscarded(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 1, PageMemory: 1 << 30}, 3*time.Minute)
	tab, err := b.Acquire(ctx)
	require.NoError(t, err)
	busyPid := tab.Pid()
	_, pages, err := tab.PDF(ctx, Page{
		HTML: loopsAfterPrint, Scripts: true, WaitFor: "window.done===1",
	}, page.PrintToPDFParams{})
	require.NoError(t, err)
	require.Equal(t, 1, pages)
	b.Release(tab, true)

	next, err := b.Acquire(ctx)
	require.NoError(t, err, "a new tab, not a browser that failed")
	require.NotEqual(t, busyPid, next.Pid())
	_, _, err = next.PDF(ctx, Page{HTML: "<p>next</p>"}, page.PrintToPDFParams{})
	require.NoError(t, err)
	b.Release(next, true)
	require.Eventually(t, func() bool { return !b.alive(busyPid) }, time.Minute, 20*time.Millisecond,
		"the busy page's renderer is killed")
	require.NoError(t, b.Err())
}

// TestMemoryAfterPrintIsWatched renders a page that, once it has printed,
// fills memory far past its limit: its renderer is killed near the limit,
// as during a render, not when its tab is given up for busy.
func TestMemoryAfterPrintIsWatched(t *testing.T) {
	t.Parallel()
	const limit = 512 << 20
	ctx, b := startBrowser(t, Config{Tabs: 1, PageMemory: limit}, 3*time.Minute)
	tab, err := b.Acquire(ctx)
	require.NoError(t, err)
	pid := tab.Pid()
	_, _, err = tab.PDF(ctx, Page{HTML: `<p>x</p><script>
window.done = 1;
const kept = [];
const fill = () => {
	for (let i = 0; i < 48; i++) {
		const b = new ArrayBuffer(64 << 20);
		new Uint8Array(b).fill(1);
		kept.push(b);
	}
	while (true) {}
};
addEventListener("afterprint", () => setTimeout(fill, 0));
</script>`, Scripts: true, WaitFor: "window.done===1"}, page.PrintToPDFParams{})
	require.NoError(t, err)
	b.Release(tab, true)
	var peak int64
	require.Eventually(t, func() bool {
		peak = max(peak, b.rss(pid))
		return !b.alive(pid)
	}, time.Minute, 5*time.Millisecond, "the renderer is killed")
	// Between two of the watcher's reads the page adds a 64 MiB buffer or
	// a few, on a busy machine; 3 GiB if nothing watched it.
	t.Logf("peak %d MiB", peak>>20)
	require.Less(t, peak, int64(limit+384<<20), "the renderer's peak")
	require.NoError(t, b.Err())
}

// TestManyTabsFindTheirRenderers opens 16 tabs at once on one browser, on
// a machine kept busy, and checks that every one finds its renderer
// process: Chromium traces one tab at a time, browser-wide, so the tabs
// take turns, and a turn that finds Chromium still tracing, or a trace
// that tells nothing, is tried again within the bound instead of failing
// the tab (and the render that opened it).
func TestManyTabsFindTheirRenderers(t *testing.T) {
	t.Parallel()
	const opening = 16
	busy(t, 2)
	ctx, b := startBrowser(t, Config{Tabs: opening + 1, PageMemory: 1 << 30}, 10*time.Minute)
	first, err := b.Acquire(ctx) // the tab the start opened
	require.NoError(t, err)
	defer b.Release(first, true)

	tabs := make([]*Tab, opening)
	errs := make([]error, opening)
	var wg sync.WaitGroup
	for i := range opening {
		wg.Go(func() { tabs[i], errs[i] = b.Acquire(ctx) })
	}
	wg.Wait()
	pids := map[int]bool{first.Pid(): true}
	for i, tab := range tabs {
		require.NoError(t, errs[i], "tab %d", i)
		defer b.Release(tab, true)
		require.Positive(t, tab.Pid(), "tab %d", i)
		require.False(t, pids[tab.Pid()], "tab %d: renderer %d is another tab's", i, tab.Pid())
		pids[tab.Pid()] = true
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(tab.Pid()) + "/cmdline")
		require.NoError(t, err)
		require.True(t, bytes.Contains(cmdline, []byte("--type=renderer")), "%d is not a renderer", tab.Pid())
	}
	require.NoError(t, b.Err())
}

// busy keeps n processes spinning on the CPU until the test ends, so that
// what it tests holds on a machine busier than the test's own work.
func busy(t *testing.T, n int) {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { null.Close() })
	for range n {
		cmd := exec.Command("yes")
		cmd.Stdout = null
		require.NoError(t, cmd.Start(), "yes (coreutils) keeps the machine busy")
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		})
	}
}
