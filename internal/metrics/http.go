package metrics

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// statusText holds the status label of every HTTP status, made once:
// strconv.Itoa of a three-digit number allocates.
var statusText = func() (t [600]string) {
	for i := 100; i < len(t); i++ {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

// Request counts one answered request and observes its duration. pattern
// is the ServeMux pattern that matched (http.Request.Pattern, e.g.
// "GET /v1/jobs/{id}"), never the raw path, so the route label has as many
// values as there are routes; "" (a request the mux answered itself, such as
// a redirect) is "unmatched".
func (m *Metrics) Request(pattern, method string, status int, elapsed time.Duration) {
	if m == nil {
		return
	}
	route := pattern
	if _, path, ok := strings.Cut(pattern, " "); ok {
		route = path
	}
	if route == "" {
		route = "unmatched"
	}
	method = methodLabel(method)
	code := "other"
	if status >= 100 && status < len(statusText) {
		code = statusText[status]
	}
	m.httpRequests.WithLabelValues(route, method, code).Inc()
	m.httpDuration.WithLabelValues(route, method).Observe(elapsed.Seconds())
}

// ErrorAnswered counts one request answered with an error body, by its
// code: the status alone cannot tell the service's own faults (503
// unavailable) from back pressure (503 busy) or a tenant's own limits (504
// render-timeout), and alerts count only the faults. code is one of the
// API's error codes, a bounded set.
func (m *Metrics) ErrorAnswered(code string) {
	if m == nil {
		return
	}
	m.httpErrors.WithLabelValues(code).Inc()
}

// methodLabel keeps the method label to the standard methods: a client may
// send any token as a method.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "other"
}
