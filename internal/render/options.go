package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// Options are the rendering options of docs/api.md. The JSON shape is the
// API's; the zero value asks for every default (A4, Chromium's margins,
// backgrounds printed, scale 1, 1024 px wide screenshots).
type Options struct {
	Paper           *Paper   `json:"paper,omitempty"`
	Landscape       bool     `json:"landscape,omitempty"`
	Margin          *Margin  `json:"margin,omitempty"`
	PrintBackground *bool    `json:"printBackground,omitempty"`
	Scale           *float64 `json:"scale,omitempty"`
	HeaderTemplate  string   `json:"headerTemplate,omitempty"`
	FooterTemplate  string   `json:"footerTemplate,omitempty"`
	PageRanges      string   `json:"pageRanges,omitempty"`
	Width           int      `json:"width,omitempty"`
	WaitFor         string   `json:"waitFor,omitempty"`

	// PDF is applied to a pdf after Chromium prints it (docs/rendering.md).
	PDF *pdf.Options `json:"pdf,omitempty"`
}

// Limits of the options, checked by Validate.
const (
	MinScale           = 0.1
	MaxScale           = 2.0
	DefaultWidth       = 1024 // px, of a png
	MaxWidth           = 8192 // px
	maxTemplateOption  = 64 << 10
	maxWaitFor         = 4 << 10
	maxPaperSideInches = 200.0
)

// Paper is a named size (A4, Letter, Legal, A3, A5) or a custom one. In
// JSON it is either the name, "A4", or an object {"width": "210mm",
// "height": "297mm"} whose lengths are in mm or in.
type Paper struct {
	Name   string // canonical spelling of a named size; empty for a custom one
	Width  string // custom width, e.g. "210mm"; empty for a named size
	Height string
}

// paperSizes are the named sizes, portrait, in inches.
var paperSizes = map[string][2]float64{
	"A3":     {297 / 25.4, 420 / 25.4},
	"A4":     {210 / 25.4, 297 / 25.4},
	"A5":     {148 / 25.4, 210 / 25.4},
	"Letter": {8.5, 11},
	"Legal":  {8.5, 14},
}

const paperNames = "A4, Letter, Legal, A3, A5"

// UnmarshalJSON reads a name or a {width,height} object. Names are matched
// without regard to case and stored in their canonical spelling. Unknown
// object fields are rejected, as the API's decoder does for every other
// field, because its DisallowUnknownFields does not reach a custom decoder.
func (p *Paper) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var name string
		if err := json.Unmarshal(b, &name); err != nil {
			return err
		}
		*p = Paper{Name: name}
		if canon, ok := canonicalPaper(name); ok {
			p.Name = canon
		}
		return nil // Validate reports an unknown name, naming the field.
	}
	var custom struct {
		Width  *string `json:"width"`
		Height *string `json:"height"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&custom); err != nil {
		return fmt.Errorf("options.paper must be one of %s or an object {width, height}: %w", paperNames, err)
	}
	if custom.Width == nil || custom.Height == nil {
		return fmt.Errorf("options.paper needs both width and height")
	}
	*p = Paper{Width: *custom.Width, Height: *custom.Height}
	return nil
}

// MarshalJSON writes the shape UnmarshalJSON reads, so stored work decodes
// to the same options.
func (p Paper) MarshalJSON() ([]byte, error) {
	if p.Name != "" {
		return json.Marshal(p.Name)
	}
	return json.Marshal(struct {
		Width  string `json:"width"`
		Height string `json:"height"`
	}{p.Width, p.Height})
}

func canonicalPaper(name string) (string, bool) {
	for canon := range paperSizes {
		if strings.EqualFold(canon, name) {
			return canon, true
		}
	}
	return "", false
}

// inches returns the portrait size of the paper in inches.
func (p *Paper) inches() (w, h float64, err error) {
	if p == nil {
		s := paperSizes["A4"]
		return s[0], s[1], nil
	}
	if p.Name != "" {
		s, ok := paperSizes[p.Name]
		if !ok {
			return 0, 0, fmt.Errorf("options.paper must be one of %s or an object {width, height}", paperNames)
		}
		return s[0], s[1], nil
	}
	if w, err = paperLength(p.Width); err != nil {
		return 0, 0, fmt.Errorf("options.paper.width %w", err)
	}
	if h, err = paperLength(p.Height); err != nil {
		return 0, 0, fmt.Errorf("options.paper.height %w", err)
	}
	return w, h, nil
}

var lengthRE = regexp.MustCompile(`^\s*([0-9]*\.?[0-9]+)\s*([a-z]*)\s*$`)

// paperLength parses a paper side: a positive length in mm or in.
func paperLength(s string) (float64, error) {
	m := lengthRE.FindStringSubmatch(strings.ToLower(s))
	if m == nil || (m[2] != "mm" && m[2] != "in") {
		return 0, fmt.Errorf("must be a length in mm or in, like \"210mm\" or \"8.5in\"")
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	if m[2] == "mm" {
		v /= 25.4
	}
	if v < 1 || v > maxPaperSideInches {
		return 0, fmt.Errorf("must be between 1in and %gin", maxPaperSideInches)
	}
	return v, nil
}

// Margin holds CSS lengths (px, in, cm, mm, pt, pc, or 0). A side left
// empty keeps Chromium's default of 1cm, unless the template's own @page
// rule sets it.
type Margin struct {
	Top    string `json:"top,omitempty"`
	Right  string `json:"right,omitempty"`
	Bottom string `json:"bottom,omitempty"`
	Left   string `json:"left,omitempty"`
}

// inchesPerUnit converts the CSS absolute units to inches.
var inchesPerUnit = map[string]float64{
	"in": 1, "cm": 1 / 2.54, "mm": 1 / 25.4, "pt": 1.0 / 72, "pc": 1.0 / 6, "px": 1.0 / 96,
}

// cssLength parses a CSS length into inches. A bare 0 needs no unit.
func cssLength(s string) (float64, error) {
	m := lengthRE.FindStringSubmatch(strings.ToLower(s))
	if m == nil {
		return 0, fmt.Errorf("must be a CSS length like \"10mm\", \"0.5in\" or \"20px\"")
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	if m[2] == "" && v == 0 {
		return 0, nil
	}
	per, ok := inchesPerUnit[m[2]]
	if !ok {
		return 0, fmt.Errorf("must be a CSS length in px, in, cm, mm, pt or pc, like \"10mm\"")
	}
	return v * per, nil
}

var pageRangesRE = regexp.MustCompile(`^\s*\d+(\s*-\s*\d*)?(\s*,\s*\d+(\s*-\s*\d*)?)*\s*$`)

// Validate reports the first invalid option, naming it (e.g.
// "options.scale must be between 0.1 and 2"). The API answers it as a 400.
func (o Options) Validate() error {
	_, err := o.pdfLayout()
	if err != nil {
		return err
	}
	if o.Scale != nil && (*o.Scale < MinScale || *o.Scale > MaxScale) {
		return fmt.Errorf("options.scale must be between %g and %g", MinScale, MaxScale)
	}
	if len(o.HeaderTemplate) > maxTemplateOption {
		return fmt.Errorf("options.headerTemplate must be at most %d bytes", maxTemplateOption)
	}
	if len(o.FooterTemplate) > maxTemplateOption {
		return fmt.Errorf("options.footerTemplate must be at most %d bytes", maxTemplateOption)
	}
	if o.PageRanges != "" {
		if !pageRangesRE.MatchString(o.PageRanges) {
			return fmt.Errorf("options.pageRanges must look like \"1-5, 8, 11-13\"")
		}
		for r := range strings.SplitSeq(o.PageRanges, ",") {
			lo, hi, isRange := strings.Cut(r, "-")
			a, _ := strconv.Atoi(strings.TrimSpace(lo))
			if a < 1 {
				return fmt.Errorf("options.pageRanges counts pages from 1")
			}
			if b, err := strconv.Atoi(strings.TrimSpace(hi)); isRange && err == nil && b < a {
				return fmt.Errorf("options.pageRanges has a range that ends before it starts: %q", strings.TrimSpace(r))
			}
		}
	}
	if o.Width != 0 && (o.Width < 1 || o.Width > MaxWidth) {
		return fmt.Errorf("options.width must be between 1 and %d pixels", MaxWidth)
	}
	if len(o.WaitFor) > maxWaitFor {
		return fmt.Errorf("options.waitFor must be at most %d bytes", maxWaitFor)
	}
	if o.PDF != nil {
		return o.PDF.Validate()
	}
	return nil
}

// ValidateFor is Validate for a document of the format ("" is pdf): it
// also refuses options.pdf on png and html.
func (o Options) ValidateFor(format string) error {
	if o.PDF != nil && format != "" && format != FormatPDF {
		return fmt.Errorf("options.pdf applies to the pdf format only, not %s", format)
	}
	return o.Validate()
}

// pdfLayout is the paper and margins of a PDF, in inches, oriented.
type pdfLayout struct {
	width, height            float64
	top, right, bottom, left *float64 // nil: Chromium's default
}

func (o Options) pdfLayout() (pdfLayout, error) {
	var l pdfLayout
	w, h, err := o.Paper.inches()
	if err != nil {
		return l, err
	}
	if o.Landscape {
		w, h = h, w
	}
	l.width, l.height = w, h
	if o.Margin == nil {
		return l, nil
	}
	sides := []struct {
		name string
		v    string
		dst  **float64
	}{
		{"top", o.Margin.Top, &l.top}, {"right", o.Margin.Right, &l.right},
		{"bottom", o.Margin.Bottom, &l.bottom}, {"left", o.Margin.Left, &l.left},
	}
	for _, s := range sides {
		if s.v == "" {
			continue
		}
		v, err := cssLength(s.v)
		if err != nil {
			return l, fmt.Errorf("options.margin.%s %w", s.name, err)
		}
		*s.dst = &v
	}
	const chromiumDefault = 1 / 2.54 // 1cm
	side := func(p *float64) float64 {
		if p == nil {
			return chromiumDefault
		}
		return *p
	}
	if side(l.top)+side(l.bottom) >= l.height {
		return l, fmt.Errorf("options.margin: top and bottom leave no room on the page")
	}
	if side(l.left)+side(l.right) >= l.width {
		return l, fmt.Errorf("options.margin: left and right leave no room on the page")
	}
	return l, nil
}

// Encode is o in its stored form, the JSON queued work keeps in PostgreSQL
// between the api that decoded it and the worker that renders it.
func (o Options) Encode() (json.RawMessage, error) { return json.Marshal(o) }

// DecodeOptions reads options in their stored form (Encode); empty is the
// defaults. A stored value that does not decode is the service's failure,
// not the tenant's: it was checked when the work was submitted.
func DecodeOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &o); err != nil {
			return o, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "stored options do not parse: " + err.Error()}
		}
	}
	return o, nil
}
