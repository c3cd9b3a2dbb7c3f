package console

import (
	"bytes"
	"encoding/json"
)

// compactJSON is raw on one line ("" when it is not JSON), with &, < and >
// as themselves.
func compactJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return ""
	}
	return string(unescapeHTML(buf.Bytes()))
}

// indentJSON is raw as the editor shows it: two spaces a level, keys in
// their order, and &, < and > as themselves rather than the \u0026,
// \u003c and \u003e that Go's encoders write for them.
func indentJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Indent(&buf, raw, "", "  ") != nil {
		return string(raw)
	}
	return string(unescapeHTML(buf.Bytes())) + "\n"
}

// unescapeHTML turns the escapes \u0026, \u003c and \u003e of valid JSON
// back into &, < and >; every other escape (\\u0026 among them: a
// backslash, then text) is left as it is.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+5 < len(b) {
			switch string(bytes.ToLower(b[i+2 : i+6])) {
			case "0026":
				out, i = append(out, '&'), i+5
				continue
			case "003c":
				out, i = append(out, '<'), i+5
				continue
			case "003e":
				out, i = append(out, '>'), i+5
				continue
			}
		}
		out = append(out, b[i], b[i+1]) // an escape pair, kept whole
		i++
	}
	return out
}
