package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
)

// statuses maps every error code to its one HTTP status (SPEC §3).
var statuses = map[string]int{
	paprika.CodeBadRequest:      http.StatusBadRequest,
	paprika.CodeUnauthorized:    http.StatusUnauthorized,
	paprika.CodeForbidden:       http.StatusForbidden,
	paprika.CodeNotFound:        http.StatusNotFound,
	paprika.CodeConflict:        http.StatusConflict,
	paprika.CodePayloadTooLarge: http.StatusRequestEntityTooLarge,
	paprika.CodeTemplateError:   http.StatusUnprocessableEntity,
	paprika.CodeRateLimited:     http.StatusTooManyRequests,
	paprika.CodeBusy:            http.StatusServiceUnavailable,
	paprika.CodeUnavailable:     http.StatusServiceUnavailable,
	paprika.CodeInternal:        http.StatusInternalServerError,
}

type errorBody struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
	Limit     *int   `json:"limit,omitempty"`
}

// writeError is the one writer of error bodies. An error that is not a
// *paprika.Error is a bug: it is logged with the request id and shown as
// internal, with nothing of its text.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	id := requestID(r.Context())
	var e *paprika.Error
	if !errors.As(err, &e) {
		s.log.ErrorContext(r.Context(), "internal error", "requestId", id, "method", r.Method, "path", r.URL.Path, "err", err)
		e = &paprika.Error{Code: paprika.CodeInternal, Message: "Internal error: it has been logged with the request id"}
	}
	status, ok := statuses[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	body := errorBody{Code: e.Code, Message: e.Message, RequestID: id}
	if e.Code == paprika.CodeRateLimited {
		body.Limit = &e.Limit
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	writeJSON(w, status, body)
}

// logLevelFor keeps client errors out of the error log.
func logLevelFor(status int) slog.Level {
	if status >= 500 {
		return slog.LevelError
	}
	return slog.LevelInfo
}
