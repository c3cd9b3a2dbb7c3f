package render

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
	"github.com/paprikahq/paprika/internal/testkit"
	"github.com/stretchr/testify/require"
)

// pdfText extracts the text of a PDF with pdftotext (poppler-utils).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	return poppler(t, "pdftotext", pdf, "-layout")
}

// pdfInfo is pdfinfo's report on a PDF: pages, page size.
func pdfInfo(t *testing.T, pdf []byte) string {
	t.Helper()
	return poppler(t, "pdfinfo", pdf)
}

func poppler(t *testing.T, tool string, pdf []byte, args ...string) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	args = append(args, in)
	if tool == "pdftotext" {
		args = append(args, "-")
	}
	out, err := exec.Command(tool, args...).CombinedOutput()
	require.NoError(t, err, "%s (poppler-utils): %s", tool, out)
	return string(out)
}

func testdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

// render renders on e and requires success.
func render(t *testing.T, e *Engine, in Input) *Output {
	t.Helper()
	out, err := renderErr(t, e, in)
	require.NoError(t, err)
	return out
}

func renderErr(t *testing.T, e *Engine, in Input) (*Output, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return e.Render(ctx, in)
}

func requireCode(t *testing.T, err error, code string) *paprika.Error {
	t.Helper()
	var re *paprika.Error
	require.ErrorAs(t, err, &re)
	require.Equal(t, code, re.Code, "%v", err)
	return re
}

func TestInvoicePDF(t *testing.T) {
	t.Parallel()
	out := render(t, shared, Input{Template: testdata(t, "invoice.hbs"), Data: []byte(testdata(t, "invoice.json"))})
	require.Equal(t, "application/pdf", out.ContentType)
	require.Equal(t, 1, out.Pages)
	text := pdfText(t, out.Body)
	require.Contains(t, text, "Ada Lovelace Ltd.")
	require.Contains(t, text, "<script>alert(1)</script> & <b>bold</b>", "escaped HTML shows as text")
	require.Contains(t, text, "€2,537.71", "the computed total")
	require.Contains(t, text, "€422.95")
	require.Contains(t, text, "30 November 2026")
	require.Contains(t, text, "Thank you for your large order.")
}

const twoPages = `<html><head><title>Two pages</title></head><body>
<h1>First page</h1><div style="break-after: page"></div>
<h1>Second page</h1></body></html>`

func TestPagesHeaderAndFooter(t *testing.T) {
	t.Parallel()
	out := render(t, shared, Input{Template: twoPages, Options: Options{
		Margin:         &Margin{Top: "25mm", Bottom: "25mm"},
		HeaderTemplate: `<div style="font-size:10px;width:100%;text-align:center">Header of <span class="title"></span></div>`,
		FooterTemplate: `<div style="font-size:10px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
	}})
	require.Equal(t, 2, out.Pages)
	require.Contains(t, pdfInfo(t, out.Body), "Pages:           2")
	text := pdfText(t, out.Body)
	require.Contains(t, text, "Page 1 of 2")
	require.Contains(t, text, "Page 2 of 2")
	require.Contains(t, text, "Header of Two pages")
	require.Contains(t, text, "Second page")

	out = render(t, shared, Input{Template: twoPages, Options: Options{PageRanges: "2"}})
	require.Equal(t, 1, out.Pages)
	require.NotContains(t, pdfText(t, out.Body), "First page")

	_, err := renderErr(t, shared, Input{Template: twoPages, Options: Options{PageRanges: "5-6"}})
	requireCode(t, err, paprika.CodeTemplateError)
}

func TestPaperSizes(t *testing.T) {
	t.Parallel()
	const mm = 72 / 25.4 // points
	cases := []struct {
		options string
		w, h    float64 // points
	}{
		{`{}`, 210 * mm, 297 * mm},
		{`{"paper":"A4"}`, 210 * mm, 297 * mm},
		{`{"paper":"letter","landscape":true}`, 792, 612},
		{`{"paper":"Legal"}`, 612, 1008},
		{`{"paper":"A3"}`, 297 * mm, 420 * mm},
		{`{"paper":"A5","landscape":true}`, 210 * mm, 148 * mm},
		{`{"paper":{"width":"100mm","height":"6in"}}`, 100 * mm, 432},
	}
	sizeRE := regexp.MustCompile(`Page size:\s+([\d.]+) x ([\d.]+) pts`)
	for _, c := range cases {
		var o Options
		require.NoError(t, o.unmarshal(t, c.options))
		out := render(t, shared, Input{Template: "<p>size</p>", Options: o})
		m := sizeRE.FindStringSubmatch(pdfInfo(t, out.Body))
		require.NotNil(t, m, c.options)
		w, _ := strconv.ParseFloat(m[1], 64)
		h, _ := strconv.ParseFloat(m[2], 64)
		require.InDelta(t, c.w, w, 1.5, c.options)
		require.InDelta(t, c.h, h, 1.5, c.options)
	}
}

func TestPNGWidth(t *testing.T) {
	t.Parallel()
	src := `<body style="margin:0"><div style="background:#ff0000;width:100%;height:1500px">{{title}}</div></body>`
	out := render(t, shared, Input{Template: src, Format: FormatPNG, Data: []byte(`{"title":"tall"}`), Options: Options{Width: 600}})
	require.Equal(t, "image/png", out.ContentType)
	img, err := png.Decode(bytes.NewReader(out.Body))
	require.NoError(t, err)
	require.Equal(t, 600, img.Bounds().Dx())
	require.GreaterOrEqual(t, img.Bounds().Dy(), 1500, "full page, not the viewport")
	r, g, b, _ := img.At(300, 700).RGBA()
	require.Equal(t, [3]uint32{0xffff, 0, 0}, [3]uint32{r, g, b})

	// The next png on that tab gets its own width, and a PDF none of it.
	out = render(t, shared, Input{Template: src, Format: FormatPNG, Data: []byte(`{}`)})
	img, err = png.Decode(bytes.NewReader(out.Body))
	require.NoError(t, err)
	require.Equal(t, DefaultWidth, img.Bounds().Dx())
}

func TestScriptsRunAndWaitFor(t *testing.T) {
	t.Parallel()
	src := `<p id="out">waiting</p><script>
setTimeout(() => { document.getElementById('out').textContent = 'chart drawn for ' + {{{json name}}}; window.chartReady = true }, 300)
</script>`
	out := render(t, shared, Input{Template: src, Data: []byte(`{"name":"Ada"}`), Options: Options{WaitFor: "window.chartReady === true"}})
	require.Contains(t, pdfText(t, out.Body), "chart drawn for Ada")

	_, err := renderErr(t, shared, Input{Template: src, Options: Options{WaitFor: "window.("}})
	re := requireCode(t, err, paprika.CodeTemplateError)
	require.Contains(t, re.Message, "waitFor")
}

func TestHTMLFormatNeedsNoBrowser(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: "/nonexistent/chromium"})
	defer e.Close()
	out := render(t, e, Input{Template: "<p>{{x}}</p>", Data: []byte(`{"x":"<&>"}`), Format: FormatHTML})
	require.Equal(t, "text/html; charset=utf-8", out.ContentType)
	require.Equal(t, "<p>&lt;&amp;&gt;</p>", string(out.Body))
	require.Equal(t, 1, out.Pages)

	_, err := renderErr(t, e, Input{Template: "<p>x</p>"})
	re := requireCode(t, err, paprika.CodeRenderFailed)
	require.Contains(t, re.Message, "install it with: sudo apt-get install -y chromium")
}

func TestRenderTemplateErrors(t *testing.T) {
	t.Parallel()
	_, err := renderErr(t, shared, Input{Template: "<p>\n{{#each x}}\n</p>"})
	re := requireCode(t, err, paprika.CodeTemplateError)
	require.Regexp(t, regexp.MustCompile(`^line \d+: `), re.Message)

	_, err = renderErr(t, shared, Input{Template: "<p>\n{{formatCurrency total \"EUR\"}}</p>", Data: []byte(`{"total":"n/a"}`)})
	re = requireCode(t, err, paprika.CodeTemplateError)
	require.Equal(t, `line 2: formatCurrency: "n/a" is not a number`, re.Message)

	_, err = renderErr(t, shared, Input{Template: "x", Format: "gif"})
	requireCode(t, err, paprika.CodeTemplateError)
}

func TestContextCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := shared.Render(ctx, Input{Template: "<p>slow</p>", Options: Options{WaitFor: "false"}})
	require.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
	render(t, shared, Input{Template: "<p>after</p>"})
}

func TestReady(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, shared.Ready(ctx))

	e := New(Config{Chromium: "/nonexistent/chromium"})
	defer e.Close()
	err := e.Ready(ctx)
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "install it with"), "%v", err)
}

// A png's area is bounded, not only its height: a page of noise 8,192 px
// wide and 6,000 high (a 145 MB PNG before, which took the process 1.1 GiB
// while it was answered) is cut at 2,048 px, 16,777,216 pixels.
func TestPNGAreaIsBounded(t *testing.T) {
	t.Parallel()
	src := testkit.NoiseCanvas(1024, 750)
	out := render(t, shared, Input{Template: src, Format: FormatPNG, Options: Options{Width: 8192, WaitFor: "window.drawn"}})
	cfg, err := png.DecodeConfig(bytes.NewReader(out.Body))
	require.NoError(t, err)
	require.Equal(t, 8192, cfg.Width)
	require.Equal(t, 2048, cfg.Height, "cut at the area's bound, not at 6,000 px")
	require.LessOrEqual(t, len(out.Body), 4*chromium.MaxScreenshotPixels)
}
