package scheduler_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

// tenantOf reads the tenant a test render was for (the test data is
// {"tenant": "..."}).
func tenantOf(data string) string {
	_, rest, _ := strings.Cut(data, `"tenant": "`)
	name, _, _ := strings.Cut(rest, `"`)
	return name
}

func startsByTenant(order []string) map[string]int {
	n := map[string]int{}
	for _, d := range order {
		n[tenantOf(d)]++
	}
	return n
}

// firstStarts runs a one-slot worker until n renders have started and
// returns the tenants in start order.
func (f *fixture) firstStarts(n int, workerTiers ...string) []string {
	f.T.Helper()
	r := &schedtest.Renderer{}
	_, stop := f.worker(r, 1, workerTiers...)
	schedtest.WaitFor(f.T, "starts", func() bool { return r.Renders() >= n })
	stop()
	return r.Order()[:n]
}

func TestWeightsShareStartsFourToOne(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("big", "priority")
	f.Tenant("small", "")
	for range 60 {
		f.Job("small", "")
		f.Job("big", "")
	}
	got := startsByTenant(f.firstStarts(50))
	t.Logf("starts: %v", got)
	require.InDelta(t, 40, got["big"], 2, "weight 4 gets 4 of every 5 starts: %v", got)
	require.InDelta(t, 10, got["small"], 2, "weight 1 gets 1 of every 5 starts: %v", got)
}

func TestEveryTenantIsAGroupOfItsOwn(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("prio", "priority")
	var small []string
	for i := range 10 {
		id := "std" + string(rune('a'+i))
		small = append(small, id)
		f.Tenant(id, "")
	}
	for range 30 {
		f.Job("prio", "")
		for _, id := range small {
			f.Job(id, "")
		}
	}
	// Ten standard groups of weight 1 and one priority group of weight 4:
	// over 70 starts, 20 for prio and 5 for each standard tenant. Were the
	// ten one group, prio would take 56.
	got := startsByTenant(f.firstStarts(70))
	t.Logf("starts: %v", got)
	require.InDelta(t, 20, got["prio"], 3, "%v", got)
	for _, id := range small {
		require.InDelta(t, 5, got[id], 2, "%s: %v", id, got)
	}
}

func TestMaxRunningIsReachedAndNeverExceededAcrossWorkers(t *testing.T) {
	t.Parallel()
	f := setup(t, `{"standard": {"weight": 1, "maxRunning": 3}}`)
	f.Tenant("acme", "")
	f.Tenant("other", "")
	for range 12 {
		f.Job("acme", "")
	}
	f.Job("other", "")
	r := &schedtest.Renderer{Delay: 150 * time.Millisecond}
	var acmeMax int
	_, stop1 := f.worker(r, 4)
	_, stop2 := f.worker(r, 4)
	// Sample the database's view while the work drains.
	deadline := time.Now().Add(20 * time.Second)
	for schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'done'`) < 13 {
		n := schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE tenant_id = 'acme' AND status = 'running'`)
		acmeMax = max(acmeMax, n)
		require.LessOrEqual(t, n, 3, "maxRunning exceeded")
		require.True(t, time.Now().Before(deadline), "work did not drain")
		time.Sleep(5 * time.Millisecond)
	}
	stop1()
	stop2()
	require.Equal(t, 3, acmeMax, "eight free slots: acme's maxRunning is reached")
}

func TestReservedWorkerClaimsOnlyItsTiers(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("prio", "priority")
	f.Tenant("std", "")
	for range 5 {
		f.Job("std", "")
		f.Job("prio", "")
	}
	r := &schedtest.Renderer{}
	_, stop := f.worker(r, 2, "priority")
	schedtest.WaitFor(t, "priority work done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE tenant_id = 'prio' AND status = 'done'`) == 5
	})
	time.Sleep(200 * time.Millisecond) // a few more polls: it must still leave std alone
	stop()
	require.Equal(t, 5, schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE tenant_id = 'std' AND status = 'queued'`))
	require.Equal(t, map[string]int{"prio": 5}, startsByTenant(r.Order()))
}

func TestKeyTierOverridesTenantTier(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("fabrikam", "")
	urgent := f.Job("fabrikam", "priority")
	plain := f.Job("fabrikam", "")
	items, err := f.Claimer("priority").Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 1, "a priority-only worker takes the urgent key's job only")
	require.Equal(t, urgent.ID, items[0].JobID)
	require.Equal(t, "priority", items[0].Tier)
	items, err = f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.Equal(t, plain.ID, items[0].JobID)
	require.Equal(t, "standard", items[0].Tier)
}

func TestTierUpgradeSpeedsUpWaitingWork(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("a", "")
	f.Tenant("b", "")
	for range 60 {
		f.Job("a", "")
		f.Job("b", "")
	}
	before := startsByTenant(f.firstStarts(20))
	require.InDelta(t, 10, before["a"], 2, "equal tiers share equally: %v", before)
	_, err := f.Store.UpdateTenant(context.Background(), "b", paprika.TenantPatch{Tier: ptr("priority")})
	require.NoError(t, err)
	// The next starts: b's queued work now claims at priority. Over 50
	// starts the shares of the last minute even out toward 4:1.
	after := startsByTenant(f.firstStarts(50))
	t.Logf("starts before the upgrade: %v, after: %v", before, after)
	require.Greater(t, after["b"], 2*after["a"], "the upgrade speeds up b's waiting work: %v", after)
	require.Positive(t, schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE tenant_id = 'b' AND tier = 'priority'`), "it ran at priority")
}

func TestRemovedTierFallsBackToTheDefault(t *testing.T) {
	t.Parallel()
	f := setup(t, `{"standard": {"weight": 1}, "gold": {"weight": 8}}`)
	f.Tenant("acme", "gold")
	f.Job("acme", "gold")
	// The operator removes gold: the worker's configuration no longer has it.
	tiers, err := config.ParseTiers(`{"standard": {"weight": 1}, "priority": {"weight": 4}}`)
	require.NoError(t, err)
	f.Tiers = tiers
	require.Equal(t, "standard", f.ClaimOne().Tier)
}

func TestBatchesTakeTurnsFewestRunningFirst(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	a := f.Batch("acme", 5)
	b := f.Batch("acme", 3)
	j := f.Job("acme", "") // submitted last, claimed first
	c := f.Claimer()
	items, err := c.Claim(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, j.ID, items[0].JobID, "single jobs go first: someone is waiting")
	items, err = c.Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 4)
	type rec struct {
		batch string
		idx   int
	}
	var got []rec
	for _, it := range items {
		got = append(got, rec{it.BatchID.String(), it.Index})
	}
	// Nothing finishes in between, so turns alternate: a1, b1, a2, b2.
	require.ElementsMatch(t, []rec{{a.ID.String(), 1}, {b.ID.String(), 1}, {a.ID.String(), 2}, {b.ID.String(), 2}}, got)
	// With a running 2 and b running 2, the older batch goes next; then b has
	// fewer running.
	items, err = c.Claim(context.Background(), 2)
	require.NoError(t, err)
	require.Equal(t, a.ID, items[0].BatchID)
	require.Equal(t, 3, items[0].Index)
	require.Equal(t, b.ID, items[1].BatchID)
	require.Equal(t, 3, items[1].Index)
}

func TestSuspendedTenantsWorkWaits(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	f.Job("acme", "")
	_, err := f.Store.UpdateTenant(context.Background(), "acme", paprika.TenantPatch{Suspended: ptr(true)})
	require.NoError(t, err)
	items, err := f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Empty(t, items)
	_, err = f.Store.UpdateTenant(context.Background(), "acme", paprika.TenantPatch{Suspended: ptr(false)})
	require.NoError(t, err)
	items, err = f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 1)
}

func ptr[T any](v T) *T { return &v }
