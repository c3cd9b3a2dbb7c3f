// Command capacity measures what a worker host is planned with: the CPU a
// PDF costs (so PDFs a second per core, whatever else the machine runs) and
// the memory a render slot holds, for the one-page invoice and a long
// document made by repeating its rows. For each document and each number
// of slots, in rounds that take turns, it starts Paprika's render engine
// (internal/render, as `paprika worker` has it) in this process, warms it,
// then keeps every slot printing for -duration while it samples /proc:
// the CPU of this process and of every process below it (Chromium's
// browser, zygotes, GPU, utility and renderer processes), and the RSS and
// PSS of each, by Chromium's process type. A fresh engine each
// measurement, closed after it, so that the tree holds that engine alone.
//
//	go run ./bench/capacity
//	go run ./bench/capacity -slots 1,2,4 -duration 15s -rounds 3
package main

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/bench/internal/fixture"
	renderpkg "github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

func main() {
	invoice := flag.String("invoice", "", "the invoice to print, plain HTML or a Handlebars template rendered with {} (default: bench/internal/fixture/invoice.html, built in)")
	slotsFlag := flag.String("slots", "1,2", "render slots to measure, comma-separated")
	pages := flag.Int("pages", 20, "pages of the long document (0: the invoice only)")
	duration := flag.Duration("duration", 10*time.Second, "time every slot prints in one measurement, after the warm-up")
	rounds := flag.Int("rounds", 2, "measurements per row, interleaved between the rows; the median CPU a PDF and the largest memory are reported")
	flag.Parse()
	if *duration <= 0 || *duration > 2*time.Minute {
		log.Fatal("-duration: from 1s to 2m")
	}
	if *rounds < 1 || *rounds > 10 {
		log.Fatal("-rounds: from 1 to 10")
	}
	src, err := fixture.Load(*invoice)
	if err != nil {
		log.Fatal(err)
	}
	path, err := chromium.FindPath(os.Getenv("PAPRIKA_CHROMIUM"))
	if err != nil {
		log.Fatal(err)
	}
	slots, err := benchkit.Counts("slots", *slotsFlag, 16)
	if err != nil {
		log.Fatal(err)
	}

	type doc struct{ name, html string }
	docs := []doc{{"invoice (1 page)", string(src)}}
	if *pages > 0 {
		docs = append(docs, doc{fmt.Sprintf("long (%d pages)", *pages), fixture.LongDocument(string(src), *pages, path)})
	}
	fmt.Printf("machine: %s; chromium %s; %s measured a row, %d rounds; load average at the start %s\n\n",
		benchkit.MachineInfo(), path, *duration, *rounds, benchkit.LoadAvg())

	type row struct {
		doc     doc
		slots   int
		results []result
	}
	var rows []*row
	for _, d := range docs {
		for _, s := range slots {
			rows = append(rows, &row{doc: d, slots: s})
		}
	}
	for i := range *rounds {
		for _, r := range rows {
			res := measure(path, r.doc.html, r.slots, *duration)
			log.Printf("round %d: %s, %d slot(s): %d PDFs, %.1f PDFs/s, %.0f ms CPU a PDF, load %s", i+1, r.doc.name, r.slots, res.pdfs, res.rate(), 1000*res.cpuPerPDF(), res.load)
			r.results = append(r.results, res)
		}
	}

	fmt.Println("| document | slots | PDFs/s (median round) | CPU a PDF, ms (rounds) | PDFs a second per core | peak PSS MiB: renderers / rest of Chromium / this process | peak RSS MiB: renderers / rest of Chromium / this process | renderer processes | PSS a slot, MiB | load average |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		byCPU := slices.Clone(r.results)
		slices.SortFunc(byCPU, func(a, b result) int { return cmp.Compare(a.cpuPerPDF(), b.cpuPerPDF()) })
		byRate := slices.Clone(r.results)
		slices.SortFunc(byRate, func(a, b result) int { return cmp.Compare(a.rate(), b.rate()) })
		var cpus, loads []string
		var peak mem
		for _, res := range r.results {
			cpus = append(cpus, fmt.Sprintf("%.0f", 1000*res.cpuPerPDF()))
			loads = append(loads, res.load)
			peak = peak.max(res.peak)
		}
		med := byCPU[len(byCPU)/2]
		total := peak.pss[renderer] + peak.pss[chromeOther] + peak.pss[self]
		fmt.Printf("| %s | %d | %.1f | %.0f (%s) | %.1f | %.0f / %.0f / %.0f | %.0f / %.0f / %.0f | %d | %.0f | %s |\n",
			r.doc.name, r.slots, byRate[len(byRate)/2].rate(), 1000*med.cpuPerPDF(), strings.Join(cpus, ", "), 1/med.cpuPerPDF(),
			mib(peak.pss[renderer]), mib(peak.pss[chromeOther]), mib(peak.pss[self]),
			mib(peak.rss[renderer]), mib(peak.rss[chromeOther]), mib(peak.rss[self]),
			peak.renderers, mib(total)/float64(r.slots), strings.Join(loads, "; "))
	}
}

// The parts of the process tree memory is counted in.
const (
	renderer    = iota // Chromium's --type=renderer processes: the tabs' pages
	chromeOther        // the browser, zygotes, GPU and utility processes
	self               // this process: the engine's Go side
	parts
)

// mem is one reading of the tree, in bytes.
type mem struct {
	rss, pss  [parts]int64
	renderers int
}

func (m mem) max(o mem) mem {
	for i := range parts {
		m.rss[i] = max(m.rss[i], o.rss[i])
		m.pss[i] = max(m.pss[i], o.pss[i])
	}
	m.renderers = max(m.renderers, o.renderers)
	return m
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

type result struct {
	pdfs    int64
	elapsed time.Duration
	cpu     float64 // CPU seconds of the whole tree in the window
	peak    mem
	load    string
}

func (r result) rate() float64      { return float64(r.pdfs) / r.elapsed.Seconds() }
func (r result) cpuPerPDF() float64 { return r.cpu / float64(max(r.pdfs, 1)) }

// measure starts an engine of slots slots, warms each slot, then prints
// html on every slot for d, sampling the tree every 200 ms.
func measure(path, html string, slots int, d time.Duration) result {
	e := renderpkg.New(renderpkg.Config{Chromium: path, Slots: slots})
	defer e.Close()
	render := func() {
		if _, err := e.Render(context.Background(), renderpkg.Input{Template: html, Format: renderpkg.FormatPDF}); err != nil {
			log.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for range slots {
		wg.Go(func() {
			for range 3 {
				render()
			}
		})
	}
	wg.Wait()

	me := os.Getpid()
	tree := benchkit.NewTreeSampler(me)
	var (
		n    atomic.Int64
		stop atomic.Bool
		res  = result{load: benchkit.LoadAvg()}
	)
	start := time.Now()
	for range slots {
		wg.Go(func() {
			for !stop.Load() {
				render()
				n.Add(1)
			}
		})
	}
	for time.Since(start) < d {
		time.Sleep(200 * time.Millisecond)
		tree.Sample()
		res.peak = res.peak.max(readTree(me))
	}
	res.cpu, _ = tree.Total() // before the renders in flight finish: the window's CPU
	res.pdfs, res.elapsed = n.Load(), time.Since(start)
	stop.Store(true)
	wg.Wait()
	return res
}

// readTree reads the RSS and PSS of root and every process below it.
func readTree(root int) mem {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, ent := range ents {
		p, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		if _, _, ppid, ok := benchkit.ProcTimes(p); ok {
			parent[p] = ppid
		}
	}
	var m mem
	for p := range parent {
		in := false
		for q := p; q > 1; q = parent[q] {
			if q == root {
				in = true
				break
			}
		}
		if !in {
			continue
		}
		part := self
		if p != root {
			part = chromeOther
			if cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p)); err == nil && strings.Contains(string(cmd), "--type=renderer") {
				part = renderer
				m.renderers++
			}
		}
		rss, pss := rollup(p)
		m.rss[part] += rss
		m.pss[part] += pss
	}
	return m
}

// rollup reads Rss and Pss from /proc/PID/smaps_rollup, in bytes.
func rollup(pid int) (rss, pss int64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fs := strings.Fields(v)
		if len(fs) == 0 {
			continue
		}
		kb, _ := strconv.ParseInt(fs[0], 10, 64)
		switch k {
		case "Rss":
			rss = kb << 10
		case "Pss":
			pss = kb << 10
		}
	}
	return rss, pss
}
