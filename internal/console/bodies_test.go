package console_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/console"
)

// The console reads its forms under the process's budget of bodies, the
// API's: a sign-in form that finds no room is answered 503 with
// Retry-After and says why, and takes nothing from the budget after.
func TestConsoleBodiesShareTheBudget(t *testing.T) {
	t.Parallel()
	budget := api.NewBodyBudget(1 << 10)
	c := console.New(console.Config{Bodies: budget, Logger: slog.New(slog.DiscardHandler)})
	hs := httptest.NewServer(c.Handler())
	t.Cleanup(hs.Close)

	form := url.Values{"csrf": {"x"}, "secret": {strings.Repeat("s", 4<<10)}}.Encode()
	resp, err := hs.Client().Post(hs.URL+"/console/signin", "application/x-www-form-urlencoded", strings.NewReader(form))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s", body)
	require.Equal(t, "1", resp.Header.Get("Retry-After"))
	require.Contains(t, string(body), "too many large bodies")
	require.Zero(t, budget.InUse())
}
