package console

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/paprikahq/paprika/internal/api"
)

// apiError is an error answer of the API, shown to the user as the API
// wrote it.
type apiError struct {
	Status     int
	Code       string `json:"code"`
	Message    string `json:"message"`
	RequestID  string `json:"requestId"`
	RetryAfter string
	// SignIn is where to sign in again, shown on the page of a form posted
	// after its session ended.
	SignIn string `json:"-"`
}

func (e *apiError) Error() string { return e.Message }

// buffered is the response of an in-process API call.
type buffered struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *buffered) Header() http.Header { return b.header }

func (b *buffered) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *buffered) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

// apiRequest makes a request to the API acting for s. body is sent as
// JSON unless it is already []byte.
func apiRequest(r *http.Request, s *session, method, path string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		b, ok := body.([]byte)
		if !ok {
			// Not json.Marshal: it would store the sample data typed as
			// "A & B" with \u0026 in it (raw JSON is passed through
			// escaped), which every later reader would see.
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(body); err != nil {
				return nil, err
			}
			b = buf.Bytes()
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(r.Context(), method, path, rd)
	if err != nil {
		return nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.RemoteAddr = r.RemoteAddr
	return api.AsCaller(req, s.caller()), nil
}

// send calls the API in-process for s and returns its buffered answer; an
// error answer is an *apiError.
func (c *Console) send(r *http.Request, s *session, method, path string, body any) (*buffered, error) {
	req, err := apiRequest(r, s, method, path, body)
	if err != nil {
		return nil, err
	}
	resp := &buffered{header: http.Header{}}
	c.cfg.API.ServeHTTP(resp, req)
	if resp.status >= 300 && resp.status < 400 {
		// The API's mux redirects paths that are not clean (an id holding
		// "../"); the console follows no redirect of the API.
		return nil, &apiError{Status: http.StatusNotFound, Message: "Not found: no such page."}
	}
	if resp.status >= 400 {
		e := &apiError{Status: resp.status, RetryAfter: resp.header.Get("Retry-After")}
		_ = decodeAPIError(resp.body.Bytes(), e)
		return nil, e
	}
	return resp, nil
}

// decodeAPIError reads the API's error body into e, with a message of its
// own when the body is not one.
func decodeAPIError(body []byte, e *apiError) error {
	err := json.Unmarshal(body, e)
	if err != nil || e.Message == "" {
		e.Message = fmt.Sprintf("The API answered %d", e.Status)
	}
	return err
}

// call is send for a JSON answer, decoded into out when out is not nil.
func (c *Console) call(r *http.Request, s *session, method, path string, body, out any) error {
	resp, err := c.send(r, s, method, path, body)
	if err != nil {
		return err
	}
	if out == nil || resp.body.Len() == 0 {
		return nil
	}
	return json.Unmarshal(resp.body.Bytes(), out)
}

// page is a list answer of the API.
type page[T any] struct {
	Data []T    `json:"data"`
	Next string `json:"next"`
}
