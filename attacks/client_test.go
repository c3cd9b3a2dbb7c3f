package attacks

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// httpClient is every request's, with a deadline past any render's: a
// request that is not answered in it fails the attack that sent it.
var httpClient = &http.Client{Timeout: 3 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

// answer is one HTTP exchange's outcome.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(v any) error { return json.Unmarshal(a.body, v) }

// errorBody is the one error body of every refusal.
type errorBody struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"requestId"`
}

// raw is a body sent as it is, with its Content-Type.
type raw struct {
	contentType string
	body        []byte
}

// do sends one request to the api; errors are returned, not fatal, so that
// goroutines may call it. body is nil, a string (JSON), raw, or anything
// encoding/json takes.
func (w *world) do(ctx context.Context, method, path, token string, body any) (answer, error) {
	var rd io.Reader
	ctype := "application/json"
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case raw:
		rd, ctype = bytes.NewReader(b.body), b.contentType
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(ctx, method, w.api.URL(path), rd)
	if err != nil {
		return answer{}, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if rd != nil {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	return answer{resp.StatusCode, resp.Header, b}, nil
}

// must is do that fails the test on an error or another status.
func (w *world) must(t testing.TB, method, path, token string, body any, want int) answer {
	t.Helper()
	a, err := w.do(t.Context(), method, path, token, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if a.status != want {
		t.Fatalf("%s %s: %d, want %d: %.500s", method, path, a.status, want, a.body)
	}
	return a
}

// refused checks that a is the error body of status and code, and
// returns it.
func refused(t testing.TB, a answer, status int, code string) errorBody {
	t.Helper()
	var e errorBody
	if a.status != status || a.json(&e) != nil || e.Code != code {
		t.Fatalf("answered %d %.500s, want %d %s", a.status, a.body, status, code)
	}
	if e.Message == "" || e.RequestID == "" {
		t.Fatalf("an error body without message or requestId: %s", a.body)
	}
	return e
}

// errorOf decodes a's error body; its code is "" if a is none.
func errorOf(a answer) errorBody {
	var e errorBody
	_ = a.json(&e)
	return e
}
