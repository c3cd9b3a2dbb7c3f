package render

import (
	"context"
	"encoding/json"

	"github.com/paprikahq/paprika/internal/render/handlebars"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// The limits of a template's source (docs/templates.md), which the api
// states when it refuses one.
const (
	MaxTemplateBytes = handlebars.MaxTemplateBytes
	MaxTemplateDepth = handlebars.MaxTemplateDepth
)

// CheckTemplate compiles src without running it, as a template is checked
// when it is saved. A template that does not compile gives a
// *paprika.Error with Code template-error whose message names the line and
// the cause.
func CheckTemplate(src string) error { return handlebars.Check(src) }

// fillWith is the template language as the PDF steps run it: a template of
// an option (an invoice's XML) run on the document's data.
func fillWith(data json.RawMessage) pdf.Fill {
	return func(ctx context.Context, src string) (string, error) { return ExecTemplate(ctx, src, data) }
}
