package chromium

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
)

// ErrMemoryLimit is the cause of a render whose page's renderer process
// held more resident memory than Config.PageMemory: the browser killed it
// (the page's doing, answered render-limit), or V8 ran out of the heap
// its flag allows.
var ErrMemoryLimit = errors.New("the page used more memory than it may")

// memoryPoll is how often a render's processes are measured (watch.go). A page filling
// memory as fast as it can (64 MiB ArrayBuffers, a decoding image) adds
// a few tens of MiB in that time, on a busy machine a little more: that
// is how far past the limit a page gets before it is killed.
const memoryPoll = 50 * time.Millisecond

// findRendererTimeout bounds the tries of a tab to find its renderer once
// its turn to trace has come; traceRetry is the pause between two tries.
const (
	findRendererTimeout = time.Minute
	traceRetry          = 100 * time.Millisecond
)

// findRenderer returns the pid of the renderer process of the tab's main
// frame. The protocol has no command for it; a trace does, in its first
// event (TracingStartedInBrowser lists the traced page's frames and their
// processes), so the tab traces for a moment when it opens. Its renderer
// does not change after: the tab's renders stay on its site, which keeps
// the process, and a tab whose renderer died is replaced.
//
// Chromium runs one trace at a time, browser-wide, and only this browser's
// tabs trace: they take turns (Browser.tracing), however many open at
// once, waiting as long as ctx (their opener's) lets them. In its turn a
// tab tries until a trace tells, within findRendererTimeout: a trace that
// Chromium still runs (one whose tab gave up its turn at its bound, until
// closing that tab ends it), or one that tells nothing (now and then, on a
// busy machine), is tried again rather than failing the tab and the render
// that opened it.
func (t *Tab) findRenderer(ctx context.Context) (int, error) {
	select {
	case t.b.tracing <- struct{}{}:
		defer func() { <-t.b.tracing }()
	case <-ctx.Done():
		return 0, fmt.Errorf("waiting to trace the tab: %w", ctx.Err())
	}
	ctx, cancel := context.WithTimeout(ctx, findRendererTimeout)
	defer cancel()
	for tries := 1; ; tries++ {
		pid, err := t.traceRenderer(ctx)
		if err == nil {
			return pid, nil
		}
		if t.b.Err() != nil || t.ctx.Err() != nil {
			return 0, err // the browser or the tab is gone: no try would tell
		}
		select {
		case <-time.After(traceRetry):
		case <-ctx.Done():
			return 0, fmt.Errorf("%w (%d tries)", err, tries)
		}
	}
}

// traceRenderer is one try of findRenderer: a trace, started and ended at
// once, read to its end.
func (t *Tab) traceRenderer(ctx context.Context) (int, error) {
	// Read raw, and decoded leniently: a trace may hold what a strict
	// decoder refuses (a page's title that is not valid UTF-8, say).
	events, unsubscribe := t.session.Subscribe(tracing.DataCollected.Method)
	defer unsubscribe()
	completions, unsubscribeCompletions := t.session.Subscribe(tracing.TracingComplete.Method)
	defer unsubscribeCompletions()
	if _, err := cdp.Call(ctx, t.session, tracing.Start, tracing.StartParams{
		// Chromium's own tracing, in the browser: not a system-wide
		// service that other Chromium processes on the machine share.
		TracingBackend: tracing.BackendChrome,
		TraceConfig: &tracing.TraceConfig{
			IncludedCategories: []string{"disabled-by-default-devtools.timeline"}, TraceBufferSizeInKb: 1024,
		},
	}); err != nil {
		return 0, fmt.Errorf("tracing the tab: %w", err)
	}
	if _, err := cdp.Call(ctx, t.session, tracing.End, cdp.Empty{}); err != nil {
		return 0, fmt.Errorf("ending the tab's trace: %w", err)
	}
	// The trace is over when Chromium says it is complete, and the next
	// may start only then: the turn is held until then.
	pid, seen := 0, 0
	read := func(raw []byte) {
		var ev struct{ Value []json.RawMessage }
		if pid > 0 || json.Unmarshal(raw, &ev) != nil {
			return
		}
		seen += len(ev.Value)
		for _, v := range ev.Value {
			if pid = startedPid(v, string(t.frame)); pid > 0 {
				return
			}
		}
	}
	for complete := false; !complete; {
		select {
		case raw, ok := <-events:
			if !ok {
				return 0, errors.New("the tab's session ended during its trace")
			}
			read(raw)
		case _, ok := <-completions:
			if !ok {
				return 0, errors.New("the tab's session ended during its trace")
			}
			complete = true
		case <-ctx.Done():
			return 0, fmt.Errorf("finding the tab's renderer process in a trace of %d events: %w", seen, ctx.Err())
		}
	}
	for drained := false; !drained; { // the data sent before the completion
		select {
		case raw, ok := <-events:
			if !ok {
				drained = true
			}
			read(raw)
		default:
			drained = true
		}
	}
	if pid == 0 {
		return 0, fmt.Errorf("a trace of %d events did not name the tab's renderer process", seen)
	}
	if st, ok := readStat(pid); !ok || st.Pgrp != t.b.pid {
		return 0, fmt.Errorf("the tab's renderer %d is not a process of the browser", pid)
	}
	return pid, nil
}

// startedPid is the process of frame in a TracingStartedInBrowser event,
// or 0 for any other event.
func startedPid(v []byte, frame string) int {
	var ev struct {
		Name string `json:"name"`
		Args struct {
			Data struct {
				Frames []struct {
					Frame     string `json:"frame"`
					ProcessID int    `json:"processId"`
				} `json:"frames"`
			} `json:"data"`
		} `json:"args"`
	}
	if json.Unmarshal(v, &ev) != nil || ev.Name != "TracingStartedInBrowser" {
		return 0
	}
	for _, f := range ev.Args.Data.Frames {
		if f.Frame == frame {
			return f.ProcessID
		}
	}
	return 0
}

// rss is the resident memory of a process of the browser, in bytes; 0
// when pid is gone or no longer the browser's (its number reused).
func (b *Browser) rss(pid int) int64 {
	st, ok := readStat(pid)
	if !ok || st.Pgrp != b.pid {
		return 0
	}
	return st.RSS * int64(os.Getpagesize())
}

// crashCause says why a tab's renderer died under a render: past the limit
// (V8's own heap limit, set from it, ends a renderer that our sampling had
// not yet caught: one seen above half the limit is taken for that), or a
// crash.
func (t *Tab) crashCause() error {
	if limit := t.b.pageMemory; limit > 0 && t.peak.Load() > limit/2 {
		return ErrMemoryLimit
	}
	return ErrPageCrashed
}

// heavy reports whether the tab's renderer holds more than half the limit
// after a render: it is replaced rather than reused, so that what one page
// left behind (a heap not yet given back) does not count against the next.
func (t *Tab) heavy() bool {
	limit := t.b.pageMemory
	return limit > 0 && t.pid > 0 && t.b.rss(t.pid) > limit/2
}

// v8HeapFlag caps V8's heap at the page's limit: a page piling up objects
// (not ArrayBuffers, which V8 keeps outside its heap) fails in V8 itself
// even if a sample comes late.
func v8HeapFlag(limit int64) string {
	return "--max-old-space-size=" + strconv.FormatInt(max(limit>>20, 16), 10)
}

// Pid is the process id of the renderer of the tab's page.
func (t *Tab) Pid() int { return t.pid }

// onCrash takes a target-crashed event for the tab's page crashing, unless
// the page's renderer, once known, still runs. Chromium may report a crash
// of a process that is no longer the page's (a new tab's first renderer,
// left behind when the navigation to the tab's site moved the page to
// another): a fresh tab's first render failed as "crashed" now and then on
// a busy machine, and that must not fail it. A renderer that did crash has
// exited by the time the event arrives, or does a moment later.
func (t *Tab) onCrash() {
	select {
	case <-t.opened: // the renderer is known, if it is to be
	case <-t.b.dead:
	}
	for range 3 {
		if !t.b.alive(int(t.known.Load())) {
			t.crashOnce.Do(func() { close(t.crashed) })
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.b.log.Warn("chromium reported a crash of a tab whose renderer still runs; ignored", "renderer", t.known.Load())
}

// alive reports whether pid is a running process of the browser (not a
// zombie); false for 0.
func (b *Browser) alive(pid int) bool {
	st, ok := readStat(pid)
	return pid > 0 && ok && st.Pgrp == b.pid && st.State != 'Z' && st.State != 'X'
}
