package chromium

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// watcher measures the processes of the renders under way, every
// memoryPoll, and kills those of a render that go past Config.PageMemory.
// A render's processes are its tab's renderer and, while it prints, the
// print compositor Chromium starts for that print (a utility process of
// its own, one per print, which turns the page into the PDF and may hold
// as much of a big image as the renderer did). A compositor is the
// print's that was alone printing when it appeared; one that appeared
// while several tabs printed is nobody's in particular, and is held to the
// limit by itself.
type watcher struct {
	b *Browser

	mu          sync.Mutex
	running     bool
	active      map[*Tab]*watched
	compositors map[int]*Tab // live print compositors and their print's tab (nil: not known)
	others      map[int]bool // processes known not to be compositors
}

// watched is one render under way.
type watched struct {
	cancel   context.CancelCauseFunc
	printing bool
	// compositorKilled: a compositor of no known print was killed past
	// the limit while this tab printed; its print failing is that.
	compositorKilled bool
}

// compositorArg marks a print compositor's command line.
var compositorArg = []byte("--utility-sub-type=printing.mojom.PrintCompositor")

func newWatcher(b *Browser) *watcher {
	return &watcher{b: b, active: map[*Tab]*watched{}, compositors: map[int]*Tab{}, others: map[int]bool{}}
}

// start watches t's render until stop; cancel ends the render with
// ErrMemoryLimit when it goes past the limit.
func (w *watcher) start(t *Tab, cancel context.CancelCauseFunc) {
	if w.b.pageMemory <= 0 {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.active[t] = &watched{cancel: cancel}
	if !w.running {
		w.running = true
		w.b.wg.Go(w.run)
	}
}

// stop ends the watch of t's render.
func (w *watcher) stop(t *Tab) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.active, t)
}

// printing marks t printing or done printing; done, it reports whether a
// compositor of no known print was killed past the limit meanwhile.
func (w *watcher) printing(t *Tab, on bool) (compositorKilled bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.active[t]
	if s == nil {
		return false
	}
	s.printing = on
	killed := s.compositorKilled
	s.compositorKilled = false
	return killed
}

// run measures until no render is under way.
func (w *watcher) run() {
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-w.b.dead:
			w.mu.Lock()
			w.running = false
			w.mu.Unlock()
			return
		}
		w.mu.Lock()
		if len(w.active) == 0 {
			w.running = false
			w.compositors, w.others = map[int]*Tab{}, map[int]bool{}
			w.mu.Unlock()
			return
		}
		w.measure()
		w.mu.Unlock()
	}
}

// measure reads every watched process once and kills what is past the
// limit; w.mu is held.
func (w *watcher) measure() {
	limit := w.b.pageMemory
	var printing []*Tab
	for t, s := range w.active {
		if s.printing {
			printing = append(printing, t)
		}
	}
	if len(printing) > 0 || len(w.compositors) > 0 {
		w.findCompositors(printing)
	}
	for t, s := range w.active {
		m := w.b.rss(t.pid)
		for pid, owner := range w.compositors {
			if owner == t {
				m += w.b.rss(pid)
			}
		}
		t.peak.Store(max(t.peak.Load(), m))
		if m <= limit {
			continue
		}
		w.b.log.Warn("a page went past its memory limit; killing its processes", "renderer", t.pid, "bytes", m, "limit", limit)
		// SIGKILL, not a protocol command, which a page busy in a
		// script would not let its renderer answer. The browser sees a
		// renderer crash and goes on; so do its other tabs, each on a
		// renderer of its own.
		w.kill(t.pid)
		for pid, owner := range w.compositors {
			if owner == t {
				w.kill(pid)
			}
		}
		s.cancel(ErrMemoryLimit)
		delete(w.active, t)
	}
	for pid, owner := range w.compositors {
		if owner != nil {
			continue
		}
		if m := w.b.rss(pid); m > limit {
			w.b.log.Warn("a print went past the page memory limit; killing its compositor", "compositor", pid, "bytes", m, "limit", limit)
			w.kill(pid)
			for _, t := range printing {
				if s := w.active[t]; s != nil {
					s.compositorKilled = true
				}
			}
		}
	}
}

// kill kills a process of the browser, and forgets it if a compositor.
func (w *watcher) kill(pid int) {
	if pid > 0 && w.b.rss(pid) > 0 { // still the browser's, not a reused number
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	delete(w.compositors, pid)
}

// findCompositors notes the print compositors that appeared since the last
// look, each the print's of the one tab printing, if only one is, and
// forgets those gone.
func (w *watcher) findCompositors(printing []*Tab) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	live := make(map[int]bool, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		live[pid] = true
		if _, ok := w.compositors[pid]; ok || w.others[pid] {
			continue
		}
		st, ok := readStat(pid)
		if !ok {
			continue
		}
		if st.Pgrp != w.b.pid {
			w.others[pid] = true
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		switch {
		case bytes.Contains(cmdline, compositorArg):
			var owner *Tab
			if len(printing) == 1 {
				owner = printing[0]
			}
			w.compositors[pid] = owner
		case bytes.Contains(cmdline, []byte("--type=")) && !bytes.Contains(cmdline, []byte("--type=zygote")):
			// A zygote's child becomes what it is after a while;
			// any other process of the browser stays what it is.
			w.others[pid] = true
		}
	}
	for pid := range w.compositors {
		if !live[pid] {
			delete(w.compositors, pid)
		}
	}
	for pid := range w.others {
		if !live[pid] {
			delete(w.others, pid)
		}
	}
}
