package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// GET /v1/openapi.yaml answers docs/openapi.yaml as it is on disk, without a
// token, as YAML.
func TestOpenAPIServed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	want, err := os.ReadFile(filepath.FromSlash(openapiPath))
	require.NoError(t, err)
	resp, body := e.do(t, http.MethodGet, "/v1/openapi.yaml", "", nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "application/yaml", resp.Header.Get("Content-Type"))
	require.Equal(t, string(want), string(body), "the embedded document is the file")

	resp, body = e.do(t, http.MethodPost, "/v1/openapi.yaml", "", nil)
	requireError(t, http.StatusMethodNotAllowed, "method-not-allowed", resp, body)
	require.Equal(t, "GET, HEAD", resp.Header.Get("Allow"))
}

// GET /metrics answers Prometheus's text format without a token.
func TestMetricsServed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	resp, body := e.do(t, http.MethodGet, "/metrics", "", nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.True(t, strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain"), resp.Header.Get("Content-Type"))
	require.Contains(t, string(body), "# TYPE ")
}
