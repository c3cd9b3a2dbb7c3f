// Command longdoc measures how Paprika prints long documents: seconds a
// page and the peak memory of Chromium's process tree (by kind of process)
// and of the Go process, at 10, 100 and 1,000 pages (5,000 with -pages),
// for a ledger (a logo, a heading per section, tables of 38 rows a page
// under a repeated header row, a "page X / Y" footer), text only, and
// images; beside Chromium's own print of the same HTML (a bare chromedp
// Page.printToPDF) in the same run. Each print gets a browser of its own,
// so that one print's memory is not counted in the next.
//
//	go run ./bench/longdoc
//	go run ./bench/longdoc -pages 5000 -kinds ledger -pagememory 16384
//	go run ./bench/longdoc -trace /tmp/traces   # where the time goes (trace.go)
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	renderpkg "github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

// The print options of every print, Paprika's and the bare one's: A4, the
// margins, the footer.
var (
	margin = renderpkg.Margin{Top: "12mm", Right: "12mm", Bottom: "16mm", Left: "12mm"}
	mm     = 1 / 25.4
)

func main() {
	pagesFlag := flag.String("pages", "10,100,1000", "lengths to print, in pages, comma-separated")
	kindsFlag := flag.String("kinds", strings.Join(kinds, ","), "documents to print: "+strings.Join(kinds, ", "))
	only := flag.String("only", "paprika,bare", "loops to run: paprika (Engine.Render), bare (chromedp Page.printToPDF)")
	pageMemory := flag.Int64("pagememory", 0, "Paprika's PAPRIKA_RENDER_MAX_MEMORY in MiB (0: its default, 1 GiB)")
	timeout := flag.Duration("timeout", 20*time.Minute, "the most one print may take, Paprika's render timeout included")
	css := flag.String("css", "", "CSS added to every document's stylesheet, to try a layout setting on both loops")
	per := flag.Int("parts", 0, "also print each document in parts of this many pages, one after the other on one tab, streamed, then merged with pdfcpu (0: not)")
	traceDir := flag.String("trace", "", "trace each bare print (devtools.timeline, blink, v8) into this directory and summarize where its time went")
	untagged := flag.Bool("untagged", false, "bare prints without a structure tree (generateTaggedPDF false); Chromium tags a PDF unless told not to")
	summary := flag.String("summarize", "", "only summarize these traces (files written by -trace, comma-separated)")
	flag.Parse()
	if *summary != "" {
		for _, f := range strings.Split(*summary, ",") {
			if err := summarize(f, strings.TrimSuffix(filepath.Base(f), ".json"), false); err != nil {
				log.Fatal(err)
			}
		}
		return
	}

	path, err := chromium.FindPath(os.Getenv("PAPRIKA_CHROMIUM"))
	if err != nil {
		log.Fatal(err)
	}
	lengths, err := benchkit.Counts("pages", *pagesFlag, 100000)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("machine: %s/%s, %d CPUs, load %s; chromium %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), benchkit.LoadAvg(), path)
	if *css != "" {
		fmt.Printf("extra CSS: %s\n", *css)
	}
	fmt.Println()
	fmt.Println("| document | pages | loop | s | s/page | PDF MiB | Chromium peak MiB | renderer | print compositor | GPU | browser | Go peak MiB | error |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, kind := range strings.Split(*kindsFlag, ",") {
		for _, n := range lengths {
			tpl, data, err := document(kind, n, 0)
			if err != nil {
				log.Fatal(err)
			}
			tpl = withCSS(tpl, *css)
			name := fmt.Sprintf("%s (%d KiB JSON)", kind, len(data)>>10)
			if strings.Contains(*only, "paprika") {
				r := paprika(path, tpl, data, *pageMemory<<20, *timeout)
				r.print(name, n, "Paprika")
			}
			if strings.Contains(*only, "bare") || *traceDir != "" {
				html, err := expand(tpl, data)
				if err != nil {
					log.Fatal(err)
				}
				r := bare(path, html, *traceDir, fmt.Sprintf("%s-%d", kind, n), *timeout, *untagged)
				r.print(name, n, "bare chromedp")
			}
			if *per > 0 && n > *per {
				r := parts(path, kind, n, *per, *css, *timeout, *untagged)
				r.print(name, n, fmt.Sprintf("bare, in parts of %d pages, merged", *per))
			}
			runtime.GC()
		}
	}
}

// result is one print.
type result struct {
	pages   int
	bytes   int
	elapsed time.Duration
	peaks   peaks
	err     error
}

func (r result) print(name string, asked int, loop string) {
	errText := ""
	if r.err != nil {
		errText = strings.ReplaceAll(r.err.Error(), "|", "/")
	}
	fmt.Printf("| %s | %d (%d asked) | %s | %.1f | %.3f | %.1f | %s | %s | %s | %s | %s | %s | %s |\n",
		name, r.pages, asked, loop, r.elapsed.Seconds(), r.elapsed.Seconds()/float64(max(r.pages, 1)), float64(r.bytes)/(1<<20),
		mib(r.peaks.tree), mib(r.peaks.byType["renderer"]), mib(r.peaks.byType["print-compositor"]),
		mib(r.peaks.byType["gpu-process"]), mib(r.peaks.byType["browser"]), mib(r.peaks.goRSS), errText)
}

// options are the print options of Paprika's renders.
func options() renderpkg.Options {
	return renderpkg.Options{Margin: &margin, FooterTemplate: footer}
}

// expand runs the template without Chromium: the HTML the bare loop prints.
func expand(tpl string, data []byte) (string, error) {
	e := renderpkg.New(renderpkg.Config{})
	defer e.Close()
	out, err := e.Render(context.Background(), renderpkg.Input{Template: tpl, Data: data, Format: renderpkg.FormatHTML})
	if err != nil {
		return "", err
	}
	return string(out.Body), nil
}

// paprika prints the template through an Engine of its own, started (a
// one-page render) before the measurement.
func paprika(path, tpl string, data []byte, pageMemory int64, timeout time.Duration) result {
	e := renderpkg.New(renderpkg.Config{Chromium: path, Slots: 1, Timeout: timeout, PageMemory: pageMemory})
	defer e.Close()
	if _, err := e.Render(context.Background(), renderpkg.Input{Template: "<p>warm</p>"}); err != nil {
		log.Fatal(err)
	}
	runtime.GC()
	stop := watchMemory(100 * time.Millisecond)
	start := time.Now()
	out, err := e.Render(context.Background(), renderpkg.Input{Template: tpl, Data: data, Options: options()})
	r := result{elapsed: time.Since(start), err: err}
	r.peaks = stop()
	if out != nil {
		r.pages, r.bytes = out.Pages, len(out.Body)
	}
	return r
}

// bare prints html with chromedp alone, in a browser of its own: the
// document set into a blank tab, its load and fonts waited for, printed
// in one Page.printToPDF answer. With traceDir, the print is traced.
func bare(path, html, traceDir, name string, timeout time.Duration, untagged bool) result {
	actx, acancel := chromedp.NewExecAllocator(context.Background(), benchkit.BareChromium(path)...)
	defer acancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		log.Fatal(err)
	}
	runtime.GC()
	var tr *trace
	if traceDir != "" {
		var err error
		if tr, err = startTrace(ctx); err != nil {
			log.Fatal(err)
		}
	}
	stop := watchMemory(100 * time.Millisecond)
	start := time.Now()
	var pdf []byte
	pctx, pcancel := context.WithTimeout(ctx, timeout)
	defer pcancel()
	err := chromedp.Do(pctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if err := load(ctx, html); err != nil {
			return err
		}
		res, err := chromedp.Call(ctx, page.PrintToPDF, printParams(untagged))
		pdf = res.Data
		return err
	}))
	r := result{elapsed: time.Since(start), err: err, pages: chromium.CountPages(pdf), bytes: len(pdf)}
	r.peaks = stop()
	if os.Getenv("LONGDOC_KEEP") != "" {
		_ = os.WriteFile(filepath.Join(os.TempDir(), "longdoc-"+name+".pdf"), pdf, 0o644)
	}
	if tr != nil {
		if err := tr.finish(ctx, traceDir, name); err != nil {
			log.Print(err)
		}
	}
	return r
}

// printParams are the bare prints' options, Paprika's: A4, the margins,
// the footer; untagged, without a structure tree.
func printParams(untagged bool) page.PrintToPDFParams {
	p := page.PrintToPDFParams{
		PrintBackground: new(true), PaperWidth: 210 * mm, PaperHeight: 297 * mm,
		MarginTop: new(12 * mm), MarginRight: new(12 * mm), MarginBottom: new(16 * mm), MarginLeft: new(12 * mm),
		DisplayHeaderFooter: new(true), HeaderTemplate: "<span></span>", FooterTemplate: footer,
	}
	if untagged {
		p.GenerateTaggedPDF = new(false)
	}
	return p
}

// withCSS adds css to a template's stylesheet.
func withCSS(tpl, css string) string {
	if css == "" {
		return tpl
	}
	return strings.Replace(tpl, "</style>", css+"\n</style>", 1)
}

// load sets html into ctx's tab and waits for its load and fonts.
func load(ctx context.Context, html string) error {
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: html}); err != nil {
		return err
	}
	_, err = chromedp.Call(ctx, cdpruntime.Evaluate, cdpruntime.EvaluateParams{Expression: readyJS, AwaitPromise: new(true)})
	return err
}

// readyJS waits for the document's load and its fonts, as Paprika does.
const readyJS = `new Promise(r => { const f = () => document.fonts.ready.then(() => r(true));
	if (document.readyState === 'complete') f(); else addEventListener('load', f, {once: true}); })`
