package api

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRenderSlotsHandOver checks the slots' waiting: a render that finds
// them taken gets the slot given back before its deadline, and none after
// it; waitFree does not take the slot it finds.
func TestRenderSlotsHandOver(t *testing.T) {
	t.Parallel()
	s := newRenderSlots(1)
	ctx := context.Background()
	require.True(t, s.take(ctx, time.Now(), "acme"))
	require.True(t, s.full())
	require.False(t, s.take(ctx, time.Now().Add(20*time.Millisecond), "other"), "nobody gives it back")
	require.False(t, s.waitFree(ctx, time.Now().Add(20*time.Millisecond), ""))

	got := make(chan bool)
	go func() { got <- s.take(ctx, time.Now().Add(time.Minute), "other") }()
	s.release("acme")
	require.True(t, <-got, "the slot given back goes to the render waiting")
	require.True(t, s.full())

	free := make(chan bool)
	go func() { free <- s.waitFree(ctx, time.Now().Add(time.Minute), "") }()
	s.release("other")
	require.True(t, <-free)
	require.False(t, s.full(), "waitFree takes nothing")

	canceled, cancel := context.WithCancel(ctx)
	require.True(t, s.take(ctx, time.Now(), "acme"))
	cancel()
	require.False(t, s.take(canceled, time.Now().Add(time.Minute), "other"), "a request gone waits no more")
}

// TestRenderSlotsLastGoesToATenantHoldingNone checks the slots' one rule
// between tenants: a tenant holding a slot takes any free one but the last,
// which goes only to a tenant holding none, whether it asks first or waits.
func TestRenderSlotsLastGoesToATenantHoldingNone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := func() time.Time { return time.Now() }
	s := newRenderSlots(3)
	require.True(t, s.take(ctx, now(), "a"))
	require.True(t, s.take(ctx, now(), "a"), "a holds one; two are free")
	require.False(t, s.take(ctx, now(), "a"), "the last free slot, to a tenant holding one")
	require.False(t, s.waitFree(ctx, now(), "a"), "nor does a find it free")
	require.True(t, s.waitFree(ctx, now(), "b"))
	require.True(t, s.waitFree(ctx, now(), ""), "a render whose tenant is not known yet finds it free")
	require.True(t, s.take(ctx, now(), "b"), "the last, to a tenant holding none")
	require.True(t, s.full())

	// A tenant holding one, waiting, is not handed the last slot freed; a
	// tenant holding none is.
	gotA := make(chan bool, 1)
	go func() { gotA <- s.take(ctx, time.Now().Add(time.Minute), "a") }()
	eventuallyWaiting(t, s, 1)
	s.release("b")
	gotC := make(chan bool, 1)
	go func() { gotC <- s.take(ctx, time.Now().Add(time.Minute), "c") }()
	require.True(t, <-gotC, "c holds none: the freed slot is its")
	require.True(t, s.full())
	s.release("c")
	s.release("a") // a holds one now, two are free: its waiting render takes one
	require.True(t, <-gotA)
	require.Equal(t, map[string]int{"a": 2}, s.held)

	// With one slot, that slot is the last: a tenant holding none takes it.
	one := newRenderSlots(1)
	require.True(t, one.take(ctx, now(), "a"))
	require.False(t, one.take(ctx, now(), "b"))
	one.release("a")
	require.True(t, one.take(ctx, now(), "a"), "a holds none again")
	one.release("a")
	require.Empty(t, one.held, "a tenant holding none is not kept")
}

// TestRenderSlotsManyTenantsAtOnce takes and gives back slots from many
// goroutines of a few tenants (under -race): no tenant ever holds every
// slot, and no more slots are ever taken than there are.
func TestRenderSlotsManyTenantsAtOnce(t *testing.T) {
	t.Parallel()
	const n = 4
	s := newRenderSlots(n)
	var wg sync.WaitGroup
	for g := range 24 {
		tenant := string(rune('a' + g%3))
		wg.Go(func() {
			for range 200 {
				if !s.take(context.Background(), time.Now().Add(time.Millisecond), tenant) {
					continue
				}
				s.mu.Lock()
				used, mine := s.used, s.held[tenant]
				s.mu.Unlock()
				if used > n || mine >= n {
					t.Errorf("%d slots taken, %d of them by %s", used, mine, tenant)
				}
				s.release(tenant)
			}
		})
	}
	wg.Wait()
	require.Zero(t, s.used)
	require.Empty(t, s.held)
}

// eventuallyWaiting waits until n renders wait for a slot.
func eventuallyWaiting(t *testing.T, s *renderSlots, n int32) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for s.waiting.Load() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d renders wait for a slot, not %d", s.waiting.Load(), n)
		}
		time.Sleep(time.Millisecond)
	}
}
