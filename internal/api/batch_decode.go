package api

import (
	"bytes"
	"encoding/json"
)

// decodeBatch decodes a batch's JSON body into in, strictly as decodeBytes
// does, without copying its records: they are slices of body. A
// json.Decoder buffers the whole body again, growing its buffer by
// doubling, and copies every record: 86 MiB allocated for a body of 20 MiB,
// where this takes next to nothing beyond the body (TestDecodeBatchCopies).
// The body without its records (they become null) goes through
// decodeBytes, so every field but records is checked as any body's; a body
// this cannot split (not valid JSON, records not a list, a key that only
// encoding/json's folding makes records) goes through decodeBytes whole,
// with its messages.
func decodeBatch(body []byte, in *batchInput) error {
	start, end, ok := recordsSpan(body)
	if !ok {
		return decodeBytes(body, in)
	}
	head := make([]byte, 0, len(body)-(end-start)+len("null"))
	head = append(append(append(head, body[:start]...), "null"...), body[end:]...)
	if err := decodeBytes(head, in); err != nil {
		return err
	}
	if err := checkJSONText(body, ""); err != nil {
		return err
	}
	in.Records = splitList(body[start:end])
	return nil
}

// recordsSpan returns where the value of the key records of the object doc
// starts and ends, when doc is valid JSON, one object, holding records
// once, spelled so, and a list.
func recordsSpan(doc []byte) (start, end int, ok bool) {
	if !json.Valid(doc) {
		return 0, 0, false
	}
	i := skipSpace(doc, 0)
	if doc[i] != '{' {
		return 0, 0, false
	}
	found := false
	for i = skipSpace(doc, i+1); doc[i] != '}'; i = skipSpace(doc, i+1) { // past ',' to the next key
		keyEnd := skipValue(doc, i)
		key := doc[i+1 : keyEnd-1]
		i = skipSpace(doc, skipSpace(doc, keyEnd)+1) // past ':'
		valueEnd := skipValue(doc, i)
		switch {
		case string(key) == "records":
			if found || doc[i] != '[' {
				return 0, 0, false
			}
			found, start, end = true, i, valueEnd
		case bytes.IndexByte(key, '\\') >= 0 || bytes.EqualFold(key, []byte("records")):
			return 0, 0, false // records to encoding/json, not to this walk
		}
		i = skipSpace(doc, valueEnd)
		if doc[i] == '}' {
			break
		}
	}
	return start, end, found
}

// splitList returns the values of the valid JSON list doc, as slices of it.
func splitList(doc []byte) []json.RawMessage {
	var out []json.RawMessage
	for i := skipSpace(doc, 1); doc[i] != ']'; i = skipSpace(doc, i+1) { // past ','
		end := skipValue(doc, i)
		out = append(out, json.RawMessage(doc[i:end:end]))
		if i = skipSpace(doc, end); doc[i] == ']' {
			break
		}
	}
	if out == nil {
		out = []json.RawMessage{}
	}
	return out
}

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\n' || doc[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns where the value starting at doc[i] ends, in valid JSON.
func skipValue(doc []byte, i int) int {
	depth := 0
	for ; i < len(doc); i++ {
		switch doc[i] {
		case '"':
			for i++; doc[i] != '"'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // the end of a number or a literal
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i // the end of a number or a literal
			}
		}
	}
	return i
}
