package render

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/docx"
	"github.com/paprikahq/paprika/internal/render/office"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// Formats of a filled Office template (docs/office.md).
const (
	FormatDOCX = "docx"
	FormatODT  = "odt"
)

// officeTypes are the content types of the filled templates.
var officeTypes = map[string]string{FormatDOCX: paprika.TypeDOCX, FormatODT: paprika.TypeODT}

// SourceAsset reads a render's source, "assets/NAME.EXT", into the asset's
// name and its Office extension (lower case), or says what is wrong with
// it, naming the field. An Office file is a source only with format pdf,
// or with its own format (docx, odt) when it is a Word or OpenDocument
// text, which Paprika fills.
func SourceAsset(source, format string) (name, ext string, err error) {
	name, ok := strings.CutPrefix(source, "assets/")
	if !ok || !paprika.ValidAssetName(name) {
		return "", "", errors.New(`source is "assets/NAME", the name of one of your assets: ` + paprika.AssetNameRule)
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		ext = strings.ToLower(name[i+1:])
	}
	if !slices.Contains(office.Extensions(), ext) {
		return "", "", errors.New("source is an Office file: ." + strings.Join(office.Extensions(), ", .") + "; " + name + " is not")
	}
	switch format {
	case "", FormatPDF:
	case FormatDOCX, FormatODT:
		if ext != format {
			return "", "", errors.New("format " + format + " fills a ." + format + " template; " + name + " is not one (format pdf converts it)")
		}
	default:
		return "", "", errors.New("format is pdf, or the source's own (docx, odt), for an Office source; not " + format)
	}
	return name, ext, nil
}

// engineOf is the engine that makes in's document, the metrics' engine
// label.
func engineOf(in Input) string {
	switch {
	case in.Format == FormatHTML || in.Format == FormatDOCX || in.Format == FormatODT:
		return metrics.EngineNone
	case in.Source != "":
		return metrics.EngineLibreOffice
	}
	return metrics.EngineChromium
}

// fillable reports whether an Office file of ext is a template: its tags
// are filled before anything else. Other Office files are converted as
// they are.
func fillable(ext string) bool { return ext == FormatDOCX || ext == FormatODT }

// renderOffice renders in, whose Source is an Office file among the
// tenant's assets: a Word or OpenDocument text filled with in.Data by the
// template language (render/docx), answered as it is (format docx, odt) or
// converted to PDF by LibreOffice (render/office); then, for PDF, the same
// steps as a printed page: options.pdf, the document information, the
// signature. The caller holds a render slot.
func (e *Engine) renderOffice(ctx context.Context, in Input) (*Output, error) {
	name, ext, err := SourceAsset(in.Source, in.Format)
	if err != nil {
		return nil, templateErrorf("%s", err.Error())
	}
	if in.Assets == nil {
		return nil, templateErrorf("source %s: this render has no assets", in.Source)
	}
	_, doc, err := in.Assets.Open(ctx, name)
	if errors.Is(err, ErrNoAsset) {
		return nil, templateErrorf("source: you have no asset named %s", name)
	}
	if err != nil {
		return nil, err
	}
	tctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	if fillable(ext) {
		doc, err = docx.Fill(tctx, docx.ExecutorFunc(ExecTemplate), doc, in.Data, docx.Options{Assets: docxAssets{in.Assets}})
		if err != nil {
			return nil, e.officeFailure(ctx, tctx, err)
		}
	}
	if in.Format == FormatDOCX || in.Format == FormatODT {
		return &Output{Body: doc, ContentType: officeTypes[in.Format], Pages: 1}, nil
	}
	conv, err := e.officeEngine(ctx)
	if err != nil {
		e.log.ErrorContext(ctx, "LibreOffice cannot start", "err", err)
		return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "Office documents cannot be converted on this server now: LibreOffice does not start (the log says why)"}
	}
	// The pool bounds the conversion by the same timeout, from when its
	// LibreOffice is ready: waiting for one to start is not the
	// document's doing, as Chromium's start is not a page's.
	body, err := conv.Convert(ctx, in.Tenant, doc, ext, office.Options{PDFA: pdfaLevel(in.Options.PDF)})
	if err != nil {
		return nil, e.officeFailure(ctx, tctx, err)
	}
	out := &Output{Body: body, ContentType: "application/pdf"}
	if in.Options.PDF != nil {
		// options.pdf reads the document whole, and counts its pages.
		if out, err = e.finish(ctx, out, in.Options.PDF); err != nil {
			return nil, err
		}
		return e.sign(ctx, out, in)
	}
	// Only the information is stamped, in place: the pages are counted
	// here, the one parse of the document.
	if out.Pages, err = pdf.PageCount(body); err != nil {
		return nil, templateErrorf("LibreOffice's PDF of %s cannot be read: %s", name, err.Error())
	}
	return e.finish(ctx, out, nil)
}

// pdfaLevel is the PDF/A part options.pdf asks for, which LibreOffice's
// own export writes (2 or 3; 0 for none).
func pdfaLevel(o *pdf.Options) int {
	switch {
	case o == nil:
		return 0
	case o.FacturX != nil || slices.Contains(o.Standards, pdf.PDFA3B):
		return 3
	case slices.Contains(o.Standards, pdf.PDFA2B):
		return 2
	}
	return 0
}

// docxAssets are a render's assets as render/docx reads the images its
// {{image}} tags place.
type docxAssets struct{ a Assets }

func (d docxAssets) Asset(ctx context.Context, name string) ([]byte, error) {
	_, b, err := d.a.Open(ctx, name)
	if errors.Is(err, ErrNoAsset) {
		return nil, templateErrorf("{{image %q}}: you have no asset named %s", name, name)
	}
	return b, err
}

// officeEngine is the engine's LibreOffice pool, started on the first
// Office document to convert (as Chromium is on the first page to print)
// and sized as the render slots.
func (e *Engine) officeEngine(ctx context.Context) (*office.Engine, error) {
	e.officeMu.Lock()
	defer e.officeMu.Unlock()
	if e.office != nil {
		return e.office, nil
	}
	conv, err := office.New(ctx, office.Config{Slots: e.cfg.Slots, MaxMemory: e.cfg.PageMemory, Timeout: e.cfg.Timeout, Logger: e.log})
	if err != nil {
		return nil, err
	}
	e.office = conv
	return conv, nil
}

// officeFailure turns what went wrong with an Office document into the
// error Render returns. Nothing here is Chromium's: no failure of
// LibreOffice counts toward restarting the browser.
func (e *Engine) officeFailure(ctx, rctx context.Context, err error) error {
	if known := e.knownFailure(ctx, rctx, err); known != nil {
		return known
	}
	e.log.ErrorContext(ctx, "office render failed", "error", err)
	return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "LibreOffice failed to convert the document"}
}

func templateErrorf(format string, args ...any) *paprika.Error {
	return paprika.Errorf(paprika.CodeTemplateError, format, args...)
}
