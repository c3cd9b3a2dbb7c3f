package api

import (
	"strconv"
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
	return paprika.BadRequest("%s holds %s, which cannot be stored", field, why)
}

// checkJSONText finds the first string of the JSON document doc (object
// keys included) that cannot be stored and answers 400 naming its field, as
// a path from the document's root: name, data.customer, records[3].city.
// doc must be valid JSON (it was decoded first); prefix starts every path.
func checkJSONText(doc []byte, prefix string) error {
	w := textWalker{doc: doc}
	w.value(prefix)
	if w.field != "" || w.why != "" {
		if w.field == "" {
			w.field = "the body"
		}
		return unstorable(w.field, w.why)
	}
	return nil
}

// textWalker walks a valid JSON document, remembering the first bad string.
type textWalker struct {
	doc   []byte
	i     int
	field string
	why   string
}

func (w *textWalker) found() bool { return w.why != "" }

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

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// value walks the value at w.i, found at path.
func (w *textWalker) value(path string) {
	w.space()
	if w.i >= len(w.doc) || w.found() {
		return
	}
	switch w.doc[w.i] {
	case '{':
		w.i++
		for !w.found() {
			w.space()
			if w.i >= len(w.doc) || w.doc[w.i] == '}' {
				w.i++
				return
			}
			if w.doc[w.i] == ',' {
				w.i++
				continue
			}
			key, why := w.str()
			if why != "" {
				w.field, w.why = "a field name in "+orBody(path), why
				return
			}
			w.space()
			w.i++ // ':'
			w.value(join(path, key))
		}
	case '[':
		w.i++
		for n := 0; !w.found(); {
			w.space()
			if w.i >= len(w.doc) || w.doc[w.i] == ']' {
				w.i++
				return
			}
			if w.doc[w.i] == ',' {
				w.i++
				continue
			}
			w.value(path + "[" + strconv.Itoa(n) + "]")
			n++
		}
	case '"':
		if _, why := w.str(); why != "" {
			w.field, w.why = path, why
		}
	default: // a number, true, false or null
		for w.i < len(w.doc) {
			switch w.doc[w.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			w.i++
		}
	}
}

func orBody(path string) string {
	if path == "" {
		return "the body"
	}
	return path
}

// str reads the string at w.i (its opening quote) and returns its text, as
// far as a field path needs it, and why it cannot be stored, if so.
func (w *textWalker) str() (string, string) {
	w.i++ // '"'
	start := w.i
	why := ""
	for w.i < len(w.doc) {
		c := w.doc[w.i]
		switch {
		case c == '"':
			text := string(w.doc[start:w.i])
			w.i++
			return text, why
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
	return string(w.doc[start:]), why
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
