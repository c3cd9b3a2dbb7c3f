package pdf

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// Options are a PDF's document options (docs/rendering.md), the JSON object
// options.pdf. The zero value changes nothing but the producer.
type Options struct {
	Title    string `json:"title,omitempty"`
	Author   string `json:"author,omitempty"`
	Subject  string `json:"subject,omitempty"`
	Keywords string `json:"keywords,omitempty"`

	// Password encrypts the document with AES-256. Permissions are what a
	// reader who opens it with the user password may do; nil allows all of
	// them (only opening is protected), an empty list none.
	Password    *Password  `json:"password,omitempty"`
	Permissions *[]string  `json:"permissions,omitempty"`
	Watermark   *Watermark `json:"watermark,omitempty"`

	// Bookmark names the record data field whose value titles each
	// record's bookmark in a batch's merged PDF; empty titles them by index.
	Bookmark string `json:"bookmark,omitempty"`

	// Signature signs the finished document, after every other option
	// (sign.go).
	Signature *Signature `json:"signature,omitempty"`

	// Outline asks Chromium for bookmarks from the document's headings
	// (h1–h6, nested by level) as it prints.
	Outline bool `json:"outline,omitempty"`

	// Standards are the audits the document is made to pass: any of
	// PDF/A-2b and PDF/A-3b (one at most) and PDF/UA-1 (pdfa.go).
	Standards []string `json:"standards,omitempty"`
	// Attachments are embedded files, PDF/A-3 associated files (attach.go).
	Attachments []Attachment `json:"attachments,omitempty"`
	// FacturX embeds a Factur-X / ZUGFeRD invoice; it implies PDF/A-3b
	// (facturx.go).
	FacturX *FacturX `json:"facturx,omitempty"`

	// Compress recompresses the document's streams losslessly and packs
	// its objects into object streams; Linearize lays it out for fast web
	// view. Both are qpdf's, after every other step but the signature
	// (optimize.go).
	Compress  bool `json:"compress,omitempty"`
	Linearize bool `json:"linearize,omitempty"`
}

// Password holds the passwords of an encrypted document. User opens it
// with the permissions; owner opens it with every right. An empty owner
// password is replaced by a random one, so the permissions cannot be
// lifted by opening with an empty owner password.
type Password struct {
	User  string `json:"user,omitempty"`
	Owner string `json:"owner,omitempty"`
}

// Watermark is a text stamped over every page, centred.
type Watermark struct {
	Text     string   `json:"text"`
	Opacity  *float64 `json:"opacity,omitempty"`  // 0–1, default 0.3
	FontSize *float64 `json:"fontSize,omitempty"` // points, 1–500, default 48
	Rotation *float64 `json:"rotation,omitempty"` // degrees counter-clockwise, -360–360, default 45
}

// Defaults and limits of the options.
const (
	DefaultOpacity  = 0.3
	DefaultFontSize = 48.0
	DefaultRotation = 45.0
	MaxFontSize     = 500.0
	// MaxPassword is the longest password AES-256 (PDF 2.0) takes, in
	// UTF-8 bytes.
	MaxPassword     = 127
	maxMetadata     = 4 << 10
	maxWatermark    = 500
	maxBookmarkName = 128
)

// Permission names and the PDF permission bits they grant (ISO 32000-2
// Table 22), older and newer security handlers' bits alike.
var permissionBits = map[string]int{
	"print":    1<<2 | 1<<11, // bits 3 and 12: print, at full quality
	"copy":     1<<4 | 1<<9,  // bits 5 and 10: copy text and graphics
	"modify":   1<<3 | 1<<10, // bits 4 and 11: change, assemble pages
	"annotate": 1<<5 | 1<<8,  // bits 6 and 9: annotate, fill forms
}

var passwordProfile = precis.NewIdentifier(precis.BidiRule, precis.Norm(norm.NFKC))

var bookmarkRE = regexp.MustCompile(`^[A-Za-z0-9_$-]+$`)

// Validate reports the first invalid option, naming it
// ("options.pdf.watermark.opacity must be between 0 and 1").
func (o *Options) Validate() error {
	for _, f := range []struct{ name, v string }{
		{"title", o.Title}, {"author", o.Author}, {"subject", o.Subject}, {"keywords", o.Keywords},
	} {
		if len(f.v) > maxMetadata {
			return fmt.Errorf("options.pdf.%s must be at most %d bytes", f.name, maxMetadata)
		}
		if !utf8.ValidString(f.v) {
			return fmt.Errorf("options.pdf.%s must be valid UTF-8", f.name)
		}
	}
	if p := o.Password; p != nil {
		if p.User == "" && p.Owner == "" {
			return fmt.Errorf("options.pdf.password needs a user or an owner password")
		}
		if len(p.User) > MaxPassword {
			return fmt.Errorf("options.pdf.password.user must be at most %d bytes", MaxPassword)
		}
		if len(p.Owner) > MaxPassword {
			return fmt.Errorf("options.pdf.password.owner must be at most %d bytes", MaxPassword)
		}
		for _, f := range []struct{ name, v string }{{"user", p.User}, {"owner", p.Owner}} {
			if f.v == "" {
				continue
			}
			// Readers prepare passwords with a PRECIS profile before
			// hashing them; one it would change or refuse (spaces,
			// control characters, unnormalized text) could not be typed
			// in to open the document everywhere.
			if s, err := passwordProfile.String(f.v); err != nil || s != f.v {
				return fmt.Errorf("options.pdf.password.%s may hold letters, digits and symbols but no spaces or control characters (NFKC-normalized)", f.name)
			}
		}
		if p.User != "" && p.User == p.Owner {
			return fmt.Errorf("options.pdf.password.owner must differ from the user password")
		}
	}
	if o.Permissions != nil {
		if o.Password == nil {
			return fmt.Errorf("options.pdf.permissions need options.pdf.password: without encryption nothing enforces them")
		}
		for _, p := range *o.Permissions {
			if _, ok := permissionBits[p]; !ok {
				return fmt.Errorf("options.pdf.permissions has %q; each is one of print, copy, modify, annotate", p)
			}
		}
	}
	if w := o.Watermark; w != nil {
		if err := w.validate(); err != nil {
			return err
		}
	}
	if o.Bookmark != "" && (len(o.Bookmark) > maxBookmarkName || !bookmarkRE.MatchString(o.Bookmark)) {
		return fmt.Errorf("options.pdf.bookmark is a record field name of letters, digits, _, - or $, at most %d bytes", maxBookmarkName)
	}
	if o.Signature != nil {
		if err := o.Signature.validate(o); err != nil {
			return err
		}
	}
	return o.validateStandards()
}

func (w *Watermark) validate() error {
	if w.Text == "" {
		return fmt.Errorf("options.pdf.watermark.text is required")
	}
	if utf8.RuneCountInString(w.Text) > maxWatermark {
		return fmt.Errorf("options.pdf.watermark.text must be at most %d characters", maxWatermark)
	}
	for _, r := range w.Text {
		// The watermark is set in Helvetica, a PDF core font: it has the
		// Latin-1 characters and no others.
		if r > 0xFF || r < 0x20 || (r >= 0x7F && r < 0xA0) {
			return fmt.Errorf("options.pdf.watermark.text has %q; it takes printable Latin-1 characters only (the watermark font is Helvetica)", r)
		}
	}
	// pdfcpu reads %p, %P, %t and %v in a watermark as page number, page
	// count, time and its version; a literal % is written %% for it,
	// which only works before another character.
	for i := 0; i < len(w.Text)-1; i++ {
		if w.Text[i] == '%' && strings.IndexByte("pPtv%", w.Text[i+1]) >= 0 {
			return fmt.Errorf("options.pdf.watermark.text may not have %% right before p, P, t, v or another %%")
		}
	}
	if w.Opacity != nil && (*w.Opacity < 0 || *w.Opacity > 1) {
		return fmt.Errorf("options.pdf.watermark.opacity must be between 0 and 1")
	}
	if w.FontSize != nil && (*w.FontSize < 1 || *w.FontSize > MaxFontSize) {
		return fmt.Errorf("options.pdf.watermark.fontSize must be between 1 and %g points", MaxFontSize)
	}
	if w.Rotation != nil && (*w.Rotation < -360 || *w.Rotation > 360) {
		return fmt.Errorf("options.pdf.watermark.rotation must be between -360 and 360 degrees")
	}
	return nil
}

// permissions returns the P value of the encryption dictionary.
func (o *Options) permissions() int {
	p := 0xF0C3 // the bits ISO 32000 requires set, none granted
	if o.Permissions == nil {
		for _, b := range permissionBits {
			p |= b
		}
		return p
	}
	for _, name := range *o.Permissions {
		p |= permissionBits[name]
	}
	return p
}
