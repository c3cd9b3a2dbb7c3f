package render

import (
	"context"
	"errors"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// withInvoice returns options.pdf with its Factur-X invoice ready to
// embed: the XML given, or options.pdf.facturx.xmlTemplate rendered with
// the document's data, the same way as the template (Handlebars, {{x}}
// escaped, which in XML escapes what it must). Either is checked to be a
// CII invoice; one that is not is a template-error naming the line. o is
// not changed: the result is a copy.
func withInvoice(ctx context.Context, o *pdf.Options, data []byte) (*pdf.Options, error) {
	if o == nil || o.FacturX == nil {
		return o, nil
	}
	fx := *o.FacturX
	if fx.XMLTemplate != "" {
		tpl, err := templates.get(fx.XMLTemplate)
		if err == nil {
			fx.XML, err = tpl.exec(ctx, data)
		}
		var pe *paprika.Error
		if errors.As(err, &pe) {
			return nil, templateErrorf("options.pdf.facturx.xmlTemplate: %s", pe.Message)
		}
		if err != nil {
			return nil, err
		}
		fx.XMLTemplate = ""
	}
	if err := pdf.CheckInvoice(fx.XML, fx.Profile); err != nil {
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
