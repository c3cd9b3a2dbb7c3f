package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// How a client answers busy.
const (
	politeWait = "polite"        // waits Retry-After seconds
	jitterWait = "polite-jitter" // waits a random 50–250 ms
	stormWait  = "storm"         // retries at once
)

// load posts renders of one body from a number of clients.
type load struct {
	url, secret string
	body        []byte
	clients     int
	http        *http.Client
}

func newLoad(url, secret string, invoice []byte, clients int) *load {
	body, _ := json.Marshal(map[string]any{"template": string(invoice), "data": map[string]any{}, "format": "pdf"})
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = clients
	return &load{url: url, secret: secret, body: body, clients: clients,
		http: &http.Client{Transport: tr, Timeout: 2 * time.Minute}}
}

// kindOf is how client i of mode answers busy: in the mixed modes client 0
// storms among polite ones.
func kindOf(mode string, i int) string {
	switch mode {
	case "mixed":
		if i == 0 {
			return stormWait
		}
		return politeWait
	case "mixed-jitter":
		if i == 0 {
			return stormWait
		}
		return jitterWait
	}
	return mode
}

// result is one mode's measurement.
type result struct {
	mode, kinds   string
	round         int
	seconds       float64
	pdfs, busy    int
	other         int
	firstOther    string
	pdfsBy        map[string]int // PDFs per kind of client
	clientsBy     map[string]int
	render, wait  []time.Duration // of each PDF: its request; the client's wait from its first attempt
	retryAfter    map[string]int  // the Retry-After values of busy answers
	cpu           float64         // api and its children, CPU seconds
	apiCPU        float64         // the api process alone
	selfCPU       float64         // this bench (the clients)
	machineBusy   float64         // share of the machine's CPU busy
	loadBefore    string
	loadAfter     string
	treeProcesses int // processes in the api's tree at the end
}

// counter is what the clients count, under one lock.
type counter struct {
	mu sync.Mutex
	r  *result
}

// run runs the mode's clients for settle+dur; answers that arrive within
// the last dur are counted, and the CPU of api (when not nil) is sampled
// over that window.
func (l *load) run(ctx context.Context, mode string, settle, dur time.Duration, api *benchkit.Proc) *result {
	r := &result{mode: mode, pdfsBy: map[string]int{}, clientsBy: map[string]int{}, retryAfter: map[string]int{},
		loadBefore: benchkit.LoadAvg()}
	c := &counter{r: r}
	start := time.Now()
	from, end := start.Add(settle), start.Add(settle+dur)
	var wg sync.WaitGroup
	for i := range l.clients {
		kind := kindOf(mode, i)
		r.clientsBy[kind]++
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.client(ctx, kind, from, end, c)
		}()
	}
	var api0, busy0, total0 float64
	sleepUntil(ctx, from)
	var tree *benchkit.TreeSampler
	if api != nil {
		tree = benchkit.NewTreeSampler(api.Pid())
		api0, _ = benchkit.ProcCPU(api.Pid())
	}
	self0, _ := benchkit.ProcCPU(os.Getpid())
	busy0, total0 = benchkit.MachineCPU()
	for tree != nil && ctx.Err() == nil && time.Now().Before(end) {
		sleepUntil(ctx, earliest(time.Now().Add(250*time.Millisecond), end))
		tree.Sample()
	}
	if api != nil {
		api1, _ := benchkit.ProcCPU(api.Pid())
		r.cpu, r.treeProcesses = tree.Total()
		r.apiCPU = api1 - api0
	}
	self1, _ := benchkit.ProcCPU(os.Getpid())
	r.selfCPU = self1 - self0
	busy1, total1 := benchkit.MachineCPU()
	if total1 > total0 {
		r.machineBusy = (busy1 - busy0) / (total1 - total0)
	}
	r.loadAfter = benchkit.LoadAvg()
	wg.Wait() // the answers in flight at the end, not counted
	r.seconds = dur.Seconds()
	var kinds []string
	for k, n := range r.clientsBy {
		kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
	}
	slices.Sort(kinds)
	r.kinds = strings.Join(kinds, " + ")
	return r
}

// client posts renders until end, answering busy as kind says.
func (l *load) client(ctx context.Context, kind string, from, end time.Time, c *counter) {
	first := time.Now() // the first attempt at the PDF being asked for
	for ctx.Err() == nil && time.Now().Before(end) {
		sent := time.Now()
		status, body, retryAfter, err := l.post(ctx)
		done := time.Now()
		counted := !done.Before(from) && !done.After(end)
		switch {
		case err == nil && status == http.StatusOK && bytes.HasPrefix(body, []byte("%PDF-")):
			if counted {
				c.mu.Lock()
				c.r.pdfs++
				c.r.pdfsBy[kind]++
				c.r.render = append(c.r.render, done.Sub(sent))
				c.r.wait = append(c.r.wait, done.Sub(first))
				c.mu.Unlock()
			}
			first = time.Now()
		case err == nil && status == http.StatusServiceUnavailable && bytes.Contains(body, []byte(`"code":"busy"`)):
			if counted {
				c.mu.Lock()
				c.r.busy++
				c.r.retryAfter[retryAfter]++
				c.mu.Unlock()
			}
			switch kind {
			case politeWait:
				secs, aerr := strconv.Atoi(retryAfter)
				if aerr != nil || secs < 0 {
					secs = 1 // a busy answer without a usable Retry-After: counted in retryAfter
				}
				sleepUntil(ctx, earliest(time.Now().Add(time.Duration(secs)*time.Second), end))
			case jitterWait:
				sleepUntil(ctx, earliest(time.Now().Add(time.Duration(50+rand.IntN(201))*time.Millisecond), end))
			}
		default:
			if counted {
				c.mu.Lock()
				c.r.other++
				if c.r.firstOther == "" {
					c.r.firstOther = fmt.Sprintf("%d %v %.200s", status, err, body)
				}
				c.mu.Unlock()
			}
			sleepUntil(ctx, earliest(time.Now().Add(100*time.Millisecond), end)) // not spinning on a failure
		}
	}
}

// post sends one render and reads its answer.
func (l *load) post(ctx context.Context) (status int, body []byte, retryAfter string, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.url, bytes.NewReader(l.body))
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Authorization", "Bearer "+l.secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := l.http.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(resp.Body)
	return resp.StatusCode, body, resp.Header.Get("Retry-After"), err
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func sleepUntil(ctx context.Context, t time.Time) {
	d := time.Until(t)
	if d <= 0 {
		return
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
	case <-tm.C:
	}
}

func (r *result) pdfRate() float64  { return float64(r.pdfs) / r.seconds }
func (r *result) busyRate() float64 { return float64(r.busy) / r.seconds }

func (r *result) cpuPerPDF() float64 {
	if r.pdfs == 0 {
		return 0
	}
	return r.cpu / float64(r.pdfs) * 1000
}

func quantiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	ms := func(q float64) int64 { return s[benchkit.QuantileIndex(len(s), q)].Milliseconds() }
	return fmt.Sprintf("%d / %d", ms(0.5), ms(0.95))
}

// share says, in the mixed modes, what the storm client and the polite
// clients each got, per client.
func (r *result) share() string {
	if r.clientsBy[stormWait] == 0 || len(r.clientsBy) < 2 {
		return "–"
	}
	var parts []string
	for _, k := range []string{stormWait, politeWait, jitterWait} {
		if n := r.clientsBy[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %.2f", k, float64(r.pdfsBy[k])/float64(n)/r.seconds))
		}
	}
	return strings.Join(parts, ", ")
}

func (r *result) line() string {
	return fmt.Sprintf("round %d %s (%s): %.1f PDFs/s, %.1f busy/s, %d other, render p50/p95 %s ms, wait %s ms, %.0f ms CPU/PDF (%d processes), api alone %.2f cores, clients %.2f cores, machine %.0f%% busy, load %s → %s",
		r.round, r.mode, r.kinds, r.pdfRate(), r.busyRate(), r.other, quantiles(r.render), quantiles(r.wait),
		r.cpuPerPDF(), r.treeProcesses, r.apiCPU/r.seconds, r.selfCPU/r.seconds, r.machineBusy*100, r.loadBefore, r.loadAfter)
}

// printTable prints every measurement, then each mode's mean and its ratio
// to polite's.
func printTable(w io.Writer, rs []*result) {
	fmt.Fprintln(w, "| round | mode | PDFs/s | busy/s | other non-2xx | render p50 / p95 ms | wait for PDF p50 / p95 ms | CPU ms/PDF (api + Chromium) | api process alone, cores | clients (this bench), cores | PDFs/s per client (mixed) | machine busy | load before → after |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Fprintf(w, "| %d | %s | %.1f | %.1f | %d | %s | %s | %.0f | %.2f | %.2f | %s | %.0f%% | %s → %s |\n",
			r.round, r.mode, r.pdfRate(), r.busyRate(), r.other, quantiles(r.render), quantiles(r.wait),
			r.cpuPerPDF(), r.apiCPU/r.seconds, r.selfCPU/r.seconds, r.share(), r.machineBusy*100, r.loadBefore, r.loadAfter)
	}
	mean := map[string]float64{}
	count := map[string]int{}
	var order []string
	for _, r := range rs {
		if count[r.mode] == 0 {
			order = append(order, r.mode)
		}
		mean[r.mode] += r.pdfRate()
		count[r.mode]++
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| mode | mean PDFs/s | ÷ polite | ÷ polite-jitter |")
	fmt.Fprintln(w, "|---|---|---|---|")
	ratio := func(m, base string) string {
		if count[base] == 0 || mean[base] == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f", mean[m]/float64(count[m])/(mean[base]/float64(count[base])))
	}
	for _, m := range order {
		fmt.Fprintf(w, "| %s | %.1f | %s | %s |\n", m, mean[m]/float64(count[m]), ratio(m, politeWait), ratio(m, jitterWait))
	}
	for _, r := range rs {
		if len(r.retryAfter) > 0 && len(r.retryAfter) != 1 || r.busy > 0 && r.retryAfter["1"] == 0 {
			fmt.Fprintf(w, "\nround %d %s: Retry-After values %v\n", r.round, r.mode, r.retryAfter)
		}
		if r.other > 0 {
			fmt.Fprintf(w, "\nround %d %s: %d other answers, the first: %s\n", r.round, r.mode, r.other, r.firstOther)
		}
	}
}
