package render

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// mustExecute runs src on data through the template language, as Render
// does before the page.
func mustExecute(t *testing.T, src, data string) string {
	t.Helper()
	out, err := ExecTemplate(context.Background(), src, json.RawMessage(data))
	require.NoError(t, err)
	return out
}

// A 300,000-deep body, and one under the size limit that is
// still 60,000 deep, fail as template-error from Render, which the api and
// the workers call, and the test process lives on to say so.
func TestDeepTemplateFailsRender(t *testing.T) {
	t.Parallel()
	for _, src := range []string{deepIfs(300_000), deepIfs(60_000)} {
		for _, format := range []string{FormatHTML, FormatPDF} {
			_, err := shared.Render(t.Context(), Input{Template: src, Data: json.RawMessage(`{"a":1}`), Format: format})
			var pe *paprika.Error
			require.ErrorAs(t, err, &pe)
			require.Equal(t, paprika.CodeTemplateError, pe.Code)
			require.False(t, BrowserFailed(err), "a template error is the tenant's, never rendered again")
			require.Regexp(t, `more than 1 MiB|line 1: blocks nest deeper than 100 levels`, err.Error())
		}
	}
}

// deepIfs is a hostile template: n blocks nested in one another.
func deepIfs(n int) string {
	return strings.Repeat("{{#if a}}", n) + "x" + strings.Repeat("{{/if}}", n)
}
