package render

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/metrics"
)

// TestRenderEndsWhenPrinted renders, more times in a row than it takes to
// restart a failing browser, a page whose script spins in an endless loop
// once it has printed, as PDF and as PNG, each followed by an ordinary
// render on the same browser. Every render succeeds; the busy tab is
// discarded (its renderer killed, its browser context disposed) and
// replaced, never held against the browser, which is the same one at the
// end, never restarted.
func TestRenderEndsWhenPrinted(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	logged := &messages{}
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: 30 * time.Second, Metrics: m, Logger: slog.New(logged)})
	defer e.Close()
	render(t, e, Input{Template: "<p>warm</p>"})
	before := browserPid(t, e)

	loops := Input{
		// Right after a print, and when the page is left (a screenshot
		// has no event of its own). A loop 300 ms after the page is ready
		// does it too, on a machine that prints in less.
		Template: `<p>x</p><script>window.done=1; const spin = () => { while (true) {} };
addEventListener("afterprint", () => setTimeout(spin, 0)); addEventListener("pagehide", spin)</script>`,
		Options: Options{WaitFor: "window.done===1"},
	}
	for i := range maxFailuresInARow + 2 {
		in := loops
		if i%2 == 1 {
			in.Format = FormatPNG
		}
		out := render(t, e, in)
		require.NotEmpty(t, out.Body, "run %d", i)

		out = render(t, e, Input{Template: "<p>another tenant</p>"})
		require.Contains(t, pdfText(t, out.Body), "another tenant", "run %d", i)
		require.Equal(t, before, browserPid(t, e), "run %d: the same browser", i)
	}
	// The discarded tabs are closed, their replacements open: no more than
	// the slot's and the spare.
	require.Eventually(t, func() bool { return e.OpenTabs() <= 2 }, 2*time.Minute, 50*time.Millisecond)
	render(t, e, Input{Template: "<p>after</p>"})
	require.Equal(t, before, browserPid(t, e), "the same browser")
	for _, reason := range []string{"failures", "crash", "memory", "renders"} {
		require.Zero(t, gathered(t, m, "paprika_chromium_restarts_total", reason), reason)
	}
	t.Logf("the engine logged %q", logged.all())
	require.True(t, logged.has("tab not reused"), "the busy tabs were discarded: %q", logged.all())
	require.False(t, logged.has("restarting"), "%q", logged.all())
}

// messages is a log handler that keeps the messages logged.
type messages struct {
	mu   sync.Mutex
	msgs []string
}

func (h *messages) Enabled(context.Context, slog.Level) bool { return true }
func (h *messages) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *messages) WithGroup(string) slog.Handler            { return h }

func (h *messages) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.msgs = append(h.msgs, r.Message)
	return nil
}

func (h *messages) all() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.msgs...)
}

func (h *messages) has(s string) bool {
	for _, m := range h.all() {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}
