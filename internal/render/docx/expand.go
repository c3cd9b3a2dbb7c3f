package docx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
)

// fillPart fills one part: its skeleton run by exec, expanded into XML
// within what is left of budget.
func fillPart(ctx context.Context, exec Executor, im *imager, d *dialect, part string, src []byte, data json.RawMessage, maxDepth int, budget *int64) ([]byte, error) {
	sk, err := skeletonOf(d, part, src, maxDepth)
	if err != nil {
		return nil, err
	}
	if err := im.place(ctx, sk, budget); err != nil {
		return nil, err
	}
	if len(sk.lines) == 0 { // no tags: the part as it was
		*budget -= int64(len(src))
		if *budget < 0 {
			return nil, errorf("the filled document grows past the limit")
		}
		return src, nil
	}
	out, err := exec.Exec(ctx, sk.src, data)
	if err != nil {
		return nil, sk.located(err)
	}
	return sk.expand(out, budget)
}

var lineRE = regexp.MustCompile(`^line (\d+): (?s:(.*))$`)

// located rewrites a template error naming a line of the skeleton to name
// the paragraph that line stands for.
func (sk *skeleton) located(err error) error {
	var pe *paprika.Error
	if !errors.As(err, &pe) {
		return err
	}
	m := lineRE.FindStringSubmatch(pe.Message)
	n := 0
	if m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	if n < 2 || n-2 >= len(sk.lines) {
		// Not a line's: the template as a whole (its size, the data).
		return &paprika.Error{Code: pe.Code, Message: "the tags of " + sk.part + " as one template: " + pe.Message}
	}
	return &paprika.Error{Code: pe.Code, Message: "in " + where(sk.part, sk.lines[n-2]) + ": " + m[2]}
}

// expand turns the skeleton's output into the filled XML: each static
// marker into its XML, each value escaped for XML, with its line breaks
// and tabs as Word's. What the template printed outside markers (the line
// breaks between its tags) is dropped. Past budget bytes, it stops.
func (sk *skeleton) expand(out string, budget *int64) ([]byte, error) {
	var b bytes.Buffer // its bytes are the part's, not copied
	lead := markerStart + sk.nonce
	grow := func(n int) error {
		if *budget -= int64(n); *budget < 0 {
			return errorf("the filled document grows past the limit (loops repeating large rows or paragraphs?)")
		}
		return nil
	}
	for {
		i := strings.Index(out, lead)
		if i < 0 {
			return b.Bytes(), nil
		}
		rest := out[i+len(lead):]
		j := strings.Index(rest, markerEnd)
		if j < 1 {
			return nil, errorf("the document's template printed a broken marker")
		}
		kind, index := rest[0], rest[1:j]
		out = rest[j+len(markerEnd):]
		switch kind {
		case markStatic:
			k, err := strconv.Atoi(index)
			if err != nil || k < 0 || k >= len(sk.static) {
				return nil, errorf("the document's template printed a broken marker")
			}
			if err := grow(len(sk.static[k])); err != nil {
				return nil, err
			}
			b.WriteString(sk.static[k])
		case markValue, markRaw:
			end := strings.Index(out, lead+string(markEnd)+markerEnd)
			if end < 0 {
				return nil, errorf("the document's template printed a broken marker")
			}
			v := out[:end]
			out = out[end+len(lead)+2:]
			if kind == markValue {
				v = html.UnescapeString(v)
			}
			x := sk.valueXML(v)
			if err := grow(len(x)); err != nil {
				return nil, err
			}
			b.WriteString(x)
		default:
			return nil, errorf("the document's template printed a broken marker")
		}
	}
}

// valueXML is a printed value as text (of a w:t in Word): escaped, without the
// characters XML cannot hold, its line breaks and tabs Word's own.
func (sk *skeleton) valueXML(v string) string {
	var b strings.Builder
	v = strings.ReplaceAll(v, "\r\n", "\n")
	prev := rune(0)
	for _, r := range v {
		switch {
		case r == ' ' && prev == ' ' && sk.space != "":
			b.WriteString(sk.space)
		case r == '\n' || r == '\r':
			b.WriteString(sk.lineBreak)
		case r == '\t':
			b.WriteString(sk.tab)
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r < 0x20, r == 0xFFFE, r == 0xFFFF:
			// not a character XML can hold
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}
