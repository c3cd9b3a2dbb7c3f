// Package paprika holds the domain: the words every other package shares.
// Tenants, keys and their principals; jobs, batches, records, their sources,
// outputs and statuses; claimed items and their results; and the error type
// whose code becomes the API's error body, with its codes (docs/api.md). It
// depends on nothing of the adapters (postgres, chromium, storage).
package paprika

import (
	"errors"
	"fmt"
)

// Error codes of docs/api.md, each with one HTTP status (see internal/api).
const (
	CodeBadRequest   = "bad-request"
	CodeUnauthorized = "unauthorized"
	CodeForbidden    = "forbidden"
	CodeNotFound     = "not-found"
	// CodeMethodNotAllowed: the path is a route, not with this method (405,
	// with Allow).
	CodeMethodNotAllowed = "method-not-allowed"
	// CodeRangeNotSatisfiable: a download's Range lies past the document's
	// end (416, with Content-Range: bytes */SIZE).
	CodeRangeNotSatisfiable = "range-not-satisfiable"
	CodeConflict            = "conflict"
	CodePayloadTooLarge     = "payload-too-large"
	CodeTemplateError       = "template-error"
	CodeRateLimited         = "rate-limited"
	CodeBusy                = "busy"
	CodeUnavailable         = "unavailable" // PostgreSQL or the output store cannot be reached
	CodeInternal            = "internal"
)

// Codes a failed render or job carries ({code, message} of a failed job; the
// API's answer to a failed synchronous render). template-error and
// render-limit are the tenant's doing and never retried; the others are
// retried by the scheduler until MaxAttempts.
const (
	// CodeRenderLimit: the page went past a limit of one render (memory,
	// output size, pages). The tenant's, never held against Chromium.
	CodeRenderLimit   = "render-limit"
	CodeRenderTimeout = "render-timeout"
	CodeRenderFailed  = "render-failed"
	CodeWorkerLost    = "worker-lost"
)

// Retryable reports whether work that failed with code goes back to the
// queue (until MaxAttempts) rather than failing at once: only a failure of
// the service (render-failed: a browser that crashed, a store that failed).
// A render that timed out is not rendered again as it was: it would time
// out again, holding a slot for as long each time.
func Retryable(code string) bool {
	return code == CodeRenderFailed
}

// Error is an error a tenant or operator may see: its code picks the status
// and its message is shown as is. Anything else is internal and hidden.
type Error struct {
	Code    string
	Message string
	// RetryAfter is the seconds for the Retry-After header (rate-limited, busy, unavailable).
	RetryAfter int
	// Limit is the tier's ratePerMinute (rate-limited).
	Limit int
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf returns an *Error with code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// BadRequest is a 400 whose message starts "Bad request: " as docs/api.md
// shows.
func BadRequest(format string, args ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: "Bad request: " + fmt.Sprintf(format, args...)}
}

// NotFound says that what was asked for does not exist for this tenant.
func NotFound(what string) *Error {
	return &Error{Code: CodeNotFound, Message: "Not found: no such " + what}
}

// ErrorCode returns the code of err: an *Error's, else internal.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
