package webhook

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
)

// loopbackClient is a client allowed to reach the test receivers on
// 127.0.0.1, with an attempt limit of d.
func loopbackClient(t *testing.T, d time.Duration) *Client {
	t.Helper()
	c := NewClient(ClientOptions{Allow: NewAllowList([]string{"127.0.0.1"})})
	c.timeout = d
	t.Cleanup(c.CloseIdleConnections)
	return c
}

// TestReceiverThatHangs costs one attempt's limit and no more.
func TestReceiverThatHangs(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	c := loopbackClient(t, 300*time.Millisecond)
	_, err := c.Post(t.Context(), srv.URL, "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
	require.ErrorContains(t, err, "no answer within 300ms") // the client's own timeout ended it, not the server
}

// TestReceiverThatFloods: an endless answer is read up to 64 KiB, endless
// headers are refused.
func TestReceiverThatFloods(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/headers" {
			w.Header().Set("X-Flood", strings.Repeat("x", 2*MaxAnswerBytes))
		}
		w.WriteHeader(http.StatusOK)
		chunk := []byte(strings.Repeat("flood", 1<<14))
		for {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	c := loopbackClient(t, 5*time.Second)
	ans, err := c.Post(t.Context(), srv.URL, "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
	require.NoError(t, err)
	require.True(t, ans.OK())
	require.Len(t, ans.Body, MaxAnswerBytes)

	_, err = c.Post(t.Context(), srv.URL+"/headers", "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
	require.Error(t, err)
}

func TestAnswerError(t *testing.T) {
	t.Parallel()
	require.Equal(t, "the receiver answered 500: oops", answerError(Answer{Status: 500, Body: []byte(" oops\n")}))
	long := answerError(Answer{Status: 503, Body: []byte(strings.Repeat("é", 300) + "\x00\xff")})
	require.Less(t, len(long), 260)
	require.NotContains(t, long, "\x00")
	require.Equal(t, "the receiver answered 503: bad\ufffdbytes and a NUL", answerError(Answer{Status: 503, Body: []byte("bad\xffbytes and a NUL\x00")}))
}
