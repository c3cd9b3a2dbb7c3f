package api

import (
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
)

// TestWebhookRefusedFailsAtOnce: a webhookUrl whose name resolves to the
// cloud metadata address passes submission (names are resolved at connect
// time), and its delivery, refused before connecting, fails the event at
// its first attempt with the reason stored, though the deliverer would
// retry anything else for an hour. The address is only resolved, never
// dialed.
func TestWebhookRefusedFailsAtOnce(t *testing.T) {
	t.Parallel()
	resolver := webhooktest.Resolver(t, netip.MustParseAddr("169.254.169.254"), netip.Addr{})
	e := webhookEnv(t, time.Hour, "", resolver, nil)
	key := e.tenantKey(t, "acme")
	in := htmlJob("<p>x</p>", nil)
	in["webhookUrl"] = "https://metadata.example.com/latest/meta-data"
	j := e.postJob(t, key, in)
	e.waitJob(t, key, j.ID, "done")
	d := e.waitDelivery(t, key, "/v1/jobs/"+j.ID+"/deliveries", "failed")
	require.Len(t, d.Attempts, 1, "one attempt, no retry")
	require.Nil(t, d.Attempts[0].Status)
	require.NotNil(t, d.Attempts[0].Error)
	require.Equal(t, "refused before connecting: webhooks may not reach this address: 169.254.169.254 is a cloud metadata address",
		*d.Attempts[0].Error)
}
