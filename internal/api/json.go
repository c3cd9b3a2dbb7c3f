package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = wire.Encode(w, v) // the client may have gone; nothing to do about it
}

// readBody reads at most limit bytes of the request body: past that it is
// payload-too-large; past the process's budget of bodies, busy (bodies.go).
// A body of known length is read into one buffer of that length, not grown
// by doubling, which would leave twice the body in garbage.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	body := limitBody(w, r, limit)
	var buf []byte
	var err error
	if n := r.ContentLength; n > 0 && n <= limit {
		if err := reserveBody(r); err != nil {
			return nil, bodyError(err, limit) // before the buffer is made
		}
		buf = make([]byte, n)
		if _, err = io.ReadFull(body, buf); err == nil {
			err = readEnd(body)
		}
	} else {
		buf, err = readAll(body)
	}
	return buf, bodyError(err, limit)
}

// readAll is io.ReadAll growing its buffer by doubling, as the budget's
// room for a body of unknown length grows: io.ReadAll grows a large one by
// a quarter at a time, leaving about five times the body in garbage.
func readAll(r io.Reader) ([]byte, error) {
	buf := make([]byte, 0, 512)
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf))
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// readEnd reads past a body read to its declared length, which must end
// there (net/http sees to it).
func readEnd(body io.Reader) error {
	var one [1]byte
	if _, err := body.Read(one[:]); err != io.EOF && err != nil {
		return err
	}
	return nil
}

// bodyError is the answer to a failed read of a body limited to limit
// bytes, or nil.
func bodyError(err error, limit int64) error {
	var tooLarge *http.MaxBytesError
	var pe *paprika.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooLarge):
		return paprika.Errorf(paprika.CodePayloadTooLarge, "Payload too large: the body is over %d bytes", limit)
	case errors.As(err, &pe):
		return pe // busy: the bodies being read take the whole budget
	default:
		return paprika.BadRequest("could not read the body: the upload ended early or was interrupted")
	}
}

// decode reads a JSON body strictly into v: one JSON value, no unknown field,
// no text that PostgreSQL cannot store (see text.go).
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	body, err := readBody(w, r, limit)
	if err != nil {
		return err
	}
	return decodeBytes(body, v)
}

func decodeBytes(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return paprika.BadRequest("the body is empty; send a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return paprika.BadRequest("the body holds more than one JSON value")
	}
	return checkJSONText(body, "")
}

// jsonError turns a decoding error into a 400 that names the field.
func jsonError(err error) error {
	var pe *paprika.Error
	if errors.As(err, &pe) {
		return pe
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return paprika.BadRequest("malformed JSON at byte %d: %s", syntax.Offset, syntax.Error())
	case errors.As(err, &typ):
		if typ.Field == "" {
			return paprika.BadRequest("the body must be a JSON object")
		}
		return paprika.BadRequest("%s must be %s", embeddedNames.Replace(typ.Field), jsonKind(typ.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return paprika.BadRequest("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return paprika.BadRequest("malformed JSON: the body ends too soon")
	default:
		return paprika.BadRequest("%s", strings.TrimPrefix(err.Error(), "json: "))
	}
}

// embeddedNames drops the Go names of the structs the inputs embed, which
// encoding/json puts in a field path ("workInput.renderInput.format").
var embeddedNames = strings.NewReplacer("workInput.", "", "renderInput.", "")

func jsonKind(kind string) string {
	switch kind {
	case "int", "int32", "int64", "uint":
		return "a whole number"
	case "float64", "float32":
		return "a number"
	case "bool":
		return "a boolean"
	case "slice":
		return "a list"
	case "map", "struct", "ptr":
		return "an object"
	default:
		return "a " + kind
	}
}

// page reads ?limit= (1–1000, default 100) and ?after=.
func page(r *http.Request) (limit int, after string, err error) {
	limit = 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return 0, "", paprika.BadRequest("limit is a whole number from 1 to 1000")
		}
		limit = n
	}
	after = r.URL.Query().Get("after")
	if err := checkText("after", after); err != nil {
		return 0, "", err
	}
	return limit, after, nil
}

// list is the paginated answer {data, next}.
type list[T any] struct {
	Data []T     `json:"data"`
	Next *string `json:"next"`
}

// newList cuts one extra row fetched to know whether there is a next page.
func newList[T any](rows []T, limit int, cursor func(T) string) list[T] {
	l := list[T]{Data: rows}
	if l.Data == nil {
		l.Data = []T{}
	}
	if len(rows) > limit {
		l.Data = rows[:limit]
		next := cursor(rows[limit-1])
		l.Next = &next
	}
	return l
}
