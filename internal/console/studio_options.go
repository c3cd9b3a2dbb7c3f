package console

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// studioOptions are the template's options as the playground's Page panel
// shows them: every option of options and options.pdf the API accepts,
// over the template's own options (Base), so that what the panel does not
// edit (an attachment's bytes, a custom paper size, the batch bookmark
// field) survives a save from the studio. The fields are the form's
// values, as typed; options() makes them options again.
type studioOptions struct {
	Base         string // the template's options, as JSON
	Paper        string // "" (A4), a name, or "custom" (Base's size)
	Orientation  string
	MarginTop    string
	MarginRight  string
	MarginBottom string
	MarginLeft   string
	// NoBackground is printBackground false (the default prints them).
	NoBackground bool
	Scale        string
	Header       string
	Footer       string
	PageRanges   string
	Width        string // a png's width in px
	WaitFor      string

	PDFTitle, PDFAuthor, PDFSubject, PDFKeywords string
	Outline                                      bool
	Watermark, WatermarkOpacity                  string
	WatermarkFontSize, WatermarkRotation         string
	PasswordUser, PasswordOwner                  string
	// Permissions are the ticked rights of a reader with the user password.
	Permissions []string
	// Standards are the ticked boxes of options.pdf.standards.
	Standards []string
	// Attachments are Base's attachments, listed; Remove the indexes of
	// those ticked to be removed.
	Attachments []pdf.Attachment
	Remove      []string
	FacturX     pdf.FacturX
	Signature   pdf.Signature
}

// standardChoices are the standards the studio offers a box for, with the
// id of each box.
var standardChoices = []struct{ ID, Name string }{
	{"opt-std-pdfa2b", pdf.PDFA2B}, {"opt-std-pdfa3b", pdf.PDFA3B}, {"opt-std-pdfua1", pdf.PDFUA1},
}

// permissionNames are the rights options.pdf.permissions may grant.
var permissionNames = []string{"print", "copy", "modify", "annotate"}

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

// permissionBox is one right's checkbox.
type permissionBox struct {
	Name    string
	Checked bool
}

// PermissionBoxes are the rights' checkboxes, ticked as s has them.
func (s studioOptions) PermissionBoxes() []permissionBox {
	out := make([]permissionBox, len(permissionNames))
	for i, n := range permissionNames {
		out[i] = permissionBox{Name: n, Checked: slices.Contains(s.Permissions, n)}
	}
	return out
}

// FacturXProfiles are the profiles the studio offers.
func (studioOptions) FacturXProfiles() []string { return pdf.FacturXProfiles }

// Set says whether the template has options at all (the panel opens).
func (s studioOptions) Set() bool { return s.Base != "" && s.Base != "{}" }

// Protected says whether the PDF has a password (its part opens).
func (s studioOptions) Protected() bool { return s.PasswordUser != "" || s.PasswordOwner != "" }

// Invoice says whether the PDF carries a Factur-X invoice (its part opens).
func (s studioOptions) Invoice() bool {
	return s.FacturX != pdf.FacturX{}
}

// Signed says whether the PDF is signed (its part opens).
func (s studioOptions) Signed() bool { return s.Signature != pdf.Signature{} } // secrets:not-secret the signature options name a stored certificate, they hold no key

// attachmentSize is an attachment's size as the list shows it.
func attachmentSize(a pdf.Attachment) int64 {
	if a.Text != nil {
		return int64(len(*a.Text))
	}
	return int64(len(a.Content))
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
	s := studioOptions{Base: compactJSON(raw), Orientation: "portrait", Header: o.HeaderTemplate, Footer: o.FooterTemplate,
		NoBackground: o.PrintBackground != nil && !*o.PrintBackground, PageRanges: o.PageRanges, WaitFor: o.WaitFor,
		Permissions: permissionNames}
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
	s.Scale = formatFloat(o.Scale)
	if o.Width != 0 {
		s.Width = strconv.Itoa(o.Width)
	}
	if p := o.PDF; p != nil {
		s.PDFTitle, s.PDFAuthor, s.PDFSubject, s.PDFKeywords = p.Title, p.Author, p.Subject, p.Keywords
		s.Outline, s.Standards, s.Attachments = p.Outline, p.Standards, p.Attachments
		if w := p.Watermark; w != nil {
			s.Watermark, s.WatermarkOpacity = w.Text, formatFloat(w.Opacity)
			s.WatermarkFontSize, s.WatermarkRotation = formatFloat(w.FontSize), formatFloat(w.Rotation)
		}
		if pw := p.Password; pw != nil {
			s.PasswordUser, s.PasswordOwner = pw.User, pw.Owner
		}
		if p.Permissions != nil {
			s.Permissions = *p.Permissions
		}
		if p.FacturX != nil {
			s.FacturX = *p.FacturX
		}
		if p.Signature != nil {
			s.Signature = *p.Signature
		}
	}
	return s
}

// studioFromValues reads the studio's fields from a posted form, or from
// the same fields a preview sends as JSON, with line breaks as typed (a
// browser posts a textarea's lines CRLF-terminated).
func studioFromValues(v url.Values) studioOptions {
	get := func(name string) string { return strings.ReplaceAll(v.Get(name), "\r\n", "\n") }
	return studioOptions{Base: get("options-base"), Paper: get("opt-paper"), Orientation: get("opt-orientation"),
		MarginTop: get("opt-margin-top"), MarginRight: get("opt-margin-right"),
		MarginBottom: get("opt-margin-bottom"), MarginLeft: get("opt-margin-left"),
		NoBackground: get("opt-print-background") == "", Scale: get("opt-scale"),
		Header: get("opt-header"), Footer: get("opt-footer"), PageRanges: get("opt-page-ranges"),
		Width: get("opt-width"), WaitFor: get("opt-wait-for"),
		PDFTitle: get("opt-pdf-title"), PDFAuthor: get("opt-pdf-author"), PDFSubject: get("opt-pdf-subject"),
		PDFKeywords: get("opt-pdf-keywords"), Outline: get("opt-outline") != "",
		Watermark: get("opt-watermark-text"), WatermarkOpacity: get("opt-watermark-opacity"),
		WatermarkFontSize: get("opt-watermark-font-size"), WatermarkRotation: get("opt-watermark-rotation"),
		PasswordUser: get("opt-password-user"), PasswordOwner: get("opt-password-owner"),
		Permissions: v["opt-permission"], Standards: v["opt-standard"], Remove: v["opt-attachment-remove"],
		FacturX: pdf.FacturX{Profile: get("opt-facturx-profile"), XML: get("opt-facturx-xml"), XMLTemplate: get("opt-facturx-xml-template")},
		Signature: pdf.Signature{Certificate: strings.TrimSpace(get("opt-signature-certificate")), Reason: get("opt-signature-reason"),
			Location: get("opt-signature-location"), ContactInfo: get("opt-signature-contact")},
	}
}

// options are the template's options with the studio's fields over them,
// for format ("" when storing: every field kept). png and html leave pdf
// out, which the API refuses for them. A number that is not one is an
// error naming its option; every other check is the API's.
func (s studioOptions) options(format string) (render.Options, error) {
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
	switch {
	case s.NoBackground:
		o.PrintBackground = new(false)
	case o.PrintBackground != nil && !*o.PrintBackground:
		o.PrintBackground = nil // ticked again: the default
	}
	o.HeaderTemplate, o.FooterTemplate = s.Header, s.Footer
	o.PageRanges, o.WaitFor = strings.TrimSpace(s.PageRanges), strings.TrimSpace(s.WaitFor)
	var err error
	if o.Scale, err = parseFloat("scale", s.Scale); err != nil {
		return o, err
	}
	o.Width = 0
	if w := strings.TrimSpace(s.Width); w != "" {
		if o.Width, err = strconv.Atoi(w); err != nil {
			return o, fmt.Errorf("options.width is a whole number of pixels, not %q", w)
		}
	}
	p := o.PDF
	if p == nil {
		p = &pdf.Options{}
	}
	if err := s.pdfOptions(p); err != nil {
		return o, err
	}
	o.PDF = p
	if isZeroJSON(p) || (format != "" && format != render.FormatPDF) {
		o.PDF = nil
	}
	return o, nil
}

// pdfOptions puts the studio's fields of options.pdf over p.
func (s studioOptions) pdfOptions(p *pdf.Options) error {
	trim := strings.TrimSpace
	p.Title, p.Author, p.Subject, p.Keywords = trim(s.PDFTitle), trim(s.PDFAuthor), trim(s.PDFSubject), trim(s.PDFKeywords)
	p.Outline = s.Outline
	p.Standards = s.standards()
	p.Watermark = nil
	if trim(s.Watermark) != "" {
		w := &pdf.Watermark{Text: trim(s.Watermark)}
		var err error
		if w.Opacity, err = parseFloat("pdf.watermark.opacity", s.WatermarkOpacity); err != nil {
			return err
		}
		if w.FontSize, err = parseFloat("pdf.watermark.fontSize", s.WatermarkFontSize); err != nil {
			return err
		}
		if w.Rotation, err = parseFloat("pdf.watermark.rotation", s.WatermarkRotation); err != nil {
			return err
		}
		p.Watermark = w
	}
	p.Password, p.Permissions = nil, nil
	if s.PasswordUser != "" || s.PasswordOwner != "" {
		p.Password = &pdf.Password{User: s.PasswordUser, Owner: s.PasswordOwner}
		if granted := s.permissions(); len(granted) < len(permissionNames) {
			p.Permissions = &granted
		}
	}
	var kept []pdf.Attachment
	for i, a := range p.Attachments {
		if !slices.Contains(s.Remove, strconv.Itoa(i)) {
			kept = append(kept, a)
		}
	}
	p.Attachments = kept
	p.FacturX = nil
	if f := (pdf.FacturX{Profile: trim(s.FacturX.Profile), XML: s.FacturX.XML, XMLTemplate: s.FacturX.XMLTemplate}); f != (pdf.FacturX{}) {
		p.FacturX = &f
	}
	p.Signature = nil
	if sg := (pdf.Signature{Certificate: trim(s.Signature.Certificate), Reason: trim(s.Signature.Reason),
		Location: trim(s.Signature.Location), ContactInfo: trim(s.Signature.ContactInfo)}); sg != (pdf.Signature{}) {
		p.Signature = &sg
	}
	return nil
}

// permissions are the ticked rights the studio knows, in its order.
func (s studioOptions) permissions() []string {
	out := []string{}
	for _, n := range permissionNames {
		if slices.Contains(s.Permissions, n) {
			out = append(out, n)
		}
	}
	return out
}

// parseFloat reads an optional number of option name.
func parseFloat(name, text string) (*float64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, fmt.Errorf("options.%s is a number, not %q", name, text)
	}
	return &f, nil
}

// formatFloat shows an optional number ("" when absent).
func formatFloat(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}

func isZeroJSON(v any) bool {
	b, err := json.Marshal(v)
	return err == nil && string(b) == "{}"
}
