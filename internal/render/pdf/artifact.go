package pdf

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// markArtifacts marks as artifacts the content of each page that
// Chromium's tags leave out (PDF/UA asks that every piece of content be
// either tagged or an artifact, ISO 14289-1, 7.1): a page's background,
// the header and footer templates, which are pagination, not the
// document's text. Whatever lies outside every marked-content sequence of
// the page's content stream is put into /Artifact BMC … EMC sequences. A
// page whose stream it cannot mark safely (a sequence that would cross a
// text object, a stream in several parts) is left as it is.
func markArtifacts(ctx *model.Context) error {
	for p := 1; p <= ctx.PageCount; p++ {
		pd, _, _, err := ctx.PageDict(p, false)
		if err != nil {
			return err
		}
		ir, ok := pd["Contents"].(types.IndirectRef)
		if !ok {
			continue // none, or an array of streams
		}
		sd, _, err := ctx.DereferenceStreamDict(ir)
		if err != nil || sd == nil {
			return err
		}
		if err := sd.Decode(); err != nil {
			return fmt.Errorf("page %d: %w", p, err)
		}
		marked, err := artifacts(sd.Content)
		if err != nil {
			continue // left as Chromium wrote it
		}
		sd.Content = marked
		if err := sd.Encode(); err != nil {
			return fmt.Errorf("page %d: %w", p, err)
		}
		e, ok := ctx.FindTableEntryForIndRef(&ir)
		if !ok {
			return fmt.Errorf("page %d: no contents object", p)
		}
		e.Object = *sd
	}
	return nil
}

var errCannotMark = errors.New("content that cannot be marked safely")

const (
	artifactOpen  = "/Artifact BMC\n"
	artifactClose = "\nEMC\n"
)

// artifacts returns content with what lies outside its marked-content
// sequences wrapped into artifact sequences.
func artifacts(content []byte) ([]byte, error) {
	out := make([]byte, 0, len(content)+256)
	out = append(out, artifactOpen...)
	copied := 0   // content[:copied] is in out
	operands := 0 // where the operands of the next operator start
	depth := 0    // of marked-content sequences
	inText := false
	textInArtifact := false // the text object began inside an artifact
	open := true            // an artifact sequence is open
	s := scanner{b: content}
	for {
		start, end, ok, err := s.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if !s.operator {
			continue
		}
		switch string(content[start:end]) {
		case "BT":
			inText, textInArtifact = true, open
		case "ET":
			inText = false
		case "BDC", "BMC":
			if depth == 0 && open {
				if inText && textInArtifact {
					return nil, errCannotMark
				}
				out = append(out, content[copied:operands]...)
				out = append(out, artifactClose...)
				copied, open = operands, false
			}
			depth++
		case "EMC":
			depth--
			if depth < 0 {
				return nil, errCannotMark
			}
			if depth == 0 {
				if inText {
					return nil, errCannotMark
				}
				out = append(out, content[copied:end]...)
				out = append(out, '\n')
				out = append(out, artifactOpen...)
				copied, open = end, true
			}
		}
		operands = end
	}
	if depth != 0 || inText {
		return nil, errCannotMark
	}
	out = append(out, content[copied:]...)
	if open {
		out = append(out, artifactClose...)
	}
	return out, nil
}

// scanner finds the tokens of a content stream, skipping what is not an
// operator: numbers, names, strings, arrays, dictionaries, comments and
// inline image data.
type scanner struct {
	b        []byte
	i        int
	operator bool // the last token is an operator
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool { return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0 }

// next returns the bounds of the next token; ok is false at the end.
func (s *scanner) next() (start, end int, ok bool, err error) {
	b := s.b
	for s.i < len(b) && isSpace(b[s.i]) {
		s.i++
	}
	if s.i >= len(b) {
		return 0, 0, false, nil
	}
	start = s.i
	s.operator = false
	switch c := b[s.i]; {
	case c == '%':
		for s.i < len(b) && b[s.i] != '\n' && b[s.i] != '\r' {
			s.i++
		}
	case c == '(':
		nest := 0
		for ; s.i < len(b); s.i++ {
			switch b[s.i] {
			case '\\':
				s.i++
			case '(':
				nest++
			case ')':
				nest--
			}
			if nest == 0 {
				break
			}
		}
		if s.i >= len(b) {
			return 0, 0, false, errCannotMark
		}
		s.i++
	case c == '<' && s.i+1 < len(b) && b[s.i+1] == '<', c == '>' && s.i+1 < len(b) && b[s.i+1] == '>':
		s.i += 2
	case c == '<':
		j := bytes.IndexByte(b[s.i:], '>')
		if j < 0 {
			return 0, 0, false, errCannotMark
		}
		s.i += j + 1
	case c == '/':
		s.i++
		for s.i < len(b) && !isSpace(b[s.i]) && !isDelim(b[s.i]) {
			s.i++
		}
	case isDelim(c):
		s.i++
	default:
		for s.i < len(b) && !isSpace(b[s.i]) && !isDelim(b[s.i]) {
			s.i++
		}
		tok := b[start:s.i]
		number := (tok[0] >= '0' && tok[0] <= '9') || tok[0] == '-' || tok[0] == '+' || tok[0] == '.'
		if keyword := string(tok) == "true" || string(tok) == "false" || string(tok) == "null"; !number && !keyword {
			s.operator = true
			if string(tok) == "ID" {
				// Inline image data, up to EI between white space.
				j := bytes.Index(b[s.i:], []byte("EI"))
				for j >= 0 && !(isSpace(b[s.i+j-1]) && (s.i+j+2 == len(b) || isSpace(b[s.i+j+2]))) {
					k := bytes.Index(b[s.i+j+2:], []byte("EI"))
					if k < 0 {
						j = -1
						break
					}
					j += 2 + k
				}
				if j < 0 {
					return 0, 0, false, errCannotMark
				}
				s.i += j + 2
				return start, s.i, true, nil
			}
		}
	}
	return start, s.i, true, nil
}
