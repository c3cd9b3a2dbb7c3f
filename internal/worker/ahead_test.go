package worker

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
)

const unlimitedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4}}`

func TestAheadSizer(t *testing.T) {
	unlimited := scheduler.Policy{Tiers: schedtest.MustTiers(t, unlimitedTiers)}
	limited := scheduler.Policy{Tiers: schedtest.MustTiers(t, schedtest.SeedTiers)}

	fixed := newAheadSizer(5, 8, limited)
	fixed.rendered(0.001)
	fixed.claimed(0.005)
	require.Equal(t, 5, fixed.now(), "a number set is kept, maxRunning or not")
	require.Equal(t, 0, newAheadSizer(0, 8, unlimited).now())

	a := newAheadSizer(config.ClaimAheadAuto, 8, unlimited)
	require.Equal(t, 8, a.limit())
	require.Equal(t, 0, a.now(), "nothing ahead before a render and a claim were measured")
	a.rendered(0.060)
	require.Equal(t, 0, a.now())
	a.claimed(0.005)
	require.Equal(t, 1, a.now(), "8 slots of 60 ms renders finish 0.67 renders in a 5 ms claim: one ahead")
	for range 200 {
		a.rendered(0.001)
	}
	require.Equal(t, 8, a.now(), "1 ms renders: 40 finish in a claim, at most the slots' number ahead")
	for range 200 {
		a.rendered(0.025)
		a.claimed(0.010)
	}
	require.Equal(t, 4, a.now(), "8 × 10 ms / 25 ms = 3.2, rounded up")

	require.Equal(t, 0, newAheadSizer(config.ClaimAheadAuto, 8, limited).limit(),
		"a worker claiming a tier with maxRunning claims nothing ahead")
	limited.WorkerTiers = []string{"standard"}
	require.Equal(t, 8, newAheadSizer(config.ClaimAheadAuto, 8, limited).limit(),
		"unless it claims only tiers without maxRunning")
}

// claimSizes records how many items each claim asked for.
type claimSizes struct {
	Queue
	mu    sync.Mutex
	asked []int
}

func (q *claimSizes) BeginClaim(ctx context.Context, p scheduler.ClaimParams) (scheduler.Claim, error) {
	q.mu.Lock()
	q.asked = append(q.asked, p.K)
	q.mu.Unlock()
	return q.Queue.BeginClaim(ctx, p)
}

func (q *claimSizes) most() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Max(q.asked)
}

// drainAhead runs a worker of slots claiming ahead by config.ClaimAheadAuto
// until the tenant's batch of n records is done, and returns the most a
// claim asked.
func drainAhead(t *testing.T, tiersJSON string, r *schedtest.Renderer, slots, n int) int {
	f := setup(t, tiersJSON)
	f.Tenant("acme", "")
	f.Batch("acme", n)
	q := &claimSizes{Queue: postgres.NewQueue(f.Pool)}
	w := New(q, Config{
		Policy:   scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: 3 * time.Second},
		Slots:    slots,
		Ahead:    config.ClaimAheadAuto,
		Renderer: r,
		Outputs:  &storage.Files{Dir: t.TempDir()},
		Poll:     50 * time.Millisecond,
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	schedtest.WaitFor(t, "the batch done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM batches WHERE status = 'done' AND done = $1`, n) == 1
	})
	cancel()
	require.NoError(t, <-done)
	require.LessOrEqual(t, r.MaxSeen(), slots, "items claimed ahead wait for a slot")
	return q.most()
}

func TestWorkerClaimsAheadOfShortRenders(t *testing.T) {
	t.Parallel()
	most := drainAhead(t, unlimitedTiers, &schedtest.Renderer{}, 2, 200)
	require.Greater(t, most, 2, "claims grow past the slots when renders take less than a claim")
	require.LessOrEqual(t, most, 4, "at most the slots' number ahead")
}

func TestWorkerClaimsLittleAheadOfLongRenders(t *testing.T) {
	t.Parallel()
	// Renders of 2 s: on a busy machine a claim took 200-400 ms, which
	// against 400 ms renders rightly sized the claims 2 ahead. A claim
	// would have to average 1 s for 2 s renders to do the same.
	most := drainAhead(t, unlimitedTiers, &schedtest.Renderer{Delay: 2 * time.Second}, 2, 4)
	require.LessOrEqual(t, most, 3, "two slots of 2 s renders finish less than one render during a claim")
}

func TestWorkerClaimsNothingAheadForMaxRunning(t *testing.T) {
	t.Parallel()
	most := drainAhead(t, schedtest.SeedTiers, &schedtest.Renderer{}, 2, 100)
	require.Equal(t, 2, most, "a tier with maxRunning: an item waiting in the worker would hold a place")
}
