package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// resetNulls gives every field of *v that raw, a JSON object, sets to
// null its zero value, in v and in the objects under it that raw also
// gives, before raw is decoded over v. encoding/json leaves a string, a
// number or a bool unchanged on null (it sets only pointers, maps and
// slices to nil), so a request's "title": null would otherwise keep the
// stored template's title: with this, null takes the default for every
// field alike (docs/templates.md). raw that is not an object, and fields
// it does not name, are left for the decoder to judge.
func resetNulls(v reflect.Value, raw json.RawMessage) {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return // nothing under it to reset: the decoder makes it anew
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return
	}
	for name, value := range fields {
		f, ok := jsonField(v, name)
		if !ok {
			continue
		}
		value = bytes.TrimSpace(value)
		switch {
		case string(value) == "null":
			f.SetZero()
		case len(value) > 0 && value[0] == '{':
			resetNulls(f, value)
		}
	}
}

// jsonField is the settable field of struct v that decodes the JSON
// object key name, matched as encoding/json matches it: by its tag's
// name, else its Go name, either without regard to case.
func jsonField(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		key, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if key == "-" {
			continue
		}
		if key == "" {
			key = sf.Name
		}
		if strings.EqualFold(key, name) {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}
