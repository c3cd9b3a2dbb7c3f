// Package wire is the JSON the API speaks (docs/openapi.yaml): the shapes
// of its answers (a job, a batch and its records, a template, an asset,
// usage, a tenant's keys, webhook events…), each named after its schema in
// docs/openapi.yaml, and the functions that make them from the domain's
// values. The api encodes its answers from these types, a webhook carries
// the same job or batch JSON, and the console and the command line decode
// the API's answers into them, so that none of them can drift from the
// others. Its one reason to change is the wire format: it does no I/O and
// knows nothing of HTTP.
package wire
