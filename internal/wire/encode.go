package wire

import (
	"encoding/json"
	"io"
	"time"
)

// Encode writes v as the API's JSON: one line, HTML characters as they are
// (a template's content keeps its <p>, not \u003cp\u003e). Every answer
// and every webhook payload is encoded here, so their bytes agree.
func Encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// timeFormat is RFC 3339 UTC with milliseconds, as in 2026-11-10T15:51:56.007Z.
const timeFormat = "2006-01-02T15:04:05.000Z"

// Timestamp is t as the API writes every time (the Timestamp schema).
func Timestamp(t time.Time) string { return t.UTC().Format(timeFormat) }

// NullableTimestamp is Timestamp, or null for a time that has not come
// (the NullableTimestamp schema).
func NullableTimestamp(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := Timestamp(*t)
	return &s
}

// nullable is a stored JSON value, or null when none was stored.
func nullable(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

// nullIfEmpty is s, or null for an unset "".
func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
