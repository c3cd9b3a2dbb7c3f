package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/unreachable"
)

// statuses maps every error code to its one HTTP status (docs/api.md).
var statuses = map[string]int{
	paprika.CodeBadRequest:          http.StatusBadRequest,
	paprika.CodeUnauthorized:        http.StatusUnauthorized,
	paprika.CodeForbidden:           http.StatusForbidden,
	paprika.CodeNotFound:            http.StatusNotFound,
	paprika.CodeMethodNotAllowed:    http.StatusMethodNotAllowed,
	paprika.CodeRangeNotSatisfiable: http.StatusRequestedRangeNotSatisfiable,
	paprika.CodeConflict:            http.StatusConflict,
	paprika.CodePayloadTooLarge:     http.StatusRequestEntityTooLarge,
	paprika.CodeTemplateError:       http.StatusUnprocessableEntity,
	paprika.CodeRenderLimit:         http.StatusUnprocessableEntity,
	paprika.CodeRateLimited:         http.StatusTooManyRequests,
	paprika.CodeBusy:                http.StatusServiceUnavailable,
	paprika.CodeUnavailable:         http.StatusServiceUnavailable,
	paprika.CodeInternal:            http.StatusInternalServerError,
	paprika.CodeRenderTimeout:       http.StatusGatewayTimeout,
	paprika.CodeRenderFailed:        http.StatusBadGateway,
}

// renderMessages start the message of each failed render's answer.
var renderMessages = map[string]string{
	paprika.CodeTemplateError: "Template error: ",
	paprika.CodeRenderLimit:   "Render limit: ",
	paprika.CodeRenderTimeout: "Render timeout: ",
	paprika.CodeRenderFailed:  "Render failed: ",
}

// renderError is the one translation of a failed render into the API's
// answer, through render.Failure: the template's fault is 422
// template-error; a page that runs past the render timeout is 504
// render-timeout; a browser failure is 502 render-failed. An error that is
// not a render's is left as it is.
func renderError(err error) error {
	var re *paprika.Error
	if !errors.As(err, &re) {
		return err
	}
	code, msg := render.Failure(err)
	return &paprika.Error{Code: code, Message: renderMessages[code] + msg}
}

type errorBody struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
	Limit     *int   `json:"limit,omitempty"`
}

// writeError is the one writer of error bodies. An error that says the
// database or the output store cannot be reached is 503 unavailable with
// Retry-After (unreachable.Is); any other error that is not a
// *paprika.Error is a bug. Both are logged with the request id and shown
// with nothing of their text.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	id := requestID(r.Context())
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		s.clientGone(w, r, err)
		return
	}
	var e *paprika.Error
	switch {
	case errors.As(err, &e):
	case unreachable.Is(err):
		s.log.WarnContext(r.Context(), "unavailable", "requestId", id, "method", r.Method, "path", r.URL.Path, "err", err)
		e = errUnavailable
	default:
		s.log.ErrorContext(r.Context(), "internal error", "requestId", id, "method", r.Method, "path", r.URL.Path, "err", err)
		e = &paprika.Error{Code: paprika.CodeInternal, Message: "Internal error: it has been logged with the request id"}
	}
	status, ok := statuses[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if sw, ok := w.(*statusWriter); ok {
		sw.code = e.Code
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

// A request whose client went away before its answer is counted and
// logged with codeClientGone and statusClientGone (nginx's 499), never as
// 500 internal: nobody reads its answer, and a client hanging up is not the
// service failing, so neither its 5xx metrics nor its alerts count it.
const (
	codeClientGone   = "client-gone"
	statusClientGone = 499
)

// clientGone ends a request whose client went away (its context is
// canceled: the connection closed, or the stream was reset) and whose
// handler failed because of that: a render or a query canceled with it.
// It is logged at info with what it was doing, and nothing is written to
// the closed connection. A handler that failed for a reason of its own
// answers it as ever: a body cut at its deadline also cancels the
// request's context, and its client still waits for the 400.
func (s *Server) clientGone(w http.ResponseWriter, r *http.Request, err error) {
	s.log.InfoContext(r.Context(), "client gone", "requestId", requestID(r.Context()),
		"method", r.Method, "path", r.URL.Path, "err", err)
	if sw, ok := w.(*statusWriter); ok && sw.status == 0 {
		sw.status, sw.code = statusClientGone, codeClientGone
	}
}

// logLevelFor keeps client errors (a tenant's render-timeout among them)
// out of the error log, and busy answers
// out of the log at its default level: they are the API working as meant
// (paprika_busy_total counts them), and a client retrying without honouring
// Retry-After sent thousands a second, each an ERROR line (bench/storm:
// 454,467 in one run).
func logLevelFor(status int, code string) slog.Level {
	switch {
	case code == paprika.CodeBusy:
		return slog.LevelDebug
	case code == paprika.CodeRenderTimeout:
		// The tenant's page took too long: its own, as a 4xx is.
		return slog.LevelInfo
	case status >= 500:
		return slog.LevelError
	}
	return slog.LevelInfo
}
