// Package docs holds the documents the binary serves: the OpenAPI
// description of the API, embedded so that `GET /v1/openapi.yaml` answers
// exactly the file that is checked against the code.
package docs

import _ "embed"

// OpenAPI is docs/openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPI []byte
