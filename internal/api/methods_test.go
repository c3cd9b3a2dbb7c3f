package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMethodNotAllowed: a method a route's path does not take is 405
// method-not-allowed, the one error body, with Allow listing the methods
// the path takes (GET routes take HEAD too), before any token is asked
// for; a path no route has is still 404, whatever the method.
func TestMethodNotAllowed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	for _, c := range []struct{ method, path, allow string }{
		{http.MethodPut, "/v1/jobs", "GET, HEAD, POST"},
		{http.MethodPost, "/v1/jobs/6f1c1f3e-5d0e-4a59-9b89-1f3c8e7a2b10", "GET, HEAD, DELETE"},
		{http.MethodPatch, "/healthz", "GET, HEAD"},
		{http.MethodDelete, "/v1/admin/tenants", "GET, HEAD, POST"},
		{http.MethodPost, "/v1/templates/invoice", "GET, HEAD, PUT, DELETE"},
		{http.MethodPut, "/v1/admin/tenants/acme", "GET, HEAD, PATCH, DELETE"},
		{http.MethodOptions, "/v1/renders", "POST"},
		{http.MethodDelete, "/v1/batches/6f1c1f3e-5d0e-4a59-9b89-1f3c8e7a2b10/output", "GET, HEAD"},
	} {
		resp, body := e.do(t, c.method, c.path, "", nil)
		msg := requireError(t, http.StatusMethodNotAllowed, "method-not-allowed", resp, body).Message
		require.Equal(t, c.allow, resp.Header.Get("Allow"), "%s %s", c.method, c.path)
		require.Equal(t, fmt.Sprintf("Method not allowed: %s takes %s, not %s", c.path, c.allow, c.method), msg)
	}
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/v1/nothing"}, {http.MethodDelete, "/v1/nothing"}, {http.MethodPost, "/"},
		{http.MethodGet, "/v1/jobs/a/b/c"}, {http.MethodPut, "/v1/jobs/../jobs"},
	} {
		resp, body := e.do(t, c.method, c.path, "", nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		require.Empty(t, resp.Header.Get("Allow"))
	}
	// The right method still reaches the route (and asks for its token).
	resp, body := e.do(t, http.MethodGet, "/v1/jobs", "", nil)
	requireError(t, http.StatusUnauthorized, "unauthorized", resp, body)
}

// TestRangeNotSatisfiable: a Range past a stored document's end is 416
// range-not-satisfiable in the one error body, with Content-Range giving
// the document's size, from either store (TestOutputDownloads has the
// ranges within it).
func TestRangeNotSatisfiable(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupWork(t, vars, nil)
		key := e.tenantKey(t, "acme", ScopeRender)
		job := e.postJob(t, key, htmlJob("<p>{{text}}</p>", map[string]any{"text": "range"}))
		e.startWorker(t, nil)
		e.waitJob(t, key, job.ID, "done")
		get := func(h map[string]string) (*http.Response, []byte) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+"/v1/jobs/"+job.ID+"/output", nil)
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+key)
			for k, v := range h {
				req.Header.Set(k, v)
			}
			return e.send(t, req)
		}
		resp, doc := get(nil)
		requireStatus(t, http.StatusOK, resp, doc)
		size := len(doc)
		for _, r := range []string{fmt.Sprintf("bytes=%d-", size), "bytes=99999999-", fmt.Sprintf("bytes=%d-%d,%d-", size, size+5, size+10)} {
			resp, body := get(map[string]string{"Range": r})
			msg := requireError(t, http.StatusRequestedRangeNotSatisfiable, "range-not-satisfiable", resp, body).Message
			require.Equal(t, fmt.Sprintf("bytes */%d", size), resp.Header.Get("Content-Range"), r)
			require.Equal(t, fmt.Sprintf("Range not satisfiable: the document is %d bytes long; ask for a range within it", size), msg)
			require.False(t, strings.Contains(string(body), "invalid range"), "not Go's plain text: %s", body)
		}
	})
}
