package scheduler

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A claim that locked only a few lanes gives them items only while their
// share used stays within the bound rank-lanes read: the lanes it did not
// lock have at least that share or are another claimer's. Without the
// bound a claimer whose candidates were taken by two others poured all its
// slots into the few lanes it got (bench/scheduler, three workers: groups
// at +29% and -58% of their share).
func TestAllocateStopsAtTheBound(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	setup := func() ([]*Lane, map[GroupKey]*Group) {
		var lanes []*Lane
		groups := map[GroupKey]*Group{}
		for i, tenant := range []string{"a", "b", "c"} {
			lanes = append(lanes, &Lane{ID: int64(i), QueuedJobs: 100, TenantID: tenant, Tier: "standard",
				Weight: 1, WaitingSince: t0.Add(time.Duration(i) * time.Second)})
			// Each group has 10 started in the window, b one running too.
			groups[GroupKey{Tenant: tenant, Tier: "standard"}] = &Group{Recent: 10}
		}
		groups[GroupKey{Tenant: "b", Tier: "standard"}].Running = 1
		return lanes, groups
	}
	taken := func(lanes []*Lane) []int {
		var n []int
		for _, l := range lanes {
			n = append(n, l.TakeJobs)
		}
		return n
	}

	// Ranking every lane: no bound, all 30 slots handed out, the shares
	// kept level (each item adds 2: running and started).
	lanes, groups := setup()
	require.Equal(t, 30, allocate(lanes, groups, 30, math.Inf(1)))
	require.Equal(t, []int{10, 10, 10}, taken(lanes))

	// The other lanes' shares start at 12: a and c (10) take one each and
	// reach 12, then b (11) takes one and reaches 13, then a and c take one
	// more (12, still within the bound), and then every share is past it.
	lanes, groups = setup()
	require.Equal(t, 5, allocate(lanes, groups, 30, 12))
	require.Equal(t, []int{2, 1, 2}, taken(lanes))

	// A bound below every share still gives the first item, to the lowest.
	lanes, groups = setup()
	require.Equal(t, 1, allocate(lanes, groups, 30, 5))
	require.Equal(t, []int{1, 0, 0}, taken(lanes))
}
