package console

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// studioOptions are the options the playground edits beside the template
// (paper, orientation, margins, header and footer, the PDF's title), over
// the template's own options (Base), so that an option the studio does not
// show (set through the API) survives a save from the studio.
type studioOptions struct {
	Base         string `json:"base"`  // the template's options, as JSON
	Paper        string `json:"paper"` // "" (A4), a name, or "custom" (Base's size)
	Orientation  string `json:"orientation"`
	MarginTop    string `json:"marginTop"`
	MarginRight  string `json:"marginRight"`
	MarginBottom string `json:"marginBottom"`
	MarginLeft   string `json:"marginLeft"`
	Header       string `json:"header"`
	Footer       string `json:"footer"`
	PDFTitle     string `json:"pdfTitle"`
	// Standards are the ticked boxes of options.pdf.standards.
	Standards []string `json:"standards"`
}

// standardChoices are the standards the studio offers a box for, with the
// id of each box.
var standardChoices = []struct{ ID, Name string }{
	{"opt-std-pdfa2b", pdf.PDFA2B}, {"opt-std-pdfa3b", pdf.PDFA3B}, {"opt-std-pdfua1", pdf.PDFUA1},
}

// standardBox is one standard's checkbox as the page shows it.
type standardBox struct {
	ID, Name string
	Checked  bool
	Archival bool // PDF/A: one of them at most
}

// StandardBoxes are the standards' checkboxes, ticked as s has them.
func (s studioOptions) StandardBoxes() []standardBox {
	var out []standardBox
	for _, c := range standardChoices {
		out = append(out, standardBox{ID: c.ID, Name: c.Name, Checked: slices.Contains(s.Standards, c.Name),
			Archival: c.Name != pdf.PDFUA1})
	}
	return out
}

// standards are the ticked standards the studio knows, in its order:
// anything else a form posts is dropped.
func (s studioOptions) standards() []string {
	var out []string
	for _, c := range standardChoices {
		if slices.Contains(s.Standards, c.Name) {
			out = append(out, c.Name)
		}
	}
	return out
}

// paperNames are the sizes the studio offers.
var paperNames = []string{"A4", "Letter", "Legal", "A3", "A5"}

// studioFromOptions shows a template's options in the studio's fields.
func studioFromOptions(raw json.RawMessage) studioOptions {
	var o render.Options
	_ = json.Unmarshal(raw, &o) // the API's own answer; nothing to show if not
	s := studioOptions{Base: compactJSON(raw), Orientation: "portrait", Header: o.HeaderTemplate, Footer: o.FooterTemplate}
	if s.Base == "" {
		s.Base = "{}"
	}
	switch {
	case o.Paper == nil:
	case o.Paper.Name != "":
		s.Paper = o.Paper.Name
	default:
		s.Paper = "custom"
	}
	if o.Landscape {
		s.Orientation = "landscape"
	}
	if m := o.Margin; m != nil {
		s.MarginTop, s.MarginRight, s.MarginBottom, s.MarginLeft = m.Top, m.Right, m.Bottom, m.Left
	}
	if o.PDF != nil {
		s.PDFTitle = o.PDF.Title
		s.Standards = o.PDF.Standards
	}
	return s
}

// studioFromForm reads the studio's fields of a posted form.
func studioFromForm(r *http.Request) studioOptions {
	s := studioOptions{Base: r.PostFormValue("options-base"), Paper: r.PostFormValue("opt-paper"),
		Orientation: r.PostFormValue("opt-orientation"),
		MarginTop:   r.PostFormValue("opt-margin-top"), MarginRight: r.PostFormValue("opt-margin-right"),
		MarginBottom: r.PostFormValue("opt-margin-bottom"), MarginLeft: r.PostFormValue("opt-margin-left"),
		Header: formText(r, "opt-header"), Footer: formText(r, "opt-footer"), PDFTitle: r.PostFormValue("opt-pdf-title")}
	s.Standards = r.PostForm["opt-standard"] // parsed by PostFormValue
	return s
}

// options are the template's options with the studio's fields over them,
// for format ("" when storing: every field kept). png and html leave pdf
// out, which the API refuses for them.
func (s studioOptions) options(format string) render.Options {
	var o render.Options
	if base := strings.TrimSpace(s.Base); base != "" {
		_ = json.Unmarshal([]byte(base), &o) // the page's own copy of the API's options
	}
	switch s.Paper {
	case "custom":
		// the base's size, which the studio shows but does not edit
	case "":
		o.Paper = nil
	default:
		o.Paper = &render.Paper{Name: s.Paper}
	}
	o.Landscape = s.Orientation == "landscape"
	m := render.Margin{Top: strings.TrimSpace(s.MarginTop), Right: strings.TrimSpace(s.MarginRight),
		Bottom: strings.TrimSpace(s.MarginBottom), Left: strings.TrimSpace(s.MarginLeft)}
	o.Margin = nil
	if m != (render.Margin{}) {
		o.Margin = &m
	}
	o.HeaderTemplate, o.FooterTemplate = s.Header, s.Footer
	title := strings.TrimSpace(s.PDFTitle)
	standards := s.standards()
	if o.PDF == nil && (title != "" || len(standards) > 0) {
		o.PDF = &pdf.Options{}
	}
	if o.PDF != nil {
		o.PDF.Title = title
		o.PDF.Standards = standards
		if isZeroJSON(o.PDF) {
			o.PDF = nil
		}
	}
	if format != "" && format != render.FormatPDF {
		o.PDF = nil
	}
	return o
}

func isZeroJSON(v any) bool {
	b, err := json.Marshal(v)
	return err == nil && string(b) == "{}"
}

// compactJSON is raw on one line ("" when it is not JSON).
func compactJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return ""
	}
	return buf.String()
}

// indentJSON is raw as the editor shows it: two spaces a level, keys in
// their order.
func indentJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Indent(&buf, raw, "", "  ") != nil {
		return string(raw)
	}
	return buf.String() + "\n"
}
