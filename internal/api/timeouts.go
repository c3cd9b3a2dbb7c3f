package api

import (
	"log"
	"net/http"
	"time"
)

// Timeouts are the connection limits of every HTTP server of the process
// (the api, the worker's health and metrics port, dev mode). A client that
// trickles its request body, or holds connections open doing nothing,
// holds a goroutine and a file descriptor each: without a limit a few
// thousand such connections take the process down for every tenant.
type Timeouts struct {
	// Header is how long a client has to send its request's headers.
	Header time.Duration
	// Body is how long after its headers a request's body must be whole,
	// however slowly it trickles; the connection is cut past it.
	Body time.Duration
	// BatchBody is Body for POST /v1/batches, whose body may be large.
	BatchBody time.Duration
	// Idle is how long a keep-alive connection may wait for its next request.
	Idle time.Duration
}

// DefaultTimeouts are the production limits (docs/operations.md). Tests
// use shorter ones.
func DefaultTimeouts() Timeouts {
	return Timeouts{Header: 10 * time.Second, Body: 60 * time.Second, BatchBody: 10 * time.Minute, Idle: 120 * time.Second}
}

// NewHTTPServer returns the server h is served with, under t. It has no
// WriteTimeout and no ReadTimeout: a download or a render may take longer
// than any body deadline, and only the body's reading is bounded (see
// bodyDeadline). errorLog may be nil.
func NewHTTPServer(h http.Handler, t Timeouts, errorLog *log.Logger) *http.Server {
	return &http.Server{Handler: t.bodyDeadline(h), ReadHeaderTimeout: t.Header, IdleTimeout: t.Idle, ErrorLog: errorLog}
}

// isBatchUpload reports the one route whose body gets BatchBody.
func isBatchUpload(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/v1/batches"
}

// bodyDeadline sets, for a request with a body, a read deadline on its
// connection of Body (BatchBody) from now: a read of the body past it
// fails, the handler answers 400 bad-request (the body ended early), and
// the server closes the connection after it; a body no handler reads is
// drained by the server under the same deadline. Once the body has been
// read to its end, net/http clears the deadline itself as it starts its
// own read of the connection, which only watches for the client going
// away: a long render or download after the body is not cut. A request
// without a body gets no deadline, since that watching read starts at
// once and a deadline on it would cancel the request's context.
func (t Timeouts) bodyDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			next.ServeHTTP(w, r)
			return
		}
		d := t.Body
		if isBatchUpload(r) {
			d = t.BatchBody
		}
		if d > 0 {
			// ErrNotSupported (a writer without a connection) leaves the
			// request as it was.
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
		}
		next.ServeHTTP(w, r)
	})
}
