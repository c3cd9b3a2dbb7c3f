package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

// decoders are every JSON request body the API decodes, by the route that
// takes it.
var decoders = []func() any{
	func() any { return new(renderInput) }, // POST /v1/renders
	func() any { return new(workInput) },   // POST /v1/jobs
	func() any { return new(batchInput) },  // POST /v1/batches
	func() any { return new(templateInput) },
	func() any { // POST /v1/admin/tenants
		return new(struct {
			ID            string           `json:"id"`
			Name          string           `json:"name"`
			Tier          optional[string] `json:"tier"`
			RetentionDays *int             `json:"retentionDays"`
		})
	},
	func() any { // PATCH /v1/admin/tenants/{id}
		return new(struct {
			Name          *string          `json:"name"`
			Tier          optional[string] `json:"tier"`
			RetentionDays *int             `json:"retentionDays"`
			Suspended     *bool            `json:"suspended"`
		})
	},
	func() any { // POST /v1/admin/tenants/{id}/keys
		return new(struct {
			Name   string           `json:"name"`
			Scopes []string         `json:"scopes"`
			Tier   optional[string] `json:"tier"`
		})
	},
}

// requireStorable fails when a decoded, accepted value holds text that
// PostgreSQL cannot store: encoded again, it has no NUL and is UTF-8.
func requireStorable(t *testing.T, what string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: accepted, but does not encode: %v", what, err)
	}
	// An oracle of its own, not text.go's walker: escaped backslashes out
	// of the way, then surrogate pairs, and no NUL or surrogate is left.
	plain := surrogatePair.ReplaceAll(bytes.ReplaceAll(b, []byte(`\\`), []byte("__")), []byte("pair"))
	if bytes.Contains(plain, []byte(`\u0000`)) || !utf8.Valid(b) || surrogate.Match(plain) {
		t.Fatalf("%s: accepted text PostgreSQL cannot store: %s", what, b)
	}
}

var (
	surrogatePair = regexp.MustCompile(`\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}`)
	surrogate     = regexp.MustCompile(`\\u[dD][89a-fA-F][0-9a-fA-F]{2}`)
)

// FuzzDecode gives any body to every JSON decoder of the API: each answers
// a *paprika.Error (400 or 413) or accepts it, never panics, and accepts
// nothing that PostgreSQL cannot store.
//
//	go test ./internal/api -run '^$' -fuzz FuzzDecode -fuzztime 1m -parallel 1
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"template": "<p>{{x}}</p>", "data": {"x": 1}, "format": "pdf", "options": {"paper": "A4"}}`,
		`{"templateId": "invoice@2", "data": {"lines": [{"a": "é"}]}, "metadata": {"k": "v"}, "webhookUrl": "https://h.example/"}`,
		`{"template": "x", "records": [{"a": 1}, null, {"b": "\ud83d\ude00"}]}`,
		`{"id": "acme", "name": "Acme", "tier": null, "retentionDays": 30}`,
		`{"name": "k", "scopes": ["render", "read"], "tier": "priority"}`,
		`{"id": "t", "name": "T", "content": "<p>{{#each l}}{{this}}{{/each}}</p>"}`,
		`{"name": "a\u0000"}`, `{"data": {"a": "\ud800"}}`, "{\"name\": \"\xff\"}", `{"a\u0000": 1}`,
		`{"data": [1, 2]}`, `{"options": {"pdf": {"password": {"user": "x"}}}}`, `[]`, `null`, `{} {}`, `{"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for i, newV := range decoders {
			v := newV()
			err := decodeBytes(body, v)
			if err != nil {
				if pe, ok := err.(*paprika.Error); !ok || pe.Code != paprika.CodeBadRequest {
					t.Fatalf("decoder %d: %v is not a bad-request", i, err)
				}
				continue
			}
			requireStorable(t, "decoder", v)
		}
	})
}

// FuzzNDJSON uploads any NDJSON batch body: it is refused with a
// *paprika.Error or read into a head and records that are JSON objects
// PostgreSQL can store; it never panics.
//
//	go test ./internal/api -run '^$' -fuzz FuzzNDJSON -fuzztime 1m -parallel 1
func FuzzNDJSON(f *testing.F) {
	for _, s := range []string{
		"{\"template\": \"<p>{{a}}</p>\"}\n{\"a\": 1}\n{\"a\": 2}\n",
		"{\"templateId\": \"invoice\", \"format\": \"html\"}\r\n\r\n{\"a\": \"é\"}\r\n",
		"{\"template\": \"x\"}\nnull\n[1]\n",
		"{\"template\": \"x\"}\n{\"a\": \"\\u0000\"}\n",
		"{\"template\": \"x\"}\n{\"a\": \"\xff\"}\n",
		"\n\n", "{\"records\": []}\n{}\n", "{\"template\": \"x\"}\n{\"a\":",
	} {
		f.Add([]byte(s))
	}
	s := &Server{cfg: &config.Config{MaxRequestBytes: 4 << 10, MaxBatchBytes: 64 << 10}}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/v1/batches", bytes.NewReader(body))
		var in batchInput
		err := s.readNDJSON(httptest.NewRecorder(), r, &in)
		if err != nil {
			if _, ok := err.(*paprika.Error); !ok {
				t.Fatalf("%v is not a *paprika.Error", err)
			}
			return
		}
		requireStorable(t, "head", in.workInput)
		for i, rec := range in.Records {
			if !json.Valid(rec) || (rec[0] != '{' && string(rec) != "null") {
				t.Fatalf("record %d accepted, not a JSON object: %q", i, rec)
			}
			if err := checkJSONText(rec, ""); err != nil {
				t.Fatalf("record %d accepted with text PostgreSQL cannot store: %q", i, rec)
			}
		}
	})
}

// FuzzPathAndCursor tries any path segment as every kind of id and any
// ?after= as a cursor: what a shape accepts is storable text that cannot
// leave its path segment or name a file (no "/", no "..", no NUL); a
// wildcard that takes the rest of the path ({name...}, an asset's name in
// folders) may hold "/" between its parts, never "..", an empty part or
// one at either end; a cursor is accepted only when storable.
//
//	go test ./internal/api -run '^$' -fuzz FuzzPathAndCursor -fuzztime 1m -parallel 1
func FuzzPathAndCursor(f *testing.F) {
	for _, s := range []string{"acme", "key_abcdefgh", "6b0e0b8e-5c2c-4a43-9b7c-3a6a2f3d9f10", "1", "invoice@3",
		"\x00", "..", "../etc/passwd", "a/b", "\xed\xa0\x80", "urn:uuid:6b0e0b8e-5c2c-4a43-9b7c-3a6a2f3d9f10", "{6b0e0b8e5c2c4a439b7c3a6a2f3d9f10}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		for key, shape := range pathShapes {
			if !shape.ok(id) {
				continue
			}
			if strings.HasSuffix(key, "...}") {
				if textProblem(id) != "" || strings.ContainsAny(id, "\\\x00") || strings.Contains(id, "..") || strings.Contains(id, "//") ||
					strings.HasPrefix(id, "/") || strings.HasSuffix(id, "/") || len(id) > 512 {
					t.Fatalf("%s accepts %q", key, id)
				}
				continue
			}
			if textProblem(id) != "" || strings.ContainsAny(id, "/\\\x00") || id == "." || id == ".." || len(id) > 256 {
				t.Fatalf("%s accepts %q", key, id)
			}
		}
		if ref, version, err := parseTemplateRef(id); err == nil && (!templateIDPattern.MatchString(ref) || version < 0) {
			t.Fatalf("parseTemplateRef(%q) = %q, %d", id, ref, version)
		}
		r := httptest.NewRequest(http.MethodGet, "/v1/jobs", nil)
		q := r.URL.Query()
		q.Set("after", id)
		r.URL.RawQuery = q.Encode()
		if _, after, err := page(r); err == nil && textProblem(after) != "" {
			t.Fatalf("cursor %q accepted", after)
		}
		if _, _, after, err := listCursor(r); err == nil && after == nil && id != "" {
			t.Fatalf("cursor %q accepted as no cursor", id)
		}
	})
}
