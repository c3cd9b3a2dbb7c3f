package worker

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

// TestSourceLookupsShareFewConnections starts a worker of 48 slots on a
// pool sized as paprika worker sizes it (2 × slots + 8) with 96 batches
// waiting: every slot's first record needs its batch's source at once.
// The worker must not open a connection per slot for that: its lookups
// take turns on a few, so the connections it opens do not grow with its
// slots.
func TestSourceLookupsShareFewConnections(t *testing.T) {
	t.Parallel()
	const slots = 48
	_, url := pgtest.NewPool(t)
	pool, err := postgres.Open(t.Context(), url, 2*slots+8)
	require.NoError(t, err)
	defer pool.Close()
	f := &fixture{schedtest.New(t, pool, schedtest.MustTiers(t, schedtest.SeedTiers))}
	f.Tenant("acme", "")
	for range 2 * slots {
		f.Batch("acme", 1)
	}
	_, stop := f.worker(&schedtest.Renderer{}, slots)
	defer stop()
	schedtest.WaitFor(t, "all done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM batch_records WHERE status = 'done'`) == 2*slots
	})
	// Idle connections stay in the pool (for 30 minutes), so the total is
	// the most it ever needed: the claimer, the completer, the lease
	// renewal, the listener, the reaper, this test's counts, and the
	// source lookups in flight.
	require.LessOrEqual(t, pool.Stat().TotalConns(), int32(lookupsAtOnce+8),
		"connections open: %d", pool.Stat().TotalConns())
}
