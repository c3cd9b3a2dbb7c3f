package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// Every response the real Handler() gives in this package's tests is checked
// against docs/openapi.yaml with kin-openapi: its status must be documented
// for its operation, its documented headers present and valid, and its body
// valid against the documented schema of its content type. A mismatch fails
// the test that made the request (see setupEnv). TestMain then checks that
// every route of server.go answered at least one validated response.

// responseValidator is docs/openapi.yaml, loaded and routed once per test
// binary.
type responseValidator struct {
	router routers.Router
}

var (
	validatorOnce sync.Once
	validatorV    *responseValidator
	validatorErr  error

	validatedMu sync.Mutex
	validated   = map[string]int{} // "METHOD /documented/path" → responses validated
)

func loadValidator(t *testing.T) *responseValidator {
	t.Helper()
	validatorOnce.Do(func() { validatorV, validatorErr = newResponseValidator() })
	if validatorErr != nil {
		t.Fatalf("docs/openapi.yaml: %v", validatorErr)
	}
	return validatorV
}

func newResponseValidator() (*responseValidator, error) {
	b, err := os.ReadFile(filepath.FromSlash(openapiPath))
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(b)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	if err := doc.Validate(loader.Context, openapi3.IsOpenAPI31OrLater()); err != nil {
		return nil, fmt.Errorf("invalid OpenAPI document: %w", err)
	}
	// The test server listens on 127.0.0.1:random, not on the documented
	// localhost:4180: route on paths alone.
	doc.Servers = nil
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &responseValidator{router: router}, nil
}

// check validates one recorded response of r. It returns "" for a request
// that matches no documented operation (the catch-all not-found answer,
// checked by requireResponseShape) and the operation's key otherwise.
func (v *responseValidator) check(r *http.Request, rec *recordingWriter) (op string, err error) {
	route, params, err := v.router.FindRoute(r)
	if err != nil {
		return "", nil
	}
	op = route.Method + " " + route.Path
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: r, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status: rec.status,
		Header: rec.header,
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	in.SetBodyBytes(rec.body.Bytes())
	if err := openapi3filter.ValidateResponse(context.WithoutCancel(r.Context()), in); err != nil {
		body := rec.body.String()
		if len(body) > 600 || !utf8Text(rec.header) {
			body = fmt.Sprintf("(%d bytes of %s)", rec.body.Len(), rec.header.Get("Content-Type"))
		}
		why := err.Error()
		if len(why) > 1500 { // kin-openapi follows its reason with the whole schema
			why = why[:1500] + "…"
		}
		return op, fmt.Errorf("%s %s answered %d, which docs/openapi.yaml does not describe: %s\nbody: %s",
			r.Method, r.URL.RequestURI(), rec.status, why, body)
	}
	return op, nil
}

func utf8Text(h http.Header) bool {
	ct := h.Get("Content-Type")
	return strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/")
}

// recordingWriter passes a response through and keeps a copy of it.
type recordingWriter struct {
	http.ResponseWriter
	status int
	header http.Header // as it was when the status was written
	body   bytes.Buffer
}

func (w *recordingWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		w.header = w.ResponseWriter.Header().Clone()
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *recordingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ReadFrom keeps io.Copy from bypassing Write (and the copy).
func (w *recordingWriter) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(struct{ io.Writer }{w}, r)
}

// validating wraps the real handler: each response is checked once the
// handler returns, and a mismatch is kept for the test's cleanup to report
// (the handler may still run after the client has read the answer).
func (e *testEnv) validating(t *testing.T, next http.Handler) http.Handler {
	t.Helper()
	v := loadValidator(t)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recordingWriter{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 && r.Context().Err() != nil {
			return // the client went away, and nothing was answered to check
		}
		if rec.status == 0 {
			rec.WriteHeader(http.StatusOK)
		}
		op, err := v.check(r, rec)
		if op != "" && err == nil {
			validatedMu.Lock()
			validated[op]++
			validatedMu.Unlock()
		}
		if err != nil {
			e.mismatchMu.Lock()
			e.mismatches = append(e.mismatches, err.Error())
			e.mismatchMu.Unlock()
		}
	})
}

// reportMismatches fails the test with every response that did not match
// the document. It runs after the HTTP server has closed, so after every
// handler has returned.
func (e *testEnv) reportMismatches(t *testing.T) {
	t.Helper()
	e.mismatchMu.Lock()
	defer e.mismatchMu.Unlock()
	for _, m := range e.mismatches {
		t.Error(m)
	}
}

// uncoveredRoutes returns the routes of server.go that answered no validated
// response in this run.
func uncoveredRoutes() ([]string, error) {
	src, err := os.ReadFile("server.go")
	if err != nil {
		return nil, err
	}
	validatedMu.Lock()
	defer validatedMu.Unlock()
	var missing []string
	for _, m := range openapiRouteLine.FindAllStringSubmatch(string(src), -1) {
		method, path, ok := strings.Cut(m[1], " ")
		if !ok {
			continue // the catch-all
		}
		key := method + " " + strings.ReplaceAll(path, "...}", "}")
		if validated[key] == 0 {
			missing = append(missing, key)
		}
	}
	slices.Sort(missing)
	return missing, nil
}
