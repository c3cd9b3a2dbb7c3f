package api

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/paprikahq/paprika/internal/paprika"
)

// PostgreSQL stores neither a NUL character (text and jsonb refuse it) nor
// bytes that are not UTF-8 nor a lone UTF-16 surrogate escape (jsonb refuses
// "\ud800"). Every input is checked for them once, where it is decoded
// (decodeBytes, the NDJSON reader, page), so that such text is a 400 naming
// its field instead of a database error.

// textProblem says why a string cannot be stored, or "" when it can.
func textProblem(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 {
			return "a NUL character"
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return "bytes that are not UTF-8"
		}
		i += size
	}
	return ""
}

// checkText answers 400 naming field when s cannot be stored.
func checkText(field, s string) error {
	if why := textProblem(s); why != "" {
		return unstorable(field, why)
	}
	return nil
}

func unstorable(field, why string) error {
	return paprika.BadRequest("%s", unstorableMsg(field, why))
}

func unstorableMsg(field, why string) string {
	return field + " holds " + why + ", which cannot be stored"
}

// MaxJSONDepth is how deep objects and lists may nest in a JSON body, the
// body itself counting as one level (a batch's NDJSON record counts as in
// the records of a JSON body). encoding/json allows 10,000, and the
// template engine recurses on data as it recurses on templates: nothing a
// document needs nests 64 deep.
const MaxJSONDepth = 64

// checkJSONText finds the first string of the JSON document doc (object
// keys included) that cannot be stored and answers 400 naming its field, as
// a path from the document's root: name, data.customer, records[3].city;
// and the first object or list nested deeper than MaxJSONDepth. doc must be
// valid JSON (it was decoded first); prefix starts every path.
func checkJSONText(doc []byte, prefix string) error {
	return checkJSONInput(doc, prefix, 0)
}

// checkJSONInput is checkJSONText for a document found inside enclosing
// levels of another (an NDJSON record: 2, the body and its records).
//
// It walks doc once, in a loop, keeping the path to where it is as a stack
// of segments (offsets of keys in doc, indexes in lists) and writing the
// path out only for the error it answers: a walk that built every value's
// path took quadratic time (10 MiB nested 5,000 deep: 18 s of CPU).
func checkJSONInput(doc []byte, prefix string, enclosing int) error {
	w := textWalker{doc: doc, prefix: prefix, enclosing: enclosing}
	if msg := w.walk(); msg != "" {
		return paprika.BadRequest("%s", msg)
	}
	return nil
}

// textWalker walks a valid JSON document.
type textWalker struct {
	doc       []byte
	i         int
	prefix    string
	enclosing int
	stack     []segment // the containers around w.i, outermost first
}

// segment is one container on the way to a value: in an object, the
// offsets in doc of the key being walked; in a list, the index.
type segment struct {
	list     bool
	index    int
	keyStart int
	keyEnd   int
}

func (w *textWalker) space() {
	for w.i < len(w.doc) {
		switch w.doc[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

// walk returns why doc is refused, or "".
func (w *textWalker) walk() string {
	for {
		// A value starts at w.i.
		w.space()
		if w.i >= len(w.doc) {
			return ""
		}
		switch w.doc[w.i] {
		case '{', '[':
			if w.enclosing+len(w.stack)+1 > MaxJSONDepth {
				return fmt.Sprintf("%s nests deeper than %d levels of objects and lists", orBody(w.path()), MaxJSONDepth)
			}
			w.stack = append(w.stack, segment{list: w.doc[w.i] == '['})
			w.i++
		case '"':
			if _, _, why := w.str(); why != "" {
				return unstorableMsg(orBody(w.path()), why)
			}
		default: // a number, true, false or null
			w.scalar()
		}
		// Then what follows a value, or opens a container: closes, and a
		// comma or the start of a container's first entry.
		if msg, more := w.next(); !more {
			return msg
		}
	}
}

// scalar moves w.i past a number, true, false or null.
func (w *textWalker) scalar() {
	for ; w.i < len(w.doc); w.i++ {
		switch w.doc[w.i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return
		}
	}
}

// next moves w.i to the start of the next value to walk, past closing
// brackets and object keys (which it checks). more is false at the end of
// the document or at a refusal, msg.
func (w *textWalker) next() (msg string, more bool) {
	for {
		if len(w.stack) == 0 {
			return "", false
		}
		top := &w.stack[len(w.stack)-1]
		w.space()
		if w.i >= len(w.doc) {
			return "", false
		}
		switch c := w.doc[w.i]; {
		case c == '}' || c == ']':
			w.i++
			w.stack = w.stack[:len(w.stack)-1]
			continue
		case c == ',':
			w.i++
			if top.list {
				top.index++
				return "", true
			}
			w.space()
		}
		if top.list {
			return "", true // the first entry of a list
		}
		if w.i >= len(w.doc) || w.doc[w.i] != '"' {
			return "", false // not valid JSON: it was decoded first
		}
		start, end, why := w.str()
		if why != "" {
			return unstorableMsg("a field name in "+orBody(w.pathOf(len(w.stack)-1)), why), false
		}
		top.keyStart, top.keyEnd = start, end
		w.space()
		w.i++ // ':'
		return "", true
	}
}

// path is where the walk is: the value at w.i.
func (w *textWalker) path() string { return w.pathOf(len(w.stack)) }

// maxKeyInPath is the most of a key an error's path shows: a key may be
// megabytes long.
const maxKeyInPath = 64

// pathOf writes the path of the first n containers' current entries.
func (w *textWalker) pathOf(n int) string {
	var b strings.Builder
	b.WriteString(w.prefix)
	for _, s := range w.stack[:n] {
		if s.list {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		key := w.doc[s.keyStart:s.keyEnd]
		if len(key) > maxKeyInPath {
			b.Write(key[:maxKeyInPath])
			b.WriteString("…")
			continue
		}
		b.Write(key)
	}
	return b.String()
}

func orBody(path string) string {
	if path == "" {
		return "the body"
	}
	return path
}

// str reads the string at w.i (its opening quote) and returns the offsets
// of its text in doc, as far as a field path needs it, and why it cannot be
// stored, if so.
func (w *textWalker) str() (start, end int, why string) {
	w.i++ // '"'
	start = w.i
	for w.i < len(w.doc) {
		c := w.doc[w.i]
		switch {
		case c == '"':
			end = w.i
			w.i++
			return start, end, why
		case c == '\\' && w.i+1 < len(w.doc):
			if w.doc[w.i+1] != 'u' {
				w.i += 2
				continue
			}
			r, ok := hex4(w.doc, w.i+2)
			w.i += 6
			switch {
			case !ok:
			case r == 0:
				why = first(why, `a NUL character (\u0000)`)
			case r >= 0xD800 && r < 0xDC00:
				// A high surrogate must be followed by a low one.
				if w.i+1 < len(w.doc) && w.doc[w.i] == '\\' && w.doc[w.i+1] == 'u' {
					if lo, ok := hex4(w.doc, w.i+2); ok && lo >= 0xDC00 && lo < 0xE000 {
						w.i += 6
						continue
					}
				}
				why = first(why, `a lone surrogate (\u`+strconv.FormatInt(int64(r), 16)+`)`)
			case r >= 0xDC00 && r < 0xE000:
				why = first(why, `a lone surrogate (\u`+strconv.FormatInt(int64(r), 16)+`)`)
			}
		case c < utf8.RuneSelf:
			w.i++
		default:
			r, size := utf8.DecodeRune(w.doc[w.i:])
			if r == utf8.RuneError && size <= 1 {
				why = first(why, "bytes that are not UTF-8")
				size = 1
			}
			w.i += size
		}
	}
	return start, len(w.doc), why
}

func first(had, now string) string {
	if had != "" {
		return had
	}
	return now
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[at:at+4]), 16, 32)
	return rune(n), err == nil
}
