package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/procgroup"
)

// peaks are the most resident memory seen while one print ran: of
// Chromium's whole process tree (every process below this one), of each
// kind of Chromium process at its own peak, and of this Go process
// (VmHWM, reset when the print starts).
type peaks struct {
	tree   int64
	byType map[string]int64 // browser, renderer, print-compositor, gpu-process, utility, zygote
	goRSS  int64
}

// watchMemory samples the tree every interval until stop is called,
// which returns the peaks. This process's own peak comes from the kernel
// (VmHWM), reset here, so that no spike between two samples is missed.
func watchMemory(interval time.Duration) (stop func() peaks) {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // resets VmHWM
	var (
		mu   sync.Mutex
		p    = peaks{byType: map[string]int64{}}
		done = make(chan struct{})
		quit = make(chan struct{})
	)
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			sum, by := treeRSS(os.Getpid())
			mu.Lock()
			p.tree = max(p.tree, sum)
			for k, v := range by {
				p.byType[k] = max(p.byType[k], v)
			}
			mu.Unlock()
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() peaks {
		close(quit)
		<-done
		p.goRSS = statusKB("VmHWM") << 10
		return p
	}
}

// treeRSS sums the resident memory of every process below root, by the
// kind Chromium gives it (--type=…; none is the browser process).
func treeRSS(root int) (int64, map[string]int64) {
	parent := map[int]int{}
	rss := map[int]int64{}
	page := int64(os.Getpagesize())
	for _, pid := range procgroup.PIDs() {
		if st, ok := procgroup.ReadStat(pid); ok {
			parent[pid], rss[pid] = st.PPid, st.RSS*page
		}
	}
	var sum int64
	by := map[string]int64{}
	for pid, m := range rss {
		if pid == root || !below(pid, root, parent) {
			continue
		}
		sum += m
		by[processType(pid)] += m
	}
	return sum, by
}

func below(pid, root int, parent map[int]int) bool {
	for q := parent[pid]; q > 1; q = parent[q] {
		if q == root {
			return true
		}
	}
	return false
}

// processType is Chromium's --type of a process, "browser" without one.
func processType(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if bytes.Contains(b, []byte("printing.mojom.PrintCompositor")) {
		return "print-compositor"
	}
	// A child rewrites its command line into one string, spaces and all.
	if _, t, ok := bytes.Cut(b, []byte("--type=")); ok {
		if i := bytes.IndexAny(t, " \x00"); i >= 0 {
			t = t[:i]
		}
		return string(t)
	}
	if len(b) == 0 {
		return "?"
	}
	return "browser"
}

// statusKB reads a field of /proc/self/status, in KiB.
func statusKB(field string) int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

func mib(b int64) string { return strconv.FormatInt(b>>20, 10) }
