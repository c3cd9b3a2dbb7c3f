// Command render measures how fast Paprika prints PDFs, beside two bare
// chromedp loops printing the same HTML: one warm tab with the HTML set
// directly (Page.setDocumentContent), and a new tab per render (Gotenberg's
// way). It prints PDFs/s and latency p50/p95 for each, for a one-page
// invoice and a 20-page document made by repeating its rows.
//
//	go run ./bench/render
//	go run ./bench/render -invoice my.html   # another document
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/bench/internal/fixture"
	renderpkg "github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

func main() {
	invoice := flag.String("invoice", "", "the invoice to print, plain HTML or a Handlebars template rendered with {} (default: bench/internal/fixture/invoice.html, built in)")
	n := flag.Int("n", 60, "renders per measurement of the invoice (after 5 warm-up renders per worker)")
	nLong := flag.Int("nlong", 20, "renders per measurement of the long document")
	slotsFlag := flag.String("slots", "1,2,4", "Paprika render slots to measure, comma-separated")
	pages := flag.Int("pages", 20, "pages of the long document")
	only := flag.String("only", "", "run only these loops: bare,newtab,paprika,scripted")
	rounds := flag.Int("rounds", 3, "measurements per row, interleaved between the loops; the median is reported (this machine may be shared)")
	flag.Parse()

	src, err := fixture.Load(*invoice)
	if err != nil {
		log.Fatal(err)
	}
	path, err := chromium.FindPath(os.Getenv("PAPRIKA_CHROMIUM"))
	if err != nil {
		log.Fatal(err)
	}
	slots, err := benchkit.Counts("slots", *slotsFlag, 1024)
	if err != nil {
		log.Fatal(err)
	}
	want := func(mode string) bool { return *only == "" || strings.Contains(*only, mode) }

	fmt.Printf("machine: %s/%s, %d CPUs; chromium %s; median of %d rounds\n\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), path, *rounds)
	docs := []struct {
		name string
		html string
		n    int
	}{
		{"invoice (1 page)", string(src), *n},
		{fmt.Sprintf("long (%d pages)", *pages), fixture.LongDocument(string(src), *pages, path), *nLong},
	}
	for _, doc := range docs {
		n := &doc.n
		fmt.Printf("## %s, %d KiB of HTML, %d renders a round\n\n", doc.name, len(doc.html)>>10, *n)
		type row struct {
			name    string
			workers int
			run     func() result
			results []result
		}
		var rows []*row
		if want("bare") {
			r, stop := bareLoop(path, doc.html, false)
			defer stop()
			rows = append(rows, &row{name: "bare chromedp, one warm tab, setDocumentContent", workers: 1, run: func() result { return measure(1, *n, r) }})
		}
		if want("newtab") {
			r, stop := bareLoop(path, doc.html, true)
			defer stop()
			rows = append(rows, &row{name: "bare chromedp, new tab per render", workers: 1, run: func() result { return measure(1, max(*n/3, 10), r) }})
		}
		if want("paprika") {
			for _, s := range slots {
				r, stop := paprika(path, doc.html, s)
				defer stop()
				rows = append(rows, &row{name: "Paprika Engine.Render", workers: s, run: func() result { return measure(s, *n, r) }})
			}
		}
		if want("scripted") && !strings.Contains(doc.name, "long") {
			// A page whose script ran costs its tab a navigation to a
			// fresh origin afterwards, in the background.
			scripted := strings.Replace(doc.html, "</body>", "<script>document.title = 'scripted'</script></body>", 1)
			for _, s := range slots[:min(2, len(slots))] {
				r, stop := paprika(path, scripted, s)
				defer stop()
				rows = append(rows, &row{name: "Paprika Engine.Render, the page with a script", workers: s, run: func() result { return measure(s, *n, r) }})
			}
		}
		for range *rounds {
			for _, r := range rows {
				r.results = append(r.results, r.run())
			}
		}
		fmt.Println("| loop | workers | PDFs/s | p50 | p95 | pages |")
		fmt.Println("|---|---|---|---|---|---|")
		for _, r := range rows {
			slices.SortFunc(r.results, func(a, b result) int { return cmp.Compare(a.rate(), b.rate()) })
			r.results[len(r.results)/2].print(r.name, r.workers)
		}
		fmt.Println()
	}
}

// result is one measurement.
type result struct {
	latencies []time.Duration
	elapsed   time.Duration
	pages     int
}

func (r result) rate() float64 { return float64(len(r.latencies)) / r.elapsed.Seconds() }

func (r result) print(name string, workers int) {
	slices.Sort(r.latencies)
	q := func(p float64) time.Duration { return r.latencies[int(p*float64(len(r.latencies)-1))] }
	fmt.Printf("| %s | %d | %.1f | %v | %v | %d |\n", name, workers, r.rate(),
		q(0.5).Round(time.Millisecond), q(0.95).Round(time.Millisecond), r.pages)
}

// measure runs render n times on workers goroutines, after a warm-up.
func measure(workers, n int, render func() (int, error)) result {
	for range 5 * workers {
		if _, err := render(); err != nil {
			log.Fatal(err)
		}
	}
	var (
		mu  sync.Mutex
		r   result
		wg  sync.WaitGroup
		per = n / workers
	)
	start := time.Now()
	for range workers {
		wg.Go(func() {
			for range per {
				t := time.Now()
				pages, err := render()
				if err != nil {
					log.Fatal(err)
				}
				mu.Lock()
				r.latencies = append(r.latencies, time.Since(t))
				r.pages = pages
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	return r
}

// bareLoop prints html with chromedp alone: on one warm tab, or on a new
// tab each time.
func bareLoop(path, html string, newTab bool) (render func() (int, error), stop func()) {
	actx, acancel := chromedp.NewExecAllocator(context.Background(), benchkit.BareChromium(path)...)
	bctx, bcancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		log.Fatal(err)
	}
	print := func(ctx context.Context) (int, error) {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return 0, err
		}
		if _, err := chromedp.Call(ctx, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: html}); err != nil {
			return 0, err
		}
		// A4, as Paprika prints by default: the same work.
		res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{
			PrintBackground: new(true), PaperWidth: 210 / 25.4, PaperHeight: 297 / 25.4,
		})
		return chromium.CountPages(res.Data), err
	}
	if newTab {
		return func() (int, error) {
			tctx, tcancel := chromedp.NewContext(bctx)
			defer tcancel()
			return print(tctx)
		}, func() { bcancel(); acancel() }
	}
	tctx, tcancel := chromedp.NewContext(bctx)
	return func() (int, error) { return print(tctx) }, func() { tcancel(); bcancel(); acancel() }
}

// paprika prints html through an Engine with slots slots.
func paprika(path, html string, slots int) (render func() (int, error), stop func()) {
	e := renderpkg.New(renderpkg.Config{Chromium: path, Slots: slots})
	return func() (int, error) {
		out, err := e.Render(context.Background(), renderpkg.Input{Template: html, Format: renderpkg.FormatPDF})
		if err != nil {
			return 0, err
		}
		return out.Pages, nil
	}, func() { e.Close() }
}
