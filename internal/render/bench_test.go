package render

import (
	"context"
	"os"
	"testing"
)

// The benchmarks render on the shared engine (two slots). bench/render
// compares the engine with bare chromedp loops; see docs/performance.md.
//
//	go test ./internal/render -run '^$' -bench . -benchtime 50x

func benchmarkRender(b *testing.B, in Input) {
	ctx := context.Background()
	if _, err := shared.Render(ctx, in); err != nil { // warm: start Chromium
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := shared.Render(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

func benchInvoice(b *testing.B) Input {
	src, err := os.ReadFile("testdata/invoice.hbs")
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile("testdata/invoice.json")
	if err != nil {
		b.Fatal(err)
	}
	return Input{Template: string(src), Data: data}
}

func BenchmarkRenderPDF(b *testing.B) {
	benchmarkRender(b, benchInvoice(b))
}

// A page with a script costs a navigation to a fresh origin afterwards.
func BenchmarkRenderPDFWithScript(b *testing.B) {
	in := benchInvoice(b)
	in.Template += `<script>document.title = "scripted"</script>`
	benchmarkRender(b, in)
}

func BenchmarkRenderPNG(b *testing.B) {
	in := benchInvoice(b)
	in.Format, in.Options.Width = FormatPNG, 800
	benchmarkRender(b, in)
}

func BenchmarkRenderHTML(b *testing.B) {
	in := benchInvoice(b)
	in.Format = FormatHTML
	benchmarkRender(b, in)
}

// Two callers at once, one per slot.
func BenchmarkRenderPDFParallel(b *testing.B) {
	in := benchInvoice(b)
	ctx := context.Background()
	if _, err := shared.Render(ctx, in); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.SetParallelism(1) // GOMAXPROCS goroutines: 2 here, as many as slots
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := shared.Render(ctx, in); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
