package chromium

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpio "github.com/chromedp/cdproto/io"
)

// streamChunk is the most bytes one IO.read asks for. A print answered as
// a stream comes in messages of this size (base64 on the wire, a third
// more), so the process holds one chunk of it at a time on its way to the
// writer, never the whole document in one DevTools message: Chromium
// refuses a message past 256 MiB, and the process would hold a big one
// encoded, as JSON and decoded at once.
const streamChunk = 1 << 20

// closeStreamTimeout bounds the IO.close that ends a stream.
const closeStreamTimeout = 5 * time.Second

// CopyStream reads a DevTools stream (a print's or a trace's) to its end
// into w, chunk by chunk, and closes it; it returns the bytes written.
// The stream is closed whatever happens, so that Chromium drops its copy.
func CopyStream(ctx context.Context, s cdp.Session, h cdpio.StreamHandle, w io.Writer) (n int64, err error) {
	defer func() {
		// Closed on a context of its own: a render that timed out still
		// lets Chromium free what the stream holds.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeStreamTimeout)
		defer cancel()
		_, _ = cdp.Call(cctx, s, cdpio.Close, cdpio.CloseParams{Handle: h})
	}()
	for {
		res, err := cdp.Call(ctx, s, cdpio.Read, cdpio.ReadParams{Handle: h, Size: streamChunk})
		if err != nil {
			return n, fmt.Errorf("reading the stream: %w", err)
		}
		m, err := w.Write(res.Data)
		n += int64(m)
		if err != nil {
			return n, err
		}
		if res.EOF {
			return n, nil
		}
	}
}
