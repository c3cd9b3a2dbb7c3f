package render

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A PDF says Paprika as its Creator and Producer, never Chromium's user
// agent or Skia, and its Title is the page's <title> or absent — never the
// invisible title a page without one is given — with options.pdf and
// without (docs/rendering.md, Document information). qpdf checks that the
// rewritten cross-reference table of the plain document is exact.
func TestDocumentInformation(t *testing.T) {
	t.Parallel()
	titled := `<!DOCTYPE html><html><head><title>Rechnung Nº 7 — Müller</title></head><body><p>x</p></body></html>`
	untitled := `<!DOCTYPE html><html><body><p>x</p></body></html>`
	for _, c := range []struct {
		name     string
		template string
		options  Options
		title    string // "" = none
	}{
		{"plain, titled", titled, Options{}, "Rechnung Nº 7 — Müller"},
		{"plain, untitled", untitled, Options{}, ""},
		{"options.pdf, titled", titled, Options{PDF: pdfOptions(t, `{"author": "Ada"}`)}, "Rechnung Nº 7 — Müller"},
		{"options.pdf, untitled", untitled, Options{PDF: pdfOptions(t, `{"author": "Ada"}`)}, ""},
		{"options.pdf.title wins", titled, Options{PDF: pdfOptions(t, `{"title": "Given"}`)}, "Given"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := render(t, shared, Input{Template: c.template, Options: c.options})
			info := pdfInfo(t, out.Body)
			require.Regexp(t, `(?m)^Creator:\s+Paprika$`, info)
			require.Regexp(t, `(?m)^Producer:\s+Paprika$`, info)
			require.NotContains(t, info, "HeadlessChrome")
			require.Regexp(t, `(?m)^CreationDate:\s+\S`, info)
			if c.options.PDF == nil {
				// Rewritten in place (pdf.Stamp), not through pdfcpu,
				// which would have marked it PDF 2.0.
				require.Regexp(t, `(?m)^PDF version:\s+1\.4$`, info)
			}
			if c.title == "" {
				require.NotRegexp(t, `(?m)^Title:`, info)
			} else {
				require.Regexp(t, `(?m)^Title:\s+`+c.title+`$`, info)
			}
			// qpdf exits non-zero on errors and 3 on warnings, such as
			// an offset that is off.
			check := qpdf(t, out.Body, "--check")
			require.Contains(t, string(check), "No syntax or stream encoding errors")
		})
	}
}
