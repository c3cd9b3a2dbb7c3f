package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/paprikahq/paprika/internal/render/chromium"
)

// traceCategories are what a trace records: the timeline DevTools shows
// (layout, paint, the print), Blink's own events and V8's.
var traceCategories = []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8", "loading", "cc", "gpu", "skia", "toplevel"}

// trace is a trace under way, recorded into a stream.
type trace struct {
	complete <-chan tracing.EventTracingComplete
	stop     context.CancelFunc
}

// startTrace starts tracing the browser of ctx's tab.
func startTrace(ctx context.Context) (*trace, error) {
	s := chromedp.FromContext(ctx).Target
	ectx, stop := context.WithCancel(ctx)
	complete := make(chan tracing.EventTracingComplete, 1)
	go func() {
		for ev, err := range cdp.Events(ectx, s, tracing.TracingComplete) {
			if err == nil {
				complete <- ev
			}
			return
		}
	}()
	_, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReturnAsStream, TracingBackend: tracing.BackendChrome,
		TraceConfig: &tracing.TraceConfig{IncludedCategories: traceCategories, RecordMode: tracing.TraceConfigRecordModeRecordAsMuchAsPossible, TraceBufferSizeInKb: 1 << 20},
	})
	if err != nil {
		stop()
		return nil, err
	}
	return &trace{complete: complete, stop: stop}, nil
}

// finish ends the trace, writes it to dir/name.json and prints where the
// time went.
func (t *trace) finish(ctx context.Context, dir, name string) error {
	defer t.stop()
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		return err
	}
	ev := <-t.complete
	if ev.Stream == "" {
		return errors.New("the trace came without a stream")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, name+".json")
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if _, err := chromium.CopyStream(ctx, chromedp.FromContext(ctx).Target, ev.Stream, w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return summarize(path, name, ev.DataLossOccurred)
}

// traceEvent is what the summary reads of an event.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`  // µs
	Dur  float64 `json:"dur"` // µs, of complete (X) events
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Args struct {
		Name string `json:"name"` // of thread_name / process_name metadata
	} `json:"args"`
}

// summarize prints the events that took the most time of their own (less
// the events nested in them), by name and thread.
func summarize(path, name string, lost bool) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var tr struct {
		TraceEvents []traceEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &tr); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	threads, procs := map[[2]int]string{}, map[int]string{}
	for _, e := range tr.TraceEvents {
		switch e.Name {
		case "thread_name":
			threads[[2]int{e.Pid, e.Tid}] = e.Args.Name
		case "process_name":
			procs[e.Pid] = e.Args.Name
		}
	}
	type key struct{ name, thread string }
	total := map[key]float64{} // self time: less the events nested in it
	count := map[key]int{}
	byThread := map[[2]int][]traceEvent{}
	for _, e := range tr.TraceEvents {
		if e.Ph == "X" && e.Dur > 0 {
			t := [2]int{e.Pid, e.Tid}
			byThread[t] = append(byThread[t], e)
		}
	}
	for t, evs := range byThread {
		slices.SortStableFunc(evs, func(a, b traceEvent) int { return cmp.Or(cmp.Compare(a.Ts, b.Ts), cmp.Compare(b.Dur, a.Dur)) })
		thread := procs[t[0]] + "/" + threads[t]
		var stack []int // indexes of the open events
		self := make([]float64, len(evs))
		for i, e := range evs {
			for len(stack) > 0 && evs[stack[len(stack)-1]].Ts+evs[stack[len(stack)-1]].Dur <= e.Ts {
				stack = stack[:len(stack)-1]
			}
			self[i] = e.Dur
			if len(stack) > 0 {
				self[stack[len(stack)-1]] -= e.Dur
			}
			stack = append(stack, i)
		}
		for i, e := range evs {
			k := key{e.Name, thread}
			total[k] += max(self[i], 0)
			count[k]++
		}
	}
	keys := make([]key, 0, len(total))
	for k := range total {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Compare(total[b], total[a]) })
	fmt.Printf("\n<!-- trace %s: %d events, %d MiB, data lost: %v -->\n\n", name, len(tr.TraceEvents), len(b)>>20, lost)
	fmt.Printf("| %s: event | thread | count | self s |\n|---|---|---|---|\n", name)
	for _, k := range keys[:min(len(keys), 25)] {
		fmt.Printf("| %s | %s | %d | %.2f |\n", k.name, k.thread, count[k], total[k]/1e6)
	}
	fmt.Println()
	return nil
}
