package console_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The embedded assets: gzipped to who accepts it, the same bytes either
// way, revalidated by ETag, under the console's CSP.
func TestAssets(t *testing.T) {
	e := setup(t)
	get := func(header, value string) *http.Response {
		req := httptest.NewRequestWithContext(t.Context(), http.MethodGet, "/console/static/editor.js", nil)
		if header != "" {
			req.Header.Set(header, value)
		}
		rec := httptest.NewRecorder()
		e.Handler.ServeHTTP(rec, req)
		return rec.Result()
	}
	plain := get("", "")
	require.Equal(t, http.StatusOK, plain.StatusCode)
	require.Equal(t, "text/javascript; charset=utf-8", plain.Header.Get("Content-Type"))
	require.Empty(t, plain.Header.Get("Content-Encoding"))
	require.Contains(t, plain.Header.Get("Content-Security-Policy"), "default-src 'self'")
	want, err := io.ReadAll(plain.Body)
	require.NoError(t, err)

	zipped := get("Accept-Encoding", "gzip, br")
	require.Equal(t, "gzip", zipped.Header.Get("Content-Encoding"))
	require.Equal(t, "text/javascript; charset=utf-8", zipped.Header.Get("Content-Type"))
	require.NotEqual(t, plain.Header.Get("ETag"), zipped.Header.Get("ETag"))
	zr, err := gzip.NewReader(zipped.Body)
	require.NoError(t, err)
	got, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Less(t, zipped.ContentLength, int64(len(want))/2)

	again := get("If-None-Match", plain.Header.Get("ETag"))
	require.Equal(t, http.StatusNotModified, again.StatusCode)

	req := httptest.NewRequestWithContext(t.Context(), http.MethodGet, "/console/static/nothing.js", nil)
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, req)
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.False(t, strings.Contains(rec.Body.String(), "goroutine"))
}
