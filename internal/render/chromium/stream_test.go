package chromium

import (
	"bytes"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/testkit"
)

// chunks records each write it is given.
type chunks struct {
	bytes.Buffer
	sizes []int
}

func (c *chunks) Write(p []byte) (int, error) {
	c.sizes = append(c.sizes, len(p))
	return c.Buffer.Write(p)
}

// TestPrintArrivesInChunks prints a page whose PDF is several MiB (an
// image of noise, which does not compress): it reaches the writer in
// chunks of at most streamChunk, never in one message of the whole PDF,
// and the chunks make the whole document.
func TestPrintArrivesInChunks(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 1, PageMemory: 1 << 30}, 3*time.Minute)
	tab, err := b.Acquire(ctx)
	require.NoError(t, err)
	var w chunks
	n, err := tab.PrintTo(ctx, Page{HTML: testkit.NoiseCanvas(1400, 1400), Scripts: true, WaitFor: "window.drawn"},
		page.PrintToPDFParams{PrintBackground: new(true)}, &w)
	require.NoError(t, err)
	b.Release(tab, true)
	require.Equal(t, int64(w.Len()), n)
	require.Greater(t, w.Len(), 3*streamChunk, "a PDF of several chunks")
	require.Greater(t, len(w.sizes), 3)
	for _, s := range w.sizes {
		require.LessOrEqual(t, s, streamChunk)
	}
	require.True(t, bytes.HasPrefix(w.Bytes(), []byte("%PDF-")))
	require.True(t, bytes.HasSuffix(bytes.TrimSpace(w.Bytes()), []byte("%%EOF")))
	require.Equal(t, 1, CountPages(w.Bytes()))
}
