package api

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// The tests of this file hold docs/openapi.yaml to the code: every route
// registered in Handler() is documented with its method, path, token and
// scopes, nothing else is documented, every documented route is served, and
// every error code of errors.go is documented with its status.

const openapiPath = "../../docs/openapi.yaml"

// openapiRoute is one route(...) line of Handler().
type openapiRoute struct {
	method, path string
	auth         string   // "admin", "tenant" or "" (no token)
	scopes       []string // tenant routes: the scopes, any one of which suffices
}

func (r openapiRoute) key() string { return r.method + " " + r.path }

var (
	openapiRouteLine  = regexp.MustCompile(`(?m)^\s*route\("([^"]*)",\s*(.+)\)\s*$`)
	openapiRouteCall  = regexp.MustCompile(`\broute\(`)
	openapiAdminCall  = regexp.MustCompile(`^s\.admin\(s\.\w+\)$`)
	openapiTenantCall = regexp.MustCompile(`^s\.tenant\(s\.\w+((?:,\s*\w+)*)\)$`)
	openapiPlainCall  = regexp.MustCompile(`^s\.\w+$`)
	openapiPathParam  = regexp.MustCompile(`\{([^}]+)\}`)
)

// openapiScopeNames maps the scope constants used in server.go to their values.
var openapiScopeNames = map[string]string{
	"ScopeRender":    ScopeRender,
	"ScopeTemplates": ScopeTemplates,
	"ScopeRead":      ScopeRead,
}

// serverRoutes reads the routes from server.go's source: every route("METHOD
// /path", handler) line. It fails on anything it cannot read, so that a route
// registered in a new way cannot slip past the documentation check.
func serverRoutes(t *testing.T) []openapiRoute {
	t.Helper()
	src, err := os.ReadFile("server.go")
	if err != nil {
		t.Fatalf("read server.go: %v", err)
	}
	text := string(src)
	if n := strings.Count(text, "mux.Handle"); n != 1 {
		t.Fatalf("server.go calls mux.Handle/HandleFunc %d times; every route must go through route() (only its closure calls HandleFunc)", n)
	}
	lines := openapiRouteLine.FindAllStringSubmatch(text, -1)
	if calls := len(openapiRouteCall.FindAllString(text, -1)); calls != len(lines) {
		t.Fatalf("server.go has %d route( calls but %d one-line route(\"PATTERN\", handler) lines; write every route on one line", calls, len(lines))
	}
	var routes []openapiRoute
	catchAll := false
	for _, m := range lines {
		pattern, call := m[1], strings.TrimSpace(m[2])
		method, path, ok := strings.Cut(pattern, " ")
		if !ok {
			if pattern == "/" && call == "s.unrouted(mux)" {
				catchAll = true // the 404 or 405 answer of every other path and method
				continue
			}
			t.Errorf("route %q has no method: give every route one (e.g. \"GET %s\")", pattern, pattern)
			continue
		}
		r := openapiRoute{method: method, path: strings.ReplaceAll(strings.TrimSpace(path), "...}", "}")}
		switch {
		case openapiAdminCall.MatchString(call):
			r.auth = "admin"
		case openapiTenantCall.MatchString(call):
			r.auth = "tenant"
			for _, name := range strings.Split(openapiTenantCall.FindStringSubmatch(call)[1], ",") {
				if name = strings.TrimSpace(name); name == "" {
					continue
				}
				scope, ok := openapiScopeNames[name]
				if !ok {
					t.Errorf("route %q: unknown scope constant %s (add it to openapiScopeNames)", pattern, name)
				}
				r.scopes = append(r.scopes, scope)
			}
		case openapiPlainCall.MatchString(call):
			r.auth = ""
		default:
			t.Errorf("route %q: cannot read its handler %q", pattern, call)
		}
		routes = append(routes, r)
	}
	if !catchAll {
		t.Errorf(`server.go has no route("/", s.unrouted(mux)) catch-all`)
	}
	if len(routes) < 20 {
		t.Fatalf("read only %d routes from server.go; the pattern no longer matches how routes are written", len(routes))
	}
	return routes
}

// openapiDoc is docs/openapi.yaml, parsed.
type openapiDoc struct {
	root map[string]any
}

func loadOpenAPI(t *testing.T) *openapiDoc {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(openapiPath))
	if err != nil {
		t.Fatalf("read %s: %v", openapiPath, err)
	}
	var root map[string]any
	if err := yaml.Unmarshal(b, &root); err != nil {
		t.Fatalf("parse %s: %v", openapiPath, err)
	}
	if v, _ := root["openapi"].(string); !strings.HasPrefix(v, "3.1.") {
		t.Fatalf("%s: openapi is %q, want 3.1.x", openapiPath, v)
	}
	return &openapiDoc{root: root}
}

// get follows a path of keys through nested maps.
func (d *openapiDoc) get(keys ...string) any {
	var cur any = d.root
	for _, k := range keys {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[k]
	}
	return cur
}

// resolve follows a local $ref ("#/components/...") until it reaches an
// object without one.
func (d *openapiDoc) resolve(t *testing.T, v any) map[string]any {
	t.Helper()
	for range 10 {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		target, ok := d.lookup(ref)
		if !ok {
			t.Errorf("$ref %q does not resolve", ref)
			return nil
		}
		v = target
	}
	t.Errorf("$ref chain too long")
	return nil
}

func (d *openapiDoc) lookup(ref string) (any, bool) {
	if !strings.HasPrefix(ref, "#/") {
		return nil, false
	}
	var cur any = d.root
	for _, k := range strings.Split(ref[2:], "/") {
		k = strings.ReplaceAll(strings.ReplaceAll(k, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

var openapiMethods = []string{"get", "put", "post", "delete", "patch", "head", "options", "trace"}

// openapiOp is one documented operation.
type openapiOp struct {
	method, path string
	op           map[string]any
	pathParams   []any // the path item's parameters
}

func (o openapiOp) key() string { return o.method + " " + o.path }

func (d *openapiDoc) operations(t *testing.T) []openapiOp {
	t.Helper()
	paths, ok := d.root["paths"].(map[string]any)
	if !ok {
		t.Fatalf("%s has no paths", openapiPath)
	}
	var ops []openapiOp
	for _, path := range slices.Sorted(maps.Keys(paths)) {
		item, ok := paths[path].(map[string]any)
		if !ok {
			t.Errorf("paths[%q] is not an object", path)
			continue
		}
		params, _ := item["parameters"].([]any)
		for k, v := range item {
			if k == "parameters" || k == "summary" || k == "description" {
				continue
			}
			if !slices.Contains(openapiMethods, k) {
				t.Errorf("paths[%q]: unexpected key %q", path, k)
				continue
			}
			op, ok := v.(map[string]any)
			if !ok {
				t.Errorf("paths[%q].%s is not an object", path, k)
				continue
			}
			ops = append(ops, openapiOp{method: strings.ToUpper(k), path: path, op: op, pathParams: params})
		}
	}
	return ops
}

// TestOpenAPIRoutes checks that docs/openapi.yaml documents exactly the
// routes of Handler(), each with its token and scopes and its path
// parameters, and that every response declares X-Request-Id.
func TestOpenAPIRoutes(t *testing.T) {
	routes := serverRoutes(t)
	doc := loadOpenAPI(t)
	ops := doc.operations(t)

	byKey := map[string]openapiOp{}
	for _, o := range ops {
		byKey[o.key()] = o
	}
	served := map[string]bool{}
	for _, r := range routes {
		if served[r.key()] {
			t.Errorf("server.go registers %s twice", r.key())
		}
		served[r.key()] = true
		o, ok := byKey[r.key()]
		if !ok {
			t.Errorf("route %s is registered in server.go but not documented in docs/openapi.yaml", r.key())
			continue
		}
		checkOpenAPISecurity(t, r, o)
	}
	for _, o := range ops {
		if !served[o.key()] {
			t.Errorf("docs/openapi.yaml documents %s, which server.go does not register", o.key())
		}
		checkOpenAPIPathParams(t, doc, o)
		checkOpenAPIResponses(t, doc, o)
	}
}

func checkOpenAPISecurity(t *testing.T, r openapiRoute, o openapiOp) {
	t.Helper()
	sec, ok := o.op["security"].([]any)
	if !ok {
		t.Errorf("%s: no security (give [] for a route without a token)", o.key())
		return
	}
	var schemes []string
	for _, req := range sec {
		m, _ := req.(map[string]any)
		schemes = append(schemes, slices.Sorted(maps.Keys(m))...)
	}
	want := map[string][]string{"admin": {"adminToken"}, "tenant": {"tenantKey"}, "": nil}[r.auth]
	if !slices.Equal(schemes, want) {
		t.Errorf("%s: security schemes %v, want %v (server.go: %q)", o.key(), schemes, want, r.auth)
	}
	var scopes []string
	if raw, ok := o.op["x-paprika-scopes"].([]any); ok {
		for _, s := range raw {
			scopes = append(scopes, fmt.Sprint(s))
		}
	}
	slices.Sort(scopes)
	wantScopes := slices.Sorted(slices.Values(r.scopes))
	if !slices.Equal(scopes, wantScopes) {
		t.Errorf("%s: x-paprika-scopes %v, want %v as in server.go", o.key(), scopes, wantScopes)
	}
}

func checkOpenAPIPathParams(t *testing.T, doc *openapiDoc, o openapiOp) {
	t.Helper()
	var want []string
	for _, m := range openapiPathParam.FindAllStringSubmatch(o.path, -1) {
		want = append(want, m[1])
	}
	slices.Sort(want)
	var got []string
	opParams, _ := o.op["parameters"].([]any)
	for _, p := range append(slices.Clone(o.pathParams), opParams...) {
		param := doc.resolve(t, p)
		if param == nil {
			t.Errorf("%s: a parameter is not an object", o.key())
			continue
		}
		if param["in"] == "path" {
			name := fmt.Sprint(param["name"])
			if param["required"] != true {
				t.Errorf("%s: path parameter %s must be required", o.key(), name)
			}
			if !slices.Contains(got, name) {
				got = append(got, name)
			}
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s: path parameters %v documented, the path has %v", o.key(), got, want)
	}
}

func checkOpenAPIResponses(t *testing.T, doc *openapiDoc, o openapiOp) {
	t.Helper()
	responses, ok := o.op["responses"].(map[string]any)
	if !ok || len(responses) == 0 {
		t.Errorf("%s: no responses", o.key())
		return
	}
	for status, v := range responses {
		resp := doc.resolve(t, v)
		if resp == nil {
			t.Errorf("%s %s: the response is not an object", o.key(), status)
			continue
		}
		headers, _ := resp["headers"].(map[string]any)
		if _, ok := headers["X-Request-Id"]; !ok {
			t.Errorf("%s %s: the response does not declare the X-Request-Id header", o.key(), status)
		}
		code := openapiErrorConst(t, doc, resp)
		if code == "" {
			continue
		}
		if want, ok := statuses[code]; !ok {
			t.Errorf("%s %s: error code %q is not in errors.go's statuses", o.key(), status, code)
		} else if fmt.Sprint(want) != status {
			t.Errorf("%s: error code %q is documented as %s; errors.go answers it with %d", o.key(), code, status, want)
		}
	}
}

// openapiErrorConst returns the error code a response is documented to carry
// (the const of its body's code), or "" for a response that is not an error.
func openapiErrorConst(t *testing.T, doc *openapiDoc, resp map[string]any) string {
	t.Helper()
	schema := doc.resolve(t, doc.getIn(resp, "content", "application/json", "schema"))
	if schema == nil {
		return ""
	}
	parts, _ := schema["allOf"].([]any)
	for _, p := range parts {
		m := doc.resolve(t, p)
		if c, ok := doc.getIn(m, "properties", "code", "const").(string); ok {
			return c
		}
	}
	return ""
}

func (d *openapiDoc) getIn(m map[string]any, keys ...string) any {
	var cur any = m
	for _, k := range keys {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[k]
	}
	return cur
}

// TestOpenAPIErrorCodes checks that the ErrorCode enum holds exactly the
// codes of errors.go's statuses map, each with its status, and that every
// code has an error response documented with that code.
func TestOpenAPIErrorCodes(t *testing.T) {
	doc := loadOpenAPI(t)
	schema, ok := doc.get("components", "schemas", "ErrorCode").(map[string]any)
	if !ok {
		t.Fatal("docs/openapi.yaml has no components.schemas.ErrorCode")
	}
	var enum []string
	for _, v := range schema["enum"].([]any) {
		enum = append(enum, fmt.Sprint(v))
	}
	slices.Sort(enum)
	codes := slices.Sorted(maps.Keys(statuses))
	if !slices.Equal(enum, codes) {
		t.Errorf("ErrorCode enum is %v; errors.go's statuses has %v", enum, codes)
	}
	documented, _ := schema["x-paprika-statuses"].(map[string]any)
	for _, code := range codes {
		got, ok := documented[code]
		if !ok {
			t.Errorf("x-paprika-statuses has no %q (errors.go: %d)", code, statuses[code])
			continue
		}
		if n, ok := got.(int); !ok || n != statuses[code] {
			t.Errorf("x-paprika-statuses[%q] is %v; errors.go answers %d", code, got, statuses[code])
		}
	}
	for code := range documented {
		if _, ok := statuses[code]; !ok {
			t.Errorf("x-paprika-statuses has %q, which errors.go does not know", code)
		}
	}

	// Each code has a response component whose body says that code.
	responses, _ := doc.get("components", "responses").(map[string]any)
	have := map[string]bool{}
	for _, v := range responses {
		if code := openapiErrorConst(t, doc, doc.resolve(t, v)); code != "" {
			have[code] = true
		}
	}
	for _, code := range codes {
		if !have[code] {
			t.Errorf("no response in components.responses documents error code %q", code)
		}
	}
	// The rate-limited body must require limit, and it and busy must declare Retry-After.
	for _, code := range []string{"rate-limited", "busy"} {
		for name, v := range responses {
			resp := doc.resolve(t, v)
			if openapiErrorConst(t, doc, resp) != code {
				continue
			}
			headers, _ := resp["headers"].(map[string]any)
			if _, ok := headers["Retry-After"]; !ok {
				t.Errorf("components.responses.%s (%s) does not declare Retry-After", name, code)
			}
		}
	}
	limit, _ := doc.get("components", "schemas", "Error", "properties", "limit").(map[string]any)
	if limit == nil {
		t.Error("components.schemas.Error has no limit property")
	}
}

// TestOpenAPIRefs checks that every $ref of docs/openapi.yaml resolves.
func TestOpenAPIRefs(t *testing.T) {
	doc := loadOpenAPI(t)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				if _, ok := doc.lookup(ref); !ok {
					t.Errorf("%s: $ref %q does not resolve", path, ref)
				}
			}
			for k, e := range v {
				walk(path+"."+k, e)
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		}
	}
	walk("", doc.root)
}

type openapiStubRenderer struct{}

func (openapiStubRenderer) Render(context.Context, render.Input) (*render.Output, error) {
	return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "no renderer in this test"}
}

// TestOpenAPIRoutesServed sends each documented operation to the real
// Handler(), without a token or a database, and checks that it is not
// answered by the catch-all "no route" (which a method or path that server.go
// does not register gets).
func TestOpenAPIRoutesServed(t *testing.T) {
	doc := loadOpenAPI(t)
	cfg := &config.Config{AdminToken: "adm_openapi_test_token", Tiers: config.DefaultTiers(), Workers: 1,
		DataDir: t.TempDir(), MaxRequestBytes: 1 << 20, MaxBatchBytes: 1 << 20}
	s := New(cfg, nil, slog.New(slog.DiscardHandler), WithRenderer(openapiStubRenderer{}))
	defer s.Close()
	h := s.Handler()
	for _, o := range doc.operations(t) {
		path := openapiPathParam.ReplaceAllStringFunc(o.path, func(p string) string {
			if p == "{index}" {
				return "1"
			}
			return "openapi-test"
		})
		req := httptest.NewRequest(o.method, path, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("X-Request-Id") == "" {
			t.Errorf("%s: the answer has no X-Request-Id", o.key())
		}
		if rec.Code == http.StatusMethodNotAllowed {
			t.Errorf("%s is documented but the server answers 405, Allow: %s", o.key(), rec.Header().Get("Allow"))
		}
		if rec.Code != http.StatusNotFound {
			continue
		}
		var body errorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if strings.HasPrefix(body.Message, "Not found: no route") {
			t.Errorf("%s is documented but the server answers %q", o.key(), body.Message)
		}
	}
}
