package worker

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

// A running worker announces itself with the tiers it claims, and takes
// the announcement away when it stops.
func TestWorkerHeartbeat(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	_, stop := f.worker(&schedtest.Renderer{}, 1, "priority")
	schedtest.WaitFor(t, "the worker's row", func() bool {
		return f.Count(`SELECT count(*) FROM workers WHERE tiers = '{priority}' AND seen_at > now() - interval '30 seconds'`) == 1
	})
	stop()
	require.Zero(t, f.Count(`SELECT count(*) FROM workers`), "gone once stopped")
}
