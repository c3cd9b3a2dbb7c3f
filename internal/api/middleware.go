package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	principalKey
)

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

func newRequestID() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// statusWriter remembers the status for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
	code   string // the error body's code, when writeError wrote one
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe gives every request an id (header, error bodies, logs), logs one
// line per request, and turns a panic into an internal error.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				if sw.status == 0 {
					s.writeError(sw, r, fmt.Errorf("panic: %v", p))
				} else {
					s.log.ErrorContext(r.Context(), "panic after the response started", "requestId", id, "panic", fmt.Sprint(p))
				}
			}
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			elapsed := time.Since(start)
			s.meters.Request(r.Pattern, r.Method, status, elapsed)
			if sw.code != "" {
				s.meters.ErrorAnswered(sw.code)
			}
			s.log.Log(r.Context(), logLevelFor(status, sw.code), "request",
				"requestId", id, "method", r.Method, "path", r.URL.Path, "status", status,
				"bytes", sw.bytes, "ms", float64(elapsed.Microseconds())/1000)
		}()
		next.ServeHTTP(sw, r)
	})
}
