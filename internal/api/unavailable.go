package api

import "github.com/paprikahq/paprika/internal/paprika"

// unavailableRetryAfter is the Retry-After of an unavailable answer: long
// enough for PostgreSQL to restart, short enough to notice it has.
const unavailableRetryAfter = 5

// errUnavailable is the answer to an unreachable PostgreSQL or store
// (unreachable.Is).
var errUnavailable = &paprika.Error{
	Code:       paprika.CodeUnavailable,
	Message:    "Unavailable: the service cannot reach its database or output store just now; retry shortly",
	RetryAfter: unavailableRetryAfter,
}
