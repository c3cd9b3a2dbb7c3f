package console_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSignInIsThrottled checks that after 20 wrong secrets from one
// address the console answers 429 with Retry-After, even to the right
// secret, without checking it.
func TestSignInIsThrottled(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	signIn := func(s string) *http.Response {
		t.Helper()
		resp, err := c.Get(e.URL + "/console/signin")
		require.NoError(t, err)
		resp.Body.Close()
		u, _ := url.Parse(e.URL + "/console/signin")
		var token string
		for _, ck := range jar.Cookies(u) {
			if ck.Name == "paprika_console_login" {
				token = ck.Value
			}
		}
		require.NotEmpty(t, token)
		resp, err = c.PostForm(e.URL+"/console/signin", url.Values{"csrf": {token}, "secret": {s}})
		require.NoError(t, err)
		return resp
	}
	for i := range 20 {
		resp := signIn("pk_wrong_" + strings.Repeat("x", i))
		resp.Body.Close()
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "attempt %d", i+1)
	}
	resp := signIn(secret)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.NotEmpty(t, resp.Header.Get("Retry-After"))
	require.Contains(t, string(body), "Too many failed sign-ins")
}
