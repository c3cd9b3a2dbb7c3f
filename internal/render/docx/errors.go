package docx

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/paprikahq/paprika/internal/paprika"
)

// errorf is the one kind of error this package returns: the tenant's
// document cannot be filled (422 template-error).
func errorf(format string, args ...any) *paprika.Error {
	return &paprika.Error{Code: paprika.CodeTemplateError, Message: fmt.Sprintf(format, args...)}
}

// maxQuoted is how much of a paragraph's text an error quotes.
const maxQuoted = 60

// quote is a paragraph's text as an error names it: on one line, cut to
// maxQuoted characters.
func quote(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) > maxQuoted {
		r := []rune(text)
		text = strings.TrimSpace(string(r[:maxQuoted])) + "…"
	}
	return fmt.Sprintf("%q", text)
}

// where names a paragraph of a part in an error.
func where(part, text string) string {
	place := "the paragraph"
	switch {
	case strings.HasPrefix(part, "word/header"):
		place = "the header's paragraph"
	case strings.HasPrefix(part, "word/footer"):
		place = "the footer's paragraph"
	case strings.HasPrefix(part, "word/footnotes"):
		place = "the footnote's paragraph"
	case strings.HasPrefix(part, "word/endnotes"):
		place = "the endnote's paragraph"
	case part == "styles.xml":
		place = "the header's or footer's paragraph"
	}
	return place + " " + quote(text)
}
