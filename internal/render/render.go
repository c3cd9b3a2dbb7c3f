// Package render is the pipeline: it turns a template and JSON data into a
// document by stringing its rooms together — the template language
// (render/handlebars), an engine that lays the page out and prints it
// (render/chromium: PDF and PNG through a pool of warm, sandboxed tabs;
// HTML needs no engine), and the steps after printing (render/pdf:
// standards, invoices, attachments, watermark, encryption, the signature,
// the merge of a batch). The API (synchronous renders) and the worker
// (queued work) call it only, through the Renderer interface.
package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

// Formats a document can be rendered to.
const (
	FormatPDF  = "pdf"
	FormatPNG  = "png"
	FormatHTML = "html"
)

// Input is one document to render.
type Input struct {
	Template string // Handlebars HTML
	// Source is an Office file among the tenant's assets rendered instead
	// of Template, "assets/NAME.docx" (officesource.go, docs/office.md).
	Source string
	// Tenant is whose document it is: an Office conversion runs only in a
	// LibreOffice process that has held no other tenant's documents.
	Tenant  string
	Data    json.RawMessage // the JSON data (object, array, ...); empty means {}
	Format  string          // pdf (default when empty), png or html
	Options Options
	// Certificates are the tenant's signing certificates, for
	// options.pdf.signature (signature.go); nil: none.
	Certificates *Certificates
	// Assets are the tenant's assets the page may load (assets/NAME),
	// resolved when the render starts (NewAssets); nil: none, and a page
	// that asks for one fails with template-error.
	Assets Assets
}

// Output is a rendered document.
type Output struct {
	Body        []byte
	ContentType string // application/pdf, image/png, text/html; charset=utf-8
	Pages       int    // pages of a PDF; 1 for png and html
}

// Renderer renders one document. Implementations are safe for concurrent
// use; a call blocks until a render slot is free or ctx ends.
type Renderer interface {
	Render(ctx context.Context, in Input) (*Output, error)
}

// A render fails with a *paprika.Error of one of the render codes
// (paprika.CodeTemplateError, CodeRenderLimit, CodeRenderTimeout,
// CodeRenderFailed): the codes tenants see on a failed job ({code,
// message}) and, for template-error, the API's 422 code. A template-error (the template, its data or options, or the page's own
// scripts or header that break the render) and a render-limit (the page
// went past a limit of one render, such as its memory) are the tenant's
// and never retried; so is a render-timeout (it would time out again);
// render-failed is retried by the scheduler (paprika.Retryable).

// ErrSandbox says Chromium cannot run with its sandbox here; Paprika then
// refuses to render rather than run without it (docs/deployment.md).
var ErrSandbox = chromium.ErrSandbox

// browserFailure is a render-failed of Chromium itself under the render
// (the browser died, or stopped answering), not of the document nor of the
// server's setup; see BrowserFailed. A page's renderer that crashes is not
// one: the page most likely did it, and it took only its render down. It
// unwraps to its *paprika.Error, which is what everyone else reads.
type browserFailure struct{ err *paprika.Error }

func (b *browserFailure) Error() string { return b.err.Error() }
func (b *browserFailure) Unwrap() error { return b.err }

// browserFailed is the render-failed error of a browser failure.
func browserFailed(message string) error {
	return &browserFailure{err: &paprika.Error{Code: paprika.CodeRenderFailed, Message: message}}
}

// BrowserFailed reports whether err is a render-failed of Chromium's own
// (it crashed, or failed to answer), which a new browser may well not
// repeat: the API renders such a synchronous render once more, and the
// engine restarts a browser with several in a row. A template error, a
// limit, a timeout, a page that crashed its own renderer, a missing or
// unsandboxable Chromium, or a failed options.pdf are not.
func BrowserFailed(err error) bool {
	var b *browserFailure
	return errors.As(err, &b)
}

// Failure is the one translation of a failed render into what a tenant
// sees: its code (one of the render codes) and its message. A
// *paprika.Error's message is written for tenants; anything else (a
// database or file error, whose text may name a server path or address)
// is render-failed with a message of the tenant's terms only, and the
// caller logs err itself with the job or request id. The worker stores
// them on the failed job; the API's answer to a synchronous render maps
// the code to its status.
func Failure(err error) (code, message string) {
	var pe *paprika.Error
	if errors.As(err, &pe) {
		return pe.Code, pe.Message
	}
	return paprika.CodeRenderFailed, InternalFailure
}

// InternalFailure is the message of a render that failed for a reason of
// the service's, not of the template or the data.
const InternalFailure = "the document could not be rendered because of a failure of the service (logged with the id of the work)"

// Validate reports the first invalid field of the input, naming it (e.g.
// "format must be one of pdf, png, html"), like Options.Validate. It does
// not compile the template: CheckTemplate does.
func (in Input) Validate() error {
	if in.Source != "" {
		if _, _, err := SourceAsset(in.Source, in.Format); err != nil {
			return err
		}
		layout := in.Options
		layout.PDF = nil
		if !reflect.ValueOf(layout).IsZero() {
			return fmt.Errorf("an Office source keeps its own pages: of the options, only options.pdf applies to it")
		}
		return in.Options.ValidateFor(in.Format)
	}
	switch in.Format {
	case "", FormatPDF, FormatPNG, FormatHTML:
	default:
		return fmt.Errorf("format must be one of pdf, png, html")
	}
	return in.Options.ValidateFor(in.Format)
}
