package render

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// outlineItem is one bookmark of qpdf's JSON view, with its children.
type outlineItem struct {
	Title string        `json:"title"`
	Page  int           `json:"destpageposfrom1"`
	Kids  []outlineItem `json:"kids"`
}

// flatOutline writes the tree as "depth title page" lines, in order.
func flatOutline(items []outlineItem, depth int, out *[]string) {
	for _, it := range items {
		*out = append(*out, strings.Repeat("  ", depth)+it.Title+" @"+strconv.Itoa(it.Page))
		flatOutline(it.Kids, depth+1, out)
	}
}

// outline: true gives bookmarks from the headings, nested by level, each
// on its heading's page, through options.pdf's post-processing (here with
// a password, so the document is decrypted, read and written by pdfcpu).
func TestOutlineFromHeadings(t *testing.T) {
	t.Parallel()
	tpl := `<style>.new{page-break-before:always}</style>
<h1>Invoice 42</h1><p>intro</p>
<h2>Lines</h2><p>lines</p>
<h3>Hours</h3><p>hours</p>
<h3>Travel &amp; Müller</h3><p>travel</p>
<h2 class="new">Terms</h2><p>terms</p>
<h4>Deep, skipping h3</h4>
<h1 class="new">Appendix</h1>
<h2>{{note}}</h2>`
	o := pdfOptions(t, `{"outline":true,"title":"Outlined","password":{"user":"pw"}}`)
	out := render(t, shared, Input{Template: tpl, Data: []byte(`{"note":"Notes <1>"}`), Options: Options{PDF: o}})
	require.Equal(t, 3, out.Pages)
	qpdf(t, out.Body, "--password=pw", "--check")
	var j struct {
		Outlines []outlineItem `json:"outlines"`
	}
	require.NoError(t, json.Unmarshal(qpdf(t, out.Body, "--password=pw", "--json", "--json-key=outlines"), &j))
	var got []string
	flatOutline(j.Outlines, 0, &got)
	require.Equal(t, []string{
		"Invoice 42 @1",
		"  Lines @1",
		"    Hours @1",
		"    Travel & Müller @1",
		"  Terms @2",
		"    Deep, skipping h3 @2", // one level under Terms: Chromium skips no level
		"Appendix @3",
		"  Notes <1> @3",
	}, got)

	// Without the option there are none.
	plain := render(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"title":"Plain"}`)}})
	j.Outlines = nil
	require.NoError(t, json.Unmarshal(qpdf(t, plain.Body, "--json", "--json-key=outlines"), &j))
	require.Empty(t, j.Outlines)
}
