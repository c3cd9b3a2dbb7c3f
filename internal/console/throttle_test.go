package console

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestThrottleCountsFailuresByAddress checks the window: an address is
// held back after signInFailures failures, until the first of them is
// older than signInWindow; another address is not.
func TestThrottleCountsFailuresByAddress(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	th := newThrottle()
	th.now = func() time.Time { return now }
	for i := range signInFailures {
		require.Zero(t, th.wait("192.0.2.1"), "after %d failures", i)
		th.failed("192.0.2.1")
		now = now.Add(time.Second)
	}
	require.Equal(t, signInWindow-signInFailures*time.Second, th.wait("192.0.2.1"))
	require.Zero(t, th.wait("192.0.2.2"))
	now = now.Add(signInWindow - signInFailures*time.Second)
	require.Zero(t, th.wait("192.0.2.1"), "the first failure left the window")
	th.failed("192.0.2.1")
	require.Equal(t, time.Second, th.wait("192.0.2.1"), "the second failure leaves it a second later")
}
