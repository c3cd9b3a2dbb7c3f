package render

import (
	"context"
	"encoding/json"

	"github.com/paprikahq/paprika/internal/render/handlebars"
)

// ExecTemplate compiles src and runs it on data, with the limits and
// helpers of every template, for callers outside this package that build
// a template's source themselves (a Word document's text turned into one
// template, internal/render/docx). Its errors are those of a render: a
// *paprika.Error with code template-error naming the line.
func ExecTemplate(ctx context.Context, src string, data json.RawMessage) (string, error) {
	t, err := handlebars.Compile(src)
	if err != nil {
		return "", err
	}
	return t.Exec(ctx, data)
}
