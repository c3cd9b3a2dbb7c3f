package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
)

// The SSRF tests: a canary listens on loopback and counts connections, and
// no spelling of a forbidden address, no name resolving to one and no
// redirect gets a single connection to it. Each URL is tried twice: through
// Post (CheckURL, then the dialer) and straight through the transport,
// bypassing CheckURL, so that the connect-time check is tested on its own.

// loopbackSpellings are the canary's address in every spelling; %d is its port.
var loopbackSpellings = []string{
	"https://127.0.0.1:%d/", "https://127.1:%d/", "https://0x7f.1:%d/", "https://0x7f000001:%d/", "https://2130706433:%d/",
	"https://0177.0.0.1:%d/", "https://127.000.000.001:%d/", "https://0.0.0.0:%d/",
	"https://localhost:%d/", "https://localhost.:%d/", "https://LOCALHOST:%d/", "https://api.localhost:%d/",
	"https://[::1]:%d/", "https://[0:0:0:0:0:0:0:1]:%d/", "https://[::ffff:127.0.0.1]:%d/", "https://[::ffff:7f00:1]:%d/",
	"https://[::]:%d/", "https://[::127.0.0.1]:%d/",
	"http://127.0.0.1:%d/", "http://localhost:%d/", "http://[::1]:%d/",
}

// elsewhere are forbidden addresses with nothing listening here: the dialer
// must refuse them before connecting.
var elsewhere = []string{
	"https://169.254.169.254/latest/meta-data/", "https://[::ffff:169.254.169.254]/", "https://[64:ff9b::a9fe:a9fe]/",
	"https://[fd00:ec2::254]/", "https://100.100.100.200/", "https://10.0.0.1/", "https://172.16.0.1/",
	"https://192.168.1.1/", "https://100.64.0.1/", "https://[fc00::1]/", "https://[fe80::1]/", "https://224.0.0.1/",
	"https://[ff02::1]/", "https://[2002:c0a8:101::]/",
}

func TestNoWebhookReachesLoopback(t *testing.T) {
	t.Parallel()
	canary := webhooktest.NewCanary(t)
	// Every name resolves to loopback here, as a resolver reading 127.1 or
	// 0x7f.1 as an address would (getaddrinfo does), and no query leaves
	// the machine.
	c := NewClient(ClientOptions{Resolver: webhooktest.Resolver(t, netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1"))})
	defer c.CloseIdleConnections()
	secrets := []string{postgres.NewWebhookSecret()}
	for _, spelling := range loopbackSpellings {
		u := fmt.Sprintf(spelling, canary.Port)
		_, err := c.Post(t.Context(), u, "evt_1", secrets, []byte(`{}`))
		require.Error(t, err, u)
		requireRefusedOrUnresolvable(t, u, rawPost(t, c, u))
	}
	for _, u := range elsewhere {
		_, err := c.Post(t.Context(), u, "evt_1", secrets, []byte(`{}`))
		require.Error(t, err, u)
		require.ErrorIs(t, rawPost(t, c, u), ErrForbiddenAddress, u)
	}
	require.Zero(t, canary.Accepts(), "connections that reached the canary")

	// The canary does count: allow-listed, loopback is reached.
	allowed := NewClient(ClientOptions{Allow: NewAllowList([]string{"127.0.0.1"})})
	defer allowed.CloseIdleConnections()
	_ = rawPost(t, allowed, fmt.Sprintf("http://127.0.0.1:%d/", canary.Port))
	require.Equal(t, int64(1), canary.Accepts())
}

// TestNoWebhookFollowsNames: a name that resolves to loopback (DNS
// rebinding: a public name answered with 127.0.0.1 and ::1) passes CheckURL,
// which resolves nothing, and is refused at connect time.
func TestNoWebhookFollowsNames(t *testing.T) {
	t.Parallel()
	canary := webhooktest.NewCanary(t)
	resolver := webhooktest.Resolver(t, netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1"))
	addrs, err := resolver.LookupHost(t.Context(), "rebind.example.com")
	require.NoError(t, err)
	require.Contains(t, addrs, "127.0.0.1", "the test resolver answers")

	c := NewClient(ClientOptions{Resolver: resolver})
	defer c.CloseIdleConnections()
	u := fmt.Sprintf("https://rebind.example.com:%d/hook", canary.Port)
	require.NoError(t, CheckURL(u, nil))
	_, err = c.Post(t.Context(), u, "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
	require.ErrorIs(t, err, ErrForbiddenAddress)
	require.Contains(t, err.Error(), "refused before connecting: ")
	require.ErrorIs(t, rawPost(t, c, u), ErrForbiddenAddress)

	// Metadata behind a name, too.
	meta := NewClient(ClientOptions{Resolver: webhooktest.Resolver(t, netip.MustParseAddr("169.254.169.254"), netip.Addr{})})
	defer meta.CloseIdleConnections()
	_, err = meta.Post(t.Context(), "https://metadata.example.com/", "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
	require.ErrorIs(t, err, ErrForbiddenAddress)
	require.Zero(t, canary.Accepts())
}

// TestNoWebhookFollowsRedirects: a receiver (allow-listed) answering 302 to
// the canary gets no second request, even to an allow-listed address.
func TestNoWebhookFollowsRedirects(t *testing.T) {
	t.Parallel()
	canary := webhooktest.NewCanary(t)
	for _, target := range []string{"http://127.0.0.1:%d/", "http://localhost:%d/", "https://[::1]:%d/"} {
		redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, fmt.Sprintf(target, canary.Port), http.StatusFound)
		}))
		c := NewClient(ClientOptions{Allow: NewAllowList([]string{"127.0.0.1"})})
		ans, err := c.Post(t.Context(), redirect.URL+"/hook", "evt_1", []string{postgres.NewWebhookSecret()}, []byte(`{}`))
		require.NoError(t, err)
		require.Equal(t, http.StatusFound, ans.Status)
		require.False(t, ans.OK())
		require.Contains(t, answerError(ans), "redirects are not followed")
		c.CloseIdleConnections()
		redirect.Close()
	}
	require.Zero(t, canary.Accepts())
}

// rawPost sends a request through c's transport without CheckURL.
func rawPost(t *testing.T, c *Client, u string) error {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, u, nil)
	require.NoError(t, err)
	resp, err := c.http.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// requireRefusedOrUnresolvable: the dialer refused the address, or Go's
// resolver would not look the name up at all (it reads no all-numeric name
// such as 127.1 or 2130706433). Either way nothing was dialed.
func requireRefusedOrUnresolvable(t *testing.T, u string, err error) {
	t.Helper()
	require.Error(t, err, u)
	var dns *net.DNSError
	if errors.As(err, &dns) && dns.IsNotFound {
		return
	}
	require.ErrorIs(t, err, ErrForbiddenAddress, u)
}
