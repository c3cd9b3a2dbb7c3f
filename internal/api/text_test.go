package api

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// badTexts are the three kinds of text PostgreSQL cannot store, as they
// appear inside a JSON string, each with what the 400 says of it.
var badTexts = []struct{ name, json, says string }{
	{"NUL", `\u0000`, "NUL"},
	{"lone surrogate", `\ud800`, "surrogate"},
	{"low surrogate first", `\udc00\ud800`, "surrogate"},
	{"invalid UTF-8", "\xff\xfe", "not UTF-8"},
	{"an encoded surrogate", "\xed\xa0\x80", "not UTF-8"},
}

// badPathIDs are path segments (escaped) that no id of any kind has.
var badPathIDs = []string{"%00", "a%00b", "%FF", "%ED%A0%80", "..", "a%20b", strings.Repeat("a", 300), "%2E%2E%2Fetc"}

// goodPathIDs give each wildcard a value of the right shape.
var goodPathIDs = map[string]string{
	"tenants/{id}":        "acme",
	"keys/{keyId}":        "key_abcdefgh",
	"jobs/{id}":           "6b0e0b8e-5c2c-4a43-9b7c-3a6a2f3d9f10",
	"batches/{id}":        "6b0e0b8e-5c2c-4a43-9b7c-3a6a2f3d9f10",
	"records/{index}":     "1",
	"templates/{id}":      "invoice",
	"assets/{name}":       "fonts/brand.woff2",
	"certificates/{name}": "brand-signer",
}

// bodies gives each route that takes a JSON body one body whose BAD is
// replaced by each bad text, and the field the 400 must name.
var bodies = map[string]struct{ body, field string }{
	"POST /v1/admin/tenants":                     {`{"id": "x1", "name": "aBADb"}`, "name"},
	"PATCH /v1/admin/tenants/{id}":               {`{"name": "BAD"}`, "name"},
	"POST /v1/admin/tenants/{id}/keys":           {`{"name": "k", "scopes": ["render"], "tier": "BAD"}`, "tier"},
	"POST /v1/renders":                           {`{"template": "<p>x</p>", "data": {"a": {"b": "BAD"}}}`, "data.a.b"},
	"POST /v1/jobs":                              {`{"template": "<p>x</p>", "metadata": {"note": "xBAD"}}`, "metadata.note"},
	"POST /v1/batches":                           {`{"template": "<p>x</p>", "records": [{"a": 1}, {"c": ["ok", "BAD"]}]}`, "records[1].c[1]"},
	"POST /v1/templates":                         {`{"id": "t1", "content": "<p>BAD</p>"}`, "content"},
	"PUT /v1/templates/{id}":                     {`{"content": "<p>x</p>", "name": "BAD"}`, "name"},
	"POST /v1/admin/tenants/{id}/webhook-secret": {"", ""}, // takes no body
	"PUT /v1/assets/{name}":                      {"", ""}, // takes raw bytes, not JSON
	"PUT /v1/certificates/{name}":                {`{"pkcs12": "AAAA", "password": "xBAD"}`, "password"},
}

// Every route, tried as an attacker would: a path id of the wrong shape is
// 404 not-found, and text PostgreSQL cannot store, anywhere in a body, is
// 400 bad-request naming the field. Nothing is a 500.
func TestEveryRouteRefusesUnstorableText(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	e.createTenant(t, "acme")
	key := e.createKey(t, "acme", ScopeRender, ScopeTemplates, ScopeRead).Secret
	tokenFor := func(r openapiRoute) string {
		if r.auth == "admin" {
			return e.AdminToken
		}
		return key
	}
	send := func(t *testing.T, method, path, token, ctype, body string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), method, e.HTTP.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		return e.send(t, req)
	}

	tried := 0
	for _, r := range serverRoutes(t) {
		if r.auth == "" {
			continue // no ids, no stored input
		}
		segs := strings.Split(r.path, "/")
		// A path id of the wrong shape, in each wildcard in turn.
		for i, seg := range segs {
			if !strings.HasPrefix(seg, "{") {
				continue
			}
			for _, bad := range badPathIDs {
				path := make([]string, len(segs))
				for j, s := range segs {
					path[j] = s
					if strings.HasPrefix(s, "{") {
						good, ok := goodPathIDs[segs[j-1]+"/"+s]
						require.True(t, ok, "route %s: give %s a good id in goodPathIDs", r.key(), s)
						path[j] = good
					}
				}
				path[i] = bad
				resp, body := send(t, r.method, strings.Join(path, "/"), tokenFor(r), "application/json", `{}`)
				requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
				tried++
			}
		}
		if r.method == http.MethodGet || r.method == http.MethodDelete {
			continue
		}
		b, ok := bodies[r.key()]
		require.True(t, ok, "route %s takes a body: add one with a stored field to bodies", r.key())
		if b.body == "" {
			continue
		}
		path := r.path
		for k, v := range goodPathIDs {
			_, name, _ := strings.Cut(k, "/")
			if strings.HasSuffix(strings.SplitN(path, name, 2)[0], strings.Split(k, "/")[0]+"/") {
				path = strings.Replace(path, name, v, 1)
			}
		}
		for _, bad := range badTexts {
			resp, body := send(t, r.method, path, tokenFor(r), "application/json", strings.ReplaceAll(b.body, "BAD", bad.json))
			eb := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
			require.Contains(t, eb.Message, b.field+" holds", "%s with %s", r.key(), bad.name)
			require.Contains(t, eb.Message, bad.says, "%s with %s", r.key(), bad.name)
			tried++
		}
	}
	require.Greater(t, tried, 200)

	// A batch sent as NDJSON: the first line and every record line.
	for _, bad := range badTexts {
		resp, body := send(t, http.MethodPost, "/v1/batches", key, "application/x-ndjson",
			`{"template": "<p>x</p>"}`+"\n"+`{"a": 1}`+"\n"+`{"city": "`+bad.json+`"}`+"\n")
		eb := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
		require.Contains(t, eb.Message, "records[1].city holds", bad.name)
		require.Contains(t, eb.Message, "(line 3)", bad.name)
		resp, body = send(t, http.MethodPost, "/v1/batches", key, "application/x-ndjson",
			`{"template": "<p>`+bad.json+`</p>"}`+"\n"+`{"a": 1}`+"\n")
		eb = requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
		require.Contains(t, eb.Message, "template holds", bad.name)
		require.Contains(t, eb.Message, "(line 1)", bad.name)
	}

	// A field name, not only a value.
	resp, body := send(t, http.MethodPost, "/v1/jobs", key, "application/json", `{"template": "<p>x</p>", "data": {"a\u0000": 1}}`)
	eb := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	require.Contains(t, eb.Message, "a field name in data holds")

	// Cursors of every list.
	for _, list := range []string{"/v1/admin/tenants", "/v1/admin/tenants/acme/keys", "/v1/jobs", "/v1/batches", "/v1/templates",
		"/v1/batches/" + goodPathIDs["batches/{id}"] + "/records"} {
		token := key
		if strings.HasPrefix(list, "/v1/admin/") {
			token = e.AdminToken
		}
		for _, bad := range []string{"\x00", "\xff", "\xed\xa0\x80"} {
			resp, body := send(t, http.MethodGet, list+"?after="+url.QueryEscape(bad), token, "", "")
			eb := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
			require.Contains(t, eb.Message, "after", list)
		}
	}

	// Nothing was stored; nothing was a 500.
	require.NotContains(t, e.Logs(), `"status":500`)
}
