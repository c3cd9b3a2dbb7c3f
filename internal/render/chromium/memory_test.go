package chromium

import (
	"bytes"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/stretchr/testify/require"
)

// TestEachTabMeasuresItsOwnRenderer checks that the process a tab found
// is its page's renderer: what the page holds shows there, and not in
// another tab's, which runs in a process of its own.
func TestEachTabMeasuresItsOwnRenderer(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 2, PageMemory: 1 << 30}, 2*time.Minute)
	one, err := b.Acquire(ctx)
	require.NoError(t, err)
	two, err := b.Acquire(ctx)
	require.NoError(t, err)
	require.NotEqual(t, one.Pid(), two.Pid())
	for _, tab := range []*Tab{one, two} {
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(tab.Pid()) + "/cmdline")
		require.NoError(t, err)
		require.True(t, bytes.Contains(cmdline, []byte("--type=renderer")), "%d is not a renderer", tab.Pid())
	}

	oneBefore, twoBefore := b.rss(one.Pid()), b.rss(two.Pid())
	_, _, err = one.PDF(ctx, Page{
		HTML:    `<p>x</p><script>window.kept = new Uint8Array(256 << 20).fill(1); window.done = true</script>`,
		Scripts: true, WaitFor: "window.done",
	}, page.PrintToPDFParams{})
	require.NoError(t, err)
	require.Greater(t, b.rss(one.Pid())-oneBefore, int64(200<<20), "the page's 256 MiB are in its tab's renderer")
	require.Less(t, b.rss(two.Pid())-twoBefore, int64(64<<20), "and not in the other tab's")
	b.Release(one, true)
	b.Release(two, true)
}
