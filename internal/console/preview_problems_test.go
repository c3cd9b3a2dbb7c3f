package console

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The PDF/UA-1 check's 422 (as internal/render/chromium writes it) splits
// into its problems, even when an element's text has "; " in it; any
// other message has none.
func TestAccessibilityProblemsSplit(t *testing.T) {
	msg := `the page does not pass the accessibility check (PDF/UA-1), 3 problems: 1. html has no lang attribute; ` +
		`2. h4 #2 ("Terms; 3 kinds") skips a level: it follows an h2; 3. table #1 (first cell "Widget") has no header cell (th)`
	require.Equal(t, []string{
		"html has no lang attribute",
		`h4 #2 ("Terms; 3 kinds") skips a level: it follows an h2`,
		`table #1 (first cell "Widget") has no header cell (th)`,
	}, accessibilityProblems(msg))
	require.Equal(t, []string{"the document has no title"},
		accessibilityProblems("the page does not pass the accessibility check (PDF/UA-1), 1 problems: 1. the document has no title"))
	require.Nil(t, accessibilityProblems("Template error: line 2: formatCurency is not a helper"))
}
