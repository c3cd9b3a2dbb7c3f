package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/render/chromium"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// parts prints a kind's document of pages pages as documents of per pages
// each, one after the other on one tab of a browser of its own, each
// streamed into a file, then joins them with pdf.Merge: what a print in
// parts costs (page numbers restart in each part; see README.md for what
// continuous numbering needs). It answers what memory a print in parts
// holds, against the same pages printed whole.
func parts(path, kind string, pages, per int, css string, timeout time.Duration, untagged bool) result {
	actx, acancel := chromedp.NewExecAllocator(context.Background(), benchkit.BareChromium(path)...)
	defer acancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil {
		log.Fatal(err)
	}
	ctx, tcancel := context.WithTimeout(bctx, timeout)
	defer tcancel()
	dir, err := os.MkdirTemp("", "longdoc-parts-")
	if err != nil {
		log.Fatal(err)
	}
	if os.Getenv("LONGDOC_KEEP") == "" {
		defer os.RemoveAll(dir)
	} else {
		log.Printf("parts in %s", dir)
	}
	runtime.GC()
	stop := watchMemory(100 * time.Millisecond)
	start := time.Now()
	var docs []pdf.Doc
	err = func() error {
		for i := 0; i*per < pages; i++ {
			tpl, data, err := document(kind, min(per, pages-i*per), i*per)
			if err != nil {
				return err
			}
			html, err := expand(withCSS(tpl, css), data)
			if err != nil {
				return err
			}
			f, err := os.Create(fmt.Sprintf("%s/%d.pdf", dir, i))
			if err != nil {
				return err
			}
			err = printStream(ctx, html, f, untagged)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			docs = append(docs, pdf.Doc{Index: i, Title: fmt.Sprintf("part %d", i+1)})
		}
		return nil
	}()
	r := result{err: err}
	if err == nil {
		out, ferr := os.Create(dir + "/all.pdf")
		if ferr != nil {
			log.Fatal(ferr)
		}
		r.pages, r.err = pdf.Merge(context.Background(), out, docs, func(_ context.Context, i int) (io.ReadCloser, error) {
			return os.Open(fmt.Sprintf("%s/%d.pdf", dir, i))
		}, nil)
		if st, err := out.Stat(); err == nil {
			r.bytes = int(st.Size())
		}
		out.Close()
	}
	r.elapsed = time.Since(start)
	r.peaks = stop()
	return r
}

// printStream sets html into ctx's tab, waits for it and prints it into w
// as a stream, as Paprika does.
func printStream(ctx context.Context, html string, w io.Writer, untagged bool) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if err := load(ctx, html); err != nil {
			return err
		}
		p := printParams(untagged)
		p.TransferMode = page.PrintToPDFTransferModeReturnAsStream
		res, err := chromedp.Call(ctx, page.PrintToPDF, p)
		if err != nil {
			return err
		}
		_, err = chromium.CopyStream(ctx, t, res.Stream, w)
		return err
	}))
}
