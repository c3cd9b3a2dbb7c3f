package pdf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The standards a document can be made to pass (docs/rendering.md,
// Documents that pass audits).
const (
	PDFA2B = "PDF/A-2b"
	PDFA3B = "PDF/A-3b"
	PDFUA1 = "PDF/UA-1"
)

var standardNames = []string{PDFA2B, PDFA3B, PDFUA1}

// validateStandards checks options.pdf.standards, attachments and facturx,
// and how they go with the other options.
func (o *Options) validateStandards() error {
	seen := map[string]bool{}
	for _, s := range o.Standards {
		if !slices.Contains(standardNames, s) {
			return fmt.Errorf("options.pdf.standards has %q; each is one of %s", s, strings.Join(standardNames, ", "))
		}
		if seen[s] {
			return fmt.Errorf("options.pdf.standards has %s twice", s)
		}
		seen[s] = true
	}
	if seen[PDFA2B] && seen[PDFA3B] {
		return fmt.Errorf("options.pdf.standards may have one PDF/A part, not both PDF/A-2b and PDF/A-3b")
	}
	if o.FacturX != nil {
		if err := o.FacturX.validate(); err != nil {
			return err
		}
		if seen[PDFA2B] {
			return fmt.Errorf("options.pdf.facturx makes the document PDF/A-3b, which options.pdf.standards PDF/A-2b excludes")
		}
	}
	invoice := ""
	if o.FacturX != nil {
		invoice = o.FacturX.FileName()
	}
	if err := validateAttachments(o.Attachments, invoice); err != nil {
		return err
	}
	if len(o.Attachments) > 0 && seen[PDFA2B] {
		return fmt.Errorf("options.pdf.attachments cannot go with options.pdf.standards PDF/A-2b, which embeds only PDF/A files; use PDF/A-3b")
	}
	if a := o.archival(); a != "" && o.Password != nil {
		return fmt.Errorf("options.pdf.password cannot go with %s: PDF/A forbids encryption", o.archivalBy())
	}
	return nil
}

// archival is the PDF/A part the document conforms to, "" for none;
// facturx implies PDF/A-3b.
func (o *Options) archival() string {
	for _, s := range o.Standards {
		if s == PDFA2B || s == PDFA3B {
			return s
		}
	}
	if o.FacturX != nil {
		return PDFA3B
	}
	return ""
}

// archivalBy names the option that asks for PDF/A, for an error message.
func (o *Options) archivalBy() string {
	for _, s := range o.Standards {
		if s == PDFA2B || s == PDFA3B {
			return "options.pdf.standards " + s
		}
	}
	return "options.pdf.facturx (PDF/A-3b)"
}

// accessible reports whether the document is to be PDF/UA-1.
func (o *Options) accessible() bool { return slices.Contains(o.Standards, PDFUA1) }

// Accessible reports whether the document is to be PDF/UA-1: the page is
// checked before it prints (see the render package) and printed tagged.
func (o *Options) Accessible() bool { return o != nil && o.accessible() }

// standard reports whether the document is made to pass any standard.
func (o *Options) standard() bool { return o.archival() != "" || o.accessible() }

// applyStandards adds what the standards asked for need, after the
// document information is set (setInfo) and before encryption: the
// attachments and the invoice, the viewer preferences and marks of PDF/UA,
// the output intent of PDF/A, and the XMP metadata that declares them.
func applyStandards(ctx *model.Context, o *Options, pageTitle string, now time.Time) error {
	if len(o.Attachments) == 0 && o.FacturX == nil && !o.standard() {
		return nil
	}
	root, err := ctx.Catalog()
	if err != nil {
		return err
	}
	info, err := infoStrings(ctx)
	if err != nil {
		return err
	}
	d, err := ctx.DereferenceDict(*ctx.Info)
	if err != nil {
		return err
	}
	if info["Title"] == "" && pageTitle != "" {
		d["Title"] = textString(pageTitle)
		info["Title"] = pageTitle
	}
	// One instant for the information dictionary and the XMP, which
	// PDF/A wants to agree.
	d["CreationDate"] = types.StringLiteral(pdfDate(now))
	d["ModDate"] = types.StringLiteral(pdfDate(now))

	if err := addAttachments(ctx, root, o, now); err != nil {
		return err
	}
	if o.accessible() {
		prefs := types.Dict{}
		if old, err := ctx.DereferenceDict(root["ViewerPreferences"]); err == nil && old != nil {
			prefs = old
		}
		prefs["DisplayDocTitle"] = types.Boolean(true)
		root["ViewerPreferences"] = prefs
		mark := types.Dict{}
		if old, err := ctx.DereferenceDict(root["MarkInfo"]); err == nil && old != nil {
			mark = old
		}
		mark["Marked"] = types.Boolean(true)
		root["MarkInfo"] = mark
		if err := describeLinks(ctx); err != nil {
			return err
		}
		if err := markArtifacts(ctx); err != nil {
			return err
		}
	}
	if o.archival() != "" {
		if err := addOutputIntent(ctx, root); err != nil {
			return err
		}
		removeActions(ctx, root)
	}
	x := xmp{
		title: info["Title"], author: info["Author"], subject: info["Subject"], keywords: info["Keywords"],
		creator: info["Creator"], producer: Producer, date: now,
		pdfa: o.archival(), ua: o.accessible(),
	}
	if o.FacturX != nil {
		x.facturx, x.facturxFile = o.FacturX.Profile, o.FacturX.FileName()
	}
	return setMetadata(ctx, root, x.packet())
}

// pdfDate is t as a PDF date, in UTC.
func pdfDate(t time.Time) string {
	return t.UTC().Format("D:20060102150405+00'00'")
}

// infoStrings reads the text strings of the document information.
func infoStrings(ctx *model.Context) (map[string]string, error) {
	m := map[string]string{}
	if ctx.Info == nil {
		return m, nil
	}
	d, err := ctx.DereferenceDict(*ctx.Info)
	if err != nil || d == nil {
		return m, err
	}
	for k, v := range d {
		s, err := ctx.DereferenceStringOrHexLiteral(v, model.V10, nil)
		if err == nil {
			m[k] = s
		}
	}
	return m, nil
}

// documentTitle is the title Chromium gave the document, from the page's
// <title>: "" when there was none (the tab gives such a page an invisible
// one, a zero-width space).
func documentTitle(ctx *model.Context) string {
	m, _ := infoStrings(ctx)
	return strings.TrimSpace(strings.ReplaceAll(m["Title"], "\u200b", ""))
}

// addOutputIntent gives the document the sRGB output intent that PDF/A
// needs to print Chromium's DeviceRGB colours the same everywhere.
func addOutputIntent(ctx *model.Context, root types.Dict) error {
	sd, err := ctx.NewStreamDictForBuf(srgbProfile)
	if err != nil {
		return err
	}
	sd.InsertInt("N", 3)
	if err := sd.Encode(); err != nil {
		return err
	}
	icc, err := ctx.IndRefForNewObject(*sd)
	if err != nil {
		return err
	}
	intent := types.Dict{
		"Type": types.Name("OutputIntent"), "S": types.Name("GTS_PDFA1"),
		"OutputConditionIdentifier": types.StringLiteral("sRGB IEC61966-2.1"),
		"Info":                      types.StringLiteral("sRGB IEC61966-2.1"),
		"RegistryName":              types.StringLiteral("http://www.color.org"),
		"DestOutputProfile":         *icc,
	}
	ir, err := ctx.IndRefForNewObject(intent)
	if err != nil {
		return err
	}
	root["OutputIntents"] = types.Array{*ir}
	return nil
}

// forbiddenActions are the action types PDF/A-2 and -3 forbid (ISO
// 19005-2, 6.6.1).
var forbiddenActions = map[string]bool{
	"Launch": true, "Sound": true, "Movie": true, "ResetForm": true, "ImportData": true,
	"Hide": true, "SetOCGState": true, "Rendition": true, "Trans": true, "GoTo3DView": true,
	"JavaScript": true,
}

// removeActions takes out of the document what PDF/A forbids of actions:
// JavaScript (the catalog's name tree and any action), additional actions
// (AA), the forbidden action types. Chromium writes none of them; this
// makes sure. It also sets the Print flag on every annotation and clears
// the Hidden, Invisible and NoView ones (ISO 19005-2, 6.3.2).
func removeActions(ctx *model.Context, root types.Dict) {
	if names, err := ctx.DereferenceDict(root["Names"]); err == nil && names != nil {
		delete(names, "JavaScript")
	}
	delete(ctx.Names, "JavaScript")
	for n, e := range ctx.Table {
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		obj := e.Object
		if _, lazy := obj.(types.LazyObjectStreamObject); lazy {
			// Not decoded yet (an object stream's): decode it.
			var err error
			if obj, err = ctx.Dereference(*types.NewIndirectRef(n, 0)); err != nil {
				continue
			}
		}
		var d types.Dict
		switch v := obj.(type) {
		case types.Dict:
			d = v
		case types.StreamDict:
			d = v.Dict
		default:
			continue
		}
		cleanActions(ctx, d)
	}
	cleanActions(ctx, root)
}

func cleanActions(ctx *model.Context, d types.Dict) {
	delete(d, "AA")
	for _, k := range []string{"A", "OpenAction", "Next"} {
		a, err := ctx.DereferenceDict(d[k])
		if err != nil || a == nil {
			continue
		}
		if s, ok := a["S"].(types.Name); ok && forbiddenActions[string(s)] {
			delete(d, k)
		}
	}
	if _, isAnnot := d["Rect"]; isAnnot && d["Subtype"] != nil {
		f := 0
		if v, ok := d["F"].(types.Integer); ok {
			f = int(v)
		}
		const invisible, hidden, print, noView = 1, 2, 4, 32
		d["F"] = types.Integer(f&^(invisible|hidden|noView) | print)
	}
}

// pdf17 marks a written document PDF 1.7 in its header, in place (the
// same length, so no offset moves). PDF/A-2 and -3 and PDF/UA-1 are
// built on PDF 1.7 (ISO 32000-1); pdfcpu writes the document as 2.0 so
// that it keeps the document information as given (setInfo), and none
// of what it writes needs more than 1.7 (an encrypted PDF/UA document's
// AES-256 is 1.7's Adobe extension level 8).
func pdf17(doc []byte) {
	if bytes.HasPrefix(doc, []byte("%PDF-2.0")) {
		copy(doc[5:8], "1.7")
	}
}

// archive makes a merged document PDF/A of the part its records are: the
// sRGB output intent and the XMP metadata, in the catalog. The records'
// fonts, already embedded, and annotations, already cleaned, are copied
// as they are. Their structure trees and attachments are not, so the
// merged document claims neither PDF/UA nor Factur-X.
func (m *merger) archive(o *Options, part string, catalog types.Dict, at time.Time) {
	icc := m.alloc()
	m.object(icc, types.StreamDict{Dict: types.Dict{"N": types.Integer(3)}, Raw: srgbProfile})
	intent := m.alloc()
	m.object(intent, types.Dict{
		"Type": types.Name("OutputIntent"), "S": types.Name("GTS_PDFA1"),
		"OutputConditionIdentifier": types.StringLiteral("sRGB IEC61966-2.1"),
		"Info":                      types.StringLiteral("sRGB IEC61966-2.1"),
		"RegistryName":              types.StringLiteral("http://www.color.org"),
		"DestOutputProfile":         *types.NewIndirectRef(icc, 0),
	})
	packet := xmp{title: o.Title, author: o.Author, subject: o.Subject, keywords: o.Keywords,
		producer: Producer, date: at, pdfa: part}.packet()
	meta := m.alloc()
	m.object(meta, types.StreamDict{Dict: types.Dict{"Type": types.Name("Metadata"), "Subtype": types.Name("XML")}, Raw: packet})
	catalog["OutputIntents"] = types.Array{*types.NewIndirectRef(intent, 0)}
	catalog["Metadata"] = *types.NewIndirectRef(meta, 0)
}

// describeLinks gives every link annotation without one the alternate
// description PDF/UA asks for (ISO 14289-1, 7.18.5: its /Contents), which
// Chromium does not write: where it goes, its URI or "a place in this
// document".
func describeLinks(ctx *model.Context) error {
	for p := 1; p <= ctx.PageCount; p++ {
		pd, _, _, err := ctx.PageDict(p, false)
		if err != nil {
			return err
		}
		annots, err := ctx.DereferenceArray(pd["Annots"])
		if err != nil || annots == nil {
			continue
		}
		for _, a := range annots {
			d, err := ctx.DereferenceDict(a)
			if err != nil || d == nil || d["Subtype"] != types.Name("Link") || d["Contents"] != nil {
				continue
			}
			desc := "Link to a place in this document"
			if act, err := ctx.DereferenceDict(d["A"]); err == nil && act != nil && act["S"] == types.Name("URI") {
				if uri, err := ctx.DereferenceStringOrHexLiteral(act["URI"], model.V10, nil); err == nil && uri != "" {
					desc = "Link to " + uri
				}
			}
			d["Contents"] = textString(desc)
		}
	}
	return nil
}
