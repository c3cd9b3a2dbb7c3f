package pdf

import (
	"context"
	"errors"

	"fmt"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Fill runs a template the tenant wrote on the document's data: the
// pipeline passes its template language, so that an invoice's XML is
// written the same way as the document.
type Fill func(ctx context.Context, src string) (string, error)

// WithInvoice returns o with its Factur-X invoice ready to embed: the XML
// given, or options.pdf.facturx.xmlTemplate run through fill (the
// template language, {{x}} escaped, which in XML escapes what it must).
// Either is checked to be a CII invoice; one that is not is a
// template-error naming the line. o is not changed: the result is a copy.
func WithInvoice(ctx context.Context, o *Options, fill Fill) (*Options, error) {
	if o == nil || o.FacturX == nil {
		return o, nil
	}
	fx := *o.FacturX
	if fx.XMLTemplate != "" {
		var err error
		fx.XML, err = fill(ctx, fx.XMLTemplate)
		var pe *paprika.Error
		if errors.As(err, &pe) {
			return nil, templateErrorf("options.pdf.facturx.xmlTemplate: %s", pe.Message)
		}
		if err != nil {
			return nil, err
		}
		fx.XMLTemplate = ""
	}
	if err := CheckInvoice(fx.XML, fx.Profile); err != nil {
		what := "options.pdf.facturx.xml"
		if o.FacturX.XMLTemplate != "" {
			what = "options.pdf.facturx.xmlTemplate, rendered,"
		}
		return nil, templateErrorf("%s is not a Factur-X invoice: %s", what, err.Error())
	}
	c := *o
	c.FacturX = &fx
	return &c, nil
}

func templateErrorf(format string, args ...any) *paprika.Error {
	return &paprika.Error{Code: paprika.CodeTemplateError, Message: fmt.Sprintf(format, args...)}
}
