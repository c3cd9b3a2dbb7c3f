// Command office measures how fast Office files convert to PDF through
// Paprika's pool of warm LibreOffice processes (internal/render/office),
// beside `soffice --headless --convert-to pdf` run once per file, the way
// most scripts do it (with a profile already made, as a script's second
// run has). The two take turns, round by round, on the same one-page
// DOCX, one conversion at a time; each is measured in wall time and in
// the CPU time of its processes. Then a long DOCX converts through the
// pool: its seconds and the pool process's peak resident memory.
//
//	go run ./bench/office
//	go run ./bench/office -n 40 -rounds 5 -pages 100
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/procgroup"
	"github.com/paprikahq/paprika/internal/render/office"
)

func main() {
	n := flag.Int("n", 20, "conversions per round and way")
	rounds := flag.Int("rounds", 3, "rounds, the two ways taking turns; the median is reported")
	pages := flag.Int("pages", 100, "pages of the long document")
	flag.Parse()
	benchkit.Run(func(ctx context.Context) error { return run(ctx, *n, *rounds, *pages) })
}

// way is one way of converting, measured over a round.
type way struct {
	name    string
	convert func(ctx context.Context) (cpu float64, err error) // the CPU seconds it cost, when known apart
	rates   []float64                                          // conversions per wall second, per round
	perCore []float64                                          // conversions per CPU second, per round
}

func run(ctx context.Context, n, rounds, pages int) error {
	root, err := benchkit.RepoRoot()
	if err != nil {
		return err
	}
	docx, err := os.ReadFile(filepath.Join(root, "internal/render/office/testdata/writer.docx"))
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "paprika-bench-office-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	in := filepath.Join(work, "one.docx")
	if err := os.WriteFile(in, docx, 0o644); err != nil {
		return err
	}
	profile := "file://" + filepath.Join(work, "profile")
	soffice := func(ctx context.Context, args ...string) (float64, error) {
		cmd := exec.CommandContext(ctx, "soffice", append([]string{"--headless", "-env:UserInstallation=" + profile}, args...)...)
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		if err != nil {
			return 0, fmt.Errorf("soffice %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return cmd.ProcessState.UserTime().Seconds() + cmd.ProcessState.SystemTime().Seconds(), nil
	}
	if _, err := soffice(ctx, "--convert-to", "pdf", "--outdir", work, in); err != nil { // makes the profile
		return fmt.Errorf("%w (install LibreOffice: %s)", err, office.InstallHint)
	}

	e, err := office.New(ctx, office.Config{Slots: 1, MaxDocuments: 1 << 30, Timeout: 10 * time.Minute})
	if err != nil {
		return err
	}
	defer e.Close()
	poolCPU := func() float64 {
		var s float64
		for _, g := range e.ProcessGroups() {
			for _, pid := range procgroup.Members(g) {
				self, children, _, _ := benchkit.ProcTimes(pid)
				s += self + children
			}
		}
		return s
	}
	ways := []*way{
		{name: "pool (UNO, warm soffice)", convert: func(ctx context.Context) (float64, error) {
			before := poolCPU()
			_, err := e.Convert(ctx, "bench", docx, "docx", office.Options{})
			return poolCPU() - before, err
		}},
		{name: "soffice --convert-to per file", convert: func(ctx context.Context) (float64, error) {
			return soffice(ctx, "--convert-to", "pdf", "--outdir", work, in)
		}},
	}
	for range 3 { // warm up
		if _, err := ways[0].convert(ctx); err != nil {
			return err
		}
	}
	fmt.Printf("machine: %s, %d CPUs; load %s; %d one-page DOCX per round, median of %d rounds\n\n",
		runtime.GOARCH, runtime.NumCPU(), benchkit.LoadAvg(), n, rounds)
	for range rounds {
		for _, w := range ways {
			var cpu float64
			start := time.Now()
			for range n {
				c, err := w.convert(ctx)
				if err != nil {
					return fmt.Errorf("%s: %w", w.name, err)
				}
				cpu += c
			}
			w.rates = append(w.rates, float64(n)/time.Since(start).Seconds())
			w.perCore = append(w.perCore, float64(n)/cpu)
		}
	}
	fmt.Printf("%-32s %12s %16s\n", "way", "PDFs/s", "PDFs/CPU-second")
	for _, w := range ways {
		fmt.Printf("%-32s %12.2f %16.2f\n", w.name, median(w.rates), median(w.perCore))
	}
	fmt.Printf("\npool / per-file: %.1f× PDFs per second, %.1f× per CPU second (per core)\n\n",
		median(ways[0].rates)/median(ways[1].rates), median(ways[0].perCore)/median(ways[1].perCore))

	start := time.Now()
	if _, err := e.Convert(ctx, "another tenant", docx, "docx", office.Options{}); err != nil {
		return err
	}
	fmt.Printf("another tenant's first document (its slot's LibreOffice replaced, a fresh profile): %.2f s\n", time.Since(start).Seconds())

	long, err := longDocx(ctx, work, pages, soffice)
	if err != nil {
		return err
	}
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			var rss int64
			for _, g := range e.ProcessGroups() {
				rss += procgroup.RSS(g)
			}
			if rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	start = time.Now()
	before := poolCPU()
	pdf, err := e.Convert(ctx, "bench", long, "docx", office.Options{})
	took, cpu := time.Since(start), poolCPU()-before
	close(stop)
	<-done
	if err != nil {
		return fmt.Errorf("the %d-page document: %w", pages, err)
	}
	fmt.Printf("a %d-page DOCX (%d KiB) through the pool: %.2f s, %.2f CPU s, peak resident memory of the pool's processes %d MiB, PDF %d KiB (%s pages)\n",
		pages, len(long)>>10, took.Seconds(), cpu, peak.Load()>>20, len(pdf)>>10, pdfPages(ctx, work, pdf))
	return nil
}

// longDocx makes a DOCX of about pages pages of text, one page break per
// page, through soffice.
func longDocx(ctx context.Context, work string, pages int, soffice func(context.Context, ...string) (float64, error)) ([]byte, error) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:body><office:text>`)
	for p := range pages {
		fmt.Fprintf(&b, `<text:h text:style-name="Break" text:outline-level="1">Page %d</text:h>`, p+1)
		for i := range 12 {
			fmt.Fprintf(&b, `<text:p>Paragraph %d of page %d: a contract's clauses run on like this one, in a font and a size most documents use, wrapping over three or four lines of the page before the next begins.</text:p>`, i+1, p+1)
		}
	}
	b.WriteString(`</office:text></office:body></office:document>`)
	src := filepath.Join(work, "long.fodt")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	if _, err := soffice(ctx, "--convert-to", "docx", "--outdir", work, src); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(work, "long.docx"))
}

// pdfPages is what pdfinfo says of the PDF's pages, "?" without it.
func pdfPages(ctx context.Context, work string, pdf []byte) string {
	path := filepath.Join(work, "long.pdf")
	if os.WriteFile(path, pdf, 0o644) != nil {
		return "?"
	}
	out, err := exec.CommandContext(ctx, "pdfinfo", path).Output()
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "Pages:" {
			return f[1]
		}
	}
	return "?"
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

