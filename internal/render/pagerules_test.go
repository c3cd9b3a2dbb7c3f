package render

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The page rules example of docs/rendering.md: its running header and the
// margins, in points, of its right (odd) and left (even) pages.
const (
	pageRulesHeader = "Fabrikam Ltd · Annual report 2026"
	pageRulesPages  = 5
	mm              = 72 / 25.4
	rightPageLeft   = 30 * mm
	leftPageLeft    = 15 * mm
)

// TestPageRulesDocExample renders the page rules example of
// docs/rendering.md as it is written there and checks each page against the
// table that follows it: no running header on the cover, the header on every
// other page, "Page X of Y" on every page, and mirrored margins.
func TestPageRulesDocExample(t *testing.T) {
	t.Parallel()
	tpl, data := pageRulesExample(t)
	out := render(t, shared, Input{Template: tpl, Data: []byte(data)})
	require.Equal(t, pageRulesPages, out.Pages)
	require.Regexp(t, fmt.Sprintf(`(?m)^Pages:\s+%d$`, pageRulesPages), pdfInfo(t, out.Body))
	for n := 1; n <= pageRulesPages; n++ {
		text := pageText(t, out.Body, n)
		require.Contains(t, text, fmt.Sprintf("Page %d of %d", n, pageRulesPages), "page %d", n)
		if n == 1 {
			require.NotContains(t, text, pageRulesHeader, "the cover has no running header")
			require.Contains(t, text, "Annual report 2026 Fabrikam Ltd", "the cover")
		} else {
			require.Contains(t, text, pageRulesHeader, "page %d", n)
		}
		want := rightPageLeft
		if n%2 == 0 {
			want = leftPageLeft
		}
		require.InDelta(t, want, textLeft(t, out.Body, n), 1, "page %d's text starts %.0fmm from the left", n, want/mm)
	}
}

// TestPageRulesWithOptions holds what docs/rendering.md says page rules do
// with the options and what Chromium does not do with them.
func TestPageRulesWithOptions(t *testing.T) {
	t.Parallel()
	tpl, data := pageRulesExample(t)
	footer := `<div style="font-size:9px;width:100%;text-align:center">Footer <span class="pageNumber"></span>/<span class="totalPages"></span></div>`

	t.Run("headerTemplate and footerTemplate print with the margin boxes", func(t *testing.T) {
		t.Parallel()
		o := Options{HeaderTemplate: `<div style="font-size:9px;width:100%;text-align:center">Given header</div>`, FooterTemplate: footer}
		out := render(t, shared, Input{Template: tpl, Data: []byte(data), Options: o})
		for n := 1; n <= pageRulesPages; n++ {
			text := pageText(t, out.Body, n)
			require.Contains(t, text, "Given header", "page %d", n)
			require.Contains(t, text, fmt.Sprintf("Footer %d/%d", n, pageRulesPages), "page %d", n)
			require.Contains(t, text, fmt.Sprintf("Page %d of %d", n, pageRulesPages), "page %d", n)
			require.Equal(t, n > 1, strings.Contains(text, pageRulesHeader), "page %d", n)
		}

		// At the default 1cm margin a @top-center box and a header
		// template print over each other, both in the top centimetre.
		out = render(t, shared, Input{Template: `<style>@page { @top-center { content: "Box"; font: 9pt sans-serif; } }</style><p>x</p>`,
			Options: Options{HeaderTemplate: `<div style="font-size:9px;width:100%;text-align:center">Given</div>`}})
		box, given := findWord(t, out.Body, 1, "Box"), findWord(t, out.Body, 1, "Given")
		require.Less(t, box.yMax, 10*mm)
		require.Less(t, given.yMax, 10*mm)
		require.True(t, box.yMin < given.yMax && given.yMin < box.yMax, "they overlap: %+v %+v", box, given)
	})

	t.Run("the page rules' margins win side by side over the margin option", func(t *testing.T) {
		t.Parallel()
		o := Options{Margin: &Margin{Top: "50mm", Right: "50mm", Bottom: "50mm", Left: "50mm"}}
		out := render(t, shared, Input{Template: tpl, Data: []byte(data), Options: o})
		require.Equal(t, pageRulesPages, out.Pages)
		require.InDelta(t, rightPageLeft, textLeft(t, out.Body, 1), 1)
		require.InDelta(t, leftPageLeft, textLeft(t, out.Body, 2), 1)

		// A side the rules leave unset takes the option's.
		out = render(t, shared, Input{Template: `<style>@page { margin-left: 30mm; } body { margin: 0; }</style><p>Body</p>`,
			Options: Options{Margin: &Margin{Top: "50mm", Left: "5mm"}}})
		body := findWord(t, out.Body, 1, "Body")
		require.InDelta(t, 30*mm, body.xMin, 1)
		require.InDelta(t, 50*mm, body.yMin, 6) // the line's half-leading above the glyphs
	})

	t.Run("pageRanges keeps the whole document's numbers and sides", func(t *testing.T) {
		t.Parallel()
		out := render(t, shared, Input{Template: tpl, Data: []byte(data), Options: Options{PageRanges: "2-3", FooterTemplate: footer}})
		require.Equal(t, 2, out.Pages)
		for i, n := range []int{2, 3} {
			text := pageText(t, out.Body, i+1)
			require.Contains(t, text, fmt.Sprintf("Page %d of %d", n, pageRulesPages))
			require.Contains(t, text, fmt.Sprintf("Footer %d/%d", n, pageRulesPages))
			require.Contains(t, text, pageRulesHeader)
		}
		require.InDelta(t, leftPageLeft, textLeft(t, out.Body, 1), 1, "page 2 is a left page")
		require.InDelta(t, rightPageLeft, textLeft(t, out.Body, 2), 1)
	})

	t.Run("counter(pages) at length, and counter styles", func(t *testing.T) {
		t.Parallel()
		tpl := `<style>@page { @bottom-right { content: counter(page) " / " counter(pages); }
			@bottom-left { content: counter(page, upper-roman); } } p { break-after: page; }</style>` + strings.Repeat("<p>x</p>", 300)
		out := render(t, shared, Input{Template: tpl})
		require.Equal(t, 300, out.Pages)
		require.Contains(t, pageText(t, out.Body, 300), "CCC 300 / 300")
	})

	t.Run("no string-set nor running elements", func(t *testing.T) {
		t.Parallel()
		tpl := `<style>@page { @top-center { content: string(chapter); } @top-left { content: element(banner); } }
			h2 { string-set: chapter content(); break-before: page; } .banner { position: running(banner); }</style>
			<div class="banner">Banner</div><h2>Alpha</h2><h2>Beta</h2>`
		out := render(t, shared, Input{Template: tpl})
		require.Equal(t, 3, out.Pages)
		require.Equal(t, "Banner", pageText(t, out.Body, 1), "the running element stays in the flow")
		require.Equal(t, "Alpha", pageText(t, out.Body, 2), "no header from string-set")
		require.Equal(t, "Beta", pageText(t, out.Body, 3))
	})

	t.Run("a value in a content string prints escaped", func(t *testing.T) {
		t.Parallel()
		var d map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &d))
		d["company"] = "R&D"
		b, err := json.Marshal(d)
		require.NoError(t, err)
		out := render(t, shared, Input{Template: tpl, Data: b, Options: Options{PageRanges: "2"}})
		require.Contains(t, pageText(t, out.Body, 1), "R&amp;D · Annual report 2026")
	})

	t.Run("@page size does not change the paper", func(t *testing.T) {
		t.Parallel()
		out := render(t, shared, Input{Template: `<style>@page { size: A5; margin: 0; } body { margin: 0; }</style><p>Body</p>`})
		require.Regexp(t, `(?m)^Page size:\s+595\.92 x 841\.92 pts \(A4\)$`, pdfInfo(t, out.Body))
		// An A5 page centred on the A4 paper: (210mm-148mm)/2 from its edge.
		require.InDelta(t, 31*mm, findWord(t, out.Body, 1, "Body").xMin, 1)

		// An A3 page shrunk onto it: its right edge is the paper's.
		out = render(t, shared, Input{Template: `<style>@page { size: A3; margin: 0; } body { margin: 0; }</style><p style="text-align: right">End</p>`})
		require.Regexp(t, `(?m)^Page size:\s+595\.92 x 841\.92 pts \(A4\)$`, pdfInfo(t, out.Body))
		require.InDelta(t, 210*mm, findWord(t, out.Body, 1, "End").xMax, 1)
	})

	t.Run("every margin box prints", func(t *testing.T) {
		t.Parallel()
		boxes := []string{"top-left-corner", "top-left", "top-center", "top-right", "top-right-corner",
			"right-top", "right-middle", "right-bottom", "bottom-right-corner", "bottom-right", "bottom-center",
			"bottom-left", "bottom-left-corner", "left-bottom", "left-middle", "left-top"}
		var css strings.Builder
		for _, b := range boxes {
			fmt.Fprintf(&css, "@%s { content: \"[%s]\"; font: 6pt sans-serif; }\n", b, b)
		}
		out := render(t, shared, Input{Template: "<style>@page { margin: 25mm; " + css.String() + "}</style><p>x</p>"})
		text := pageText(t, out.Body, 1) // neighbouring boxes may read as one word
		for _, b := range boxes {
			require.Contains(t, text, "["+b+"]")
		}
	})
}

// pageRulesExample is the template and the data of the page rules example
// of docs/rendering.md: the first html and json blocks of its section.
func pageRulesExample(t *testing.T) (tpl, data string) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rendering.md"))
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(doc), "\n### Page rules: first, left and right pages, page X of Y\n")
	require.True(t, ok, "docs/rendering.md has the page rules section")
	if end := regexp.MustCompile(`\n#{1,3} `).FindStringIndex(section); end != nil {
		section = section[:end[0]]
	}
	block := func(lang string) string {
		_, rest, ok := strings.Cut(section, "\n```"+lang+"\n")
		require.True(t, ok, "the page rules section has a %s block", lang)
		body, _, ok := strings.Cut(rest, "\n```\n")
		require.True(t, ok)
		return body + "\n"
	}
	return block("html"), block("json")
}

// pageText is the text of page n of a pdf, its words separated by one space.
func pageText(t *testing.T, pdf []byte, n int) string {
	t.Helper()
	p := strconv.Itoa(n)
	return strings.Join(strings.Fields(poppler(t, "pdftotext", pdf, "-f", p, "-l", p)), " ")
}

// word is a word of a pdf page and its box, in points from the top left.
type word struct {
	text                   string
	xMin, yMin, xMax, yMax float64
}

var bboxWord = regexp.MustCompile(`<word xMin="([-0-9.]+)" yMin="([-0-9.]+)" xMax="([-0-9.]+)" yMax="([-0-9.]+)">([^<]*)</word>`)

// pageWords are the words of page n of a pdf, from pdftotext -bbox.
func pageWords(t *testing.T, pdf []byte, n int) []word {
	t.Helper()
	p := strconv.Itoa(n)
	var words []word
	for _, m := range bboxWord.FindAllStringSubmatch(poppler(t, "pdftotext", pdf, "-bbox", "-f", p, "-l", p), -1) {
		w := word{text: m[5]}
		for i, f := range []*float64{&w.xMin, &w.yMin, &w.xMax, &w.yMax} {
			v, err := strconv.ParseFloat(m[i+1], 64)
			require.NoError(t, err)
			*f = v
		}
		words = append(words, w)
	}
	require.NotEmpty(t, words, "page %d has words", n)
	return words
}

// findWord is the first word text of page n of a pdf.
func findWord(t *testing.T, pdf []byte, n int, text string) word {
	t.Helper()
	for _, w := range pageWords(t, pdf, n) {
		if w.text == text {
			return w
		}
	}
	require.Failf(t, "no such word", "page %d has no %q", n, text)
	return word{}
}

// textLeft is where the leftmost word of page n of a pdf starts, in points
// from the left edge: its left margin when the text is not indented.
func textLeft(t *testing.T, pdf []byte, n int) float64 {
	t.Helper()
	words := pageWords(t, pdf, n)
	left := words[0].xMin
	for _, w := range words[1:] {
		left = min(left, w.xMin)
	}
	return left
}
