package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// apiClient is the command line's client of a Paprika API: one base URL, one
// bearer token, JSON in and out.
type apiClient struct {
	base  string // PAPRIKA_URL, without a trailing slash
	token string
	http  *http.Client
}

// apiError is an error answer of the API: {code, message, requestId}. Its
// Error is the API's message, word for word.
type apiError struct {
	Status    int    `json:"-"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
	Limit     *int   `json:"limit,omitempty"`

	body []byte // the answer as sent, printed by --json
}

func (e *apiError) Error() string { return e.Message }

// newAPIClient checks the URL and token once, so that a typo is reported
// before any request.
func newAPIClient(rawURL, token, tokenVar string) (*apiClient, error) {
	if rawURL == "" {
		return nil, usageError("PAPRIKA_URL is not set: export PAPRIKA_URL=http://localhost:4180 (or give --url)")
	}
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usageError(fmt.Sprintf("PAPRIKA_URL is %q, not an http(s) URL such as http://localhost:4180", rawURL))
	}
	if token == "" {
		return nil, usageError(tokenVar + " is not set: export it (paprika dev prints one)")
	}
	return &apiClient{
		base:  strings.TrimRight(rawURL, "/"),
		token: token,
		http:  &http.Client{Timeout: 30 * time.Second},
	}, nil
}

// do sends method path with in as its JSON body (none when nil) and decodes
// a JSON answer into out (when not nil). A non-2xx answer is an *apiError.
func (c *apiClient) do(ctx context.Context, method, path string, in, out any) error {
	resp, err := c.send(ctx, c.http, method, path, in)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%s %s: reading the answer: %v", method, path, err)
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the answer is not the JSON expected: %v", method, path, err)
	}
	return nil
}

// download copies the body of GET path into w as it arrives: an output may
// be far larger than a JSON answer, and take longer than do's 30 s, so only
// ctx bounds it. A non-2xx answer is an *apiError, and nothing is written.
func (c *apiClient) download(ctx context.Context, path string, w io.Writer) (int64, error) {
	client := *c.http
	client.Timeout = 0
	resp, err := c.send(ctx, &client, http.MethodGet, path, nil)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		return n, fmt.Errorf("GET %s: after %d bytes: %v", path, n, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return n, fmt.Errorf("GET %s: %d bytes of %d arrived", path, n, resp.ContentLength)
	}
	return n, nil
}

// rawBody is a request body sent as it is, with its media type: a file
// uploaded as an asset.
type rawBody struct {
	ContentType string
	Data        []byte
}

// send sends method path with in as its JSON body (none when nil; a
// rawBody as it is) and
// returns a 2xx answer for its caller to read and close; any other answer
// is an *apiError (or says it is not Paprika's).
func (c *apiClient) send(ctx context.Context, client *http.Client, method, path string, in any) (*http.Response, error) {
	var body io.Reader
	contentType := "application/json"
	switch in := in.(type) {
	case nil:
	case rawBody:
		body, contentType = bytes.NewReader(in.Data), in.ContentType
	default:
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return nil, fmt.Errorf("cannot reach %s: %v", c.base, err)
	}
	if resp.StatusCode < 300 {
		return resp, nil
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("%s %s: reading the answer: %v", method, path, err)
	}
	e := &apiError{Status: resp.StatusCode, body: b}
	if json.Unmarshal(b, e) != nil || e.Message == "" {
		// Not Paprika's error body: a proxy in between, or not Paprika.
		return nil, fmt.Errorf("%s %s answered %s, not a Paprika error body: %.200q", method, c.base+path, resp.Status, b)
	}
	return nil, e
}

// page is one page of a list: {data, next}.
type page[T any] struct {
	Data []T    `json:"data"`
	Next string `json:"next"`
}

// listAll reads every page of a list, 1,000 at a time.
func listAll[T any](ctx context.Context, c *apiClient, path string) ([]T, error) {
	var all []T
	after := ""
	for {
		q := url.Values{"limit": {"1000"}}
		if after != "" {
			q.Set("after", after)
		}
		var p page[T]
		if err := c.do(ctx, http.MethodGet, path+"?"+q.Encode(), nil, &p); err != nil {
			return nil, err
		}
		all = append(all, p.Data...)
		if p.Next == "" {
			return all, nil
		}
		after = p.Next
	}
}
