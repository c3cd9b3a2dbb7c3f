package webhook

import (
	"fmt"
	"net"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
)

// TestRefused: an attempt the client refuses before sending (a URL
// webhooks may not take, a name resolving only to a forbidden address) is
// Refused, so its event fails at once; a receiver that does not answer is
// not, so its event is retried.
func TestRefused(t *testing.T) {
	t.Parallel()
	secrets := []string{postgres.NewWebhookSecret()}
	// The metadata address behind a name: resolved here, never dialed.
	meta := NewClient(ClientOptions{Resolver: webhooktest.Resolver(t, netip.MustParseAddr("169.254.169.254"), netip.Addr{})})
	defer meta.CloseIdleConnections()
	_, err := meta.Post(t.Context(), "https://metadata.example.com/latest", "evt_1", secrets, []byte(`{}`))
	require.True(t, Refused(err), "%v", err)
	require.ErrorIs(t, err, ErrForbiddenAddress)

	for _, u := range []string{"https://example.com:99999/", "https://10.0.0.1/", "https://u:p@example.com/"} {
		_, err = meta.Post(t.Context(), u, "evt_1", secrets, []byte(`{}`))
		require.True(t, Refused(err), "%s: %v", u, err)
		require.ErrorIs(t, err, ErrRefused, u)
		require.Contains(t, err.Error(), "the webhookUrl ", u)
	}

	// Nothing listens on this allow-listed loopback port: the connection is
	// refused by the receiver's machine, which may listen again later.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	allowed := NewClient(ClientOptions{Allow: NewAllowList([]string{"127.0.0.1"})})
	defer allowed.CloseIdleConnections()
	_, err = allowed.Post(t.Context(), fmt.Sprintf("http://127.0.0.1:%d/", port), "evt_1", secrets, []byte(`{}`))
	require.Error(t, err)
	require.False(t, Refused(err), "%v", err)
}
