package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"

	"github.com/paprikahq/paprika/internal/render/pdf"
)

// The post-processing benchmarks finish a ten-page invoice printed once by
// Chromium, one step at a time, and report the cost per page:
//
//	go test ./internal/render -run '^$' -bench 'PDFPost' -benchtime 20x
//
// The merge benchmark merges 5,000 one-page invoices from files, as the
// api does, and reports the process's peak resident memory during the
// merge (VmHWM, reset before it starts) and its time:
//
//	go test ./internal/render -run '^$' -bench 'Merge5000' -benchtime 1x

func printedInvoice(b *testing.B, pages int) []byte {
	b.Helper()
	in := benchInvoice(b)
	if pages > 1 {
		// A page of an invoice's line items, pages times.
		var t strings.Builder
		for p := range pages {
			fmt.Fprintf(&t, `<section style="page-break-after:always"><h1>Invoice 42, page %d</h1><table>`, p+1)
			for l := range 30 {
				fmt.Fprintf(&t, `<tr><td>Item %d-%d</td><td>Consulting, on site</td><td style="text-align:right">%d.00 EUR</td></tr>`, p+1, l+1, 100+l)
			}
			t.WriteString(`</table></section>`)
		}
		in = Input{Template: t.String(), Options: Options{PageRanges: "1-" + strconv.Itoa(pages)}}
	}
	out, err := shared.Render(context.Background(), in)
	if err != nil {
		b.Fatal(err)
	}
	if out.Pages != pages {
		b.Fatalf("printed %d pages, want %d", out.Pages, pages)
	}
	return out.Body
}

func BenchmarkPDFPost(b *testing.B) {
	for _, pages := range []int{1, 10} {
		b.Run(strconv.Itoa(pages)+"page", func(b *testing.B) { benchmarkPDFPost(b, pages) })
	}
}

func benchmarkPDFPost(b *testing.B, pages int) {
	doc := printedInvoice(b, pages)
	for _, step := range []struct {
		name string
		opts string
	}{
		{"read+write", `{}`}, // the producer only: what every step costs at least
		{"metadata", `{"title":"Invoice 42","author":"Acme","subject":"Invoices","keywords":"invoice"}`},
		{"watermark", `{"watermark":{"text":"CONFIDENTIAL"}}`},
		{"encrypt", `{"password":{"user":"u","owner":"o"},"permissions":["print"]}`},
		{"all", `{"title":"Invoice 42","watermark":{"text":"CONFIDENTIAL"},"password":{"user":"u","owner":"o"},"permissions":["print"]}`},
	} {
		b.Run(step.name, func(b *testing.B) {
			o := pdfOptionsB(b, step.opts)
			cpu := cpuTime(b)
			for b.Loop() {
				if _, n, err := pdf.Apply(doc, o); err != nil || n != pages {
					b.Fatal(n, err)
				}
			}
			// CPU time as well as wall time: on a shared machine the
			// wall clock mostly measures the neighbours.
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pages)/1e6, "ms/page")
			b.ReportMetric(float64((cpuTime(b)-cpu).Nanoseconds())/float64(b.N)/float64(pages)/1e6, "cpu-ms/page")
		})
	}
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func pdfOptionsB(b *testing.B, js string) *pdf.Options {
	var o pdf.Options
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		b.Fatal(err)
	}
	return &o
}

func BenchmarkMerge5000(b *testing.B) {
	const n = 5000
	doc := printedInvoice(b, 1)
	dir := b.TempDir()
	docs := make([]pdf.Doc, n)
	for i := range docs {
		docs[i] = pdf.Doc{Index: i + 1, Title: "Record " + strconv.Itoa(i+1)}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%06d.pdf", i+1)), doc, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	open := func(_ context.Context, i int) (io.ReadCloser, error) {
		return os.Open(filepath.Join(dir, fmt.Sprintf("%06d.pdf", i)))
	}
	b.Run("paprika", func(b *testing.B) {
		for b.Loop() {
			out, err := os.Create(filepath.Join(b.TempDir(), "merged.pdf"))
			if err != nil {
				b.Fatal(err)
			}
			resetPeakRSS(b)
			start := time.Now()
			pages, err := pdf.Merge(context.Background(), out, docs, open, nil)
			if err != nil || pages != n {
				b.Fatal(pages, err)
			}
			b.ReportMetric(time.Since(start).Seconds(), "s/merge")
			b.ReportMetric(float64(peakRSS(b))/(1<<20), "peakRSS-MiB")
			info, _ := out.Stat()
			b.ReportMetric(float64(info.Size())/(1<<20), "output-MiB")
			out.Close()
		}
	})
	// pdfcpu's own merge, for comparison: it holds every document.
	b.Run("pdfcpu-MergeRaw", func(b *testing.B) {
		for b.Loop() {
			resetPeakRSS(b)
			start := time.Now()
			rs := make([]io.ReadSeeker, n)
			for i := range rs {
				rs[i] = bytes.NewReader(doc)
			}
			if err := api.MergeRaw(rs, io.Discard, false, nil); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(time.Since(start).Seconds(), "s/merge")
			b.ReportMetric(float64(peakRSS(b))/(1<<20), "peakRSS-MiB")
		}
	})
}

// resetPeakRSS resets the process's VmHWM (Linux: clear_refs 5).
func resetPeakRSS(b *testing.B) {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0o200); err != nil {
		b.Fatal("reset peak RSS: ", err)
	}
}

// peakRSS is the process's VmHWM in bytes.
func peakRSS(b *testing.B) int64 {
	s, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.SplitSeq(string(s), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}
