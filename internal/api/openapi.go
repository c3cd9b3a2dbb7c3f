package api

import (
	"net/http"
	"strconv"

	"github.com/paprikahq/paprika/docs"
)

// openapi serves docs/openapi.yaml, the description this binary was built
// with, for client generators and API browsers. No token: it describes the
// API, not any tenant's data.
func (s *Server) openapi(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/yaml")
	w.Header().Set("Content-Length", strconv.Itoa(len(docs.OpenAPI)))
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(docs.OpenAPI) // the client may have gone
	return nil
}
