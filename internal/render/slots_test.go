package render

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
	s := NewSlots(1)
	ctx := context.Background()
	require.True(t, s.Take(ctx, time.Now(), "acme"))
	require.Zero(t, s.Free())
	require.False(t, s.Take(ctx, time.Now().Add(20*time.Millisecond), "other"), "nobody gives it back")
	require.False(t, s.WaitFree(ctx, time.Now().Add(20*time.Millisecond), ""))

	got := make(chan bool)
	go func() { got <- s.Take(ctx, time.Now().Add(time.Minute), "other") }()
	s.Release("acme")
	require.True(t, <-got, "the slot given back goes to the render waiting")
	require.Zero(t, s.Free())

	free := make(chan bool)
	go func() { free <- s.WaitFree(ctx, time.Now().Add(time.Minute), "") }()
	s.Release("other")
	require.True(t, <-free)
	require.NotZero(t, s.Free(), "waitFree takes nothing")

	canceled, cancel := context.WithCancel(ctx)
	require.True(t, s.Take(ctx, time.Now(), "acme"))
	cancel()
	require.False(t, s.Take(canceled, time.Now().Add(time.Minute), "other"), "a request gone waits no more")
}

// TestRenderSlotsLastGoesToATenantHoldingNone checks the slots' one rule
// between tenants: a tenant holding a slot takes any free one but the last,
// which goes only to a tenant holding none, whether it asks first or waits.
func TestRenderSlotsLastGoesToATenantHoldingNone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := func() time.Time { return time.Now() }
	s := NewSlots(3)
	require.True(t, s.Take(ctx, now(), "a"))
	require.True(t, s.Take(ctx, now(), "a"), "a holds one; two are free")
	require.False(t, s.Take(ctx, now(), "a"), "the last free slot, to a tenant holding one")
	require.False(t, s.WaitFree(ctx, now(), "a"), "nor does a find it free")
	require.True(t, s.WaitFree(ctx, now(), "b"))
	require.True(t, s.WaitFree(ctx, now(), ""), "a render whose tenant is not known yet finds it free")
	require.True(t, s.Take(ctx, now(), "b"), "the last, to a tenant holding none")
	require.Zero(t, s.Free())

	// A tenant holding one, waiting, is not handed the last slot freed; a
	// tenant holding none is.
	gotA := make(chan bool, 1)
	go func() { gotA <- s.Take(ctx, time.Now().Add(time.Minute), "a") }()
	eventuallyWaiting(t, s, 1)
	s.Release("b")
	gotC := make(chan bool, 1)
	go func() { gotC <- s.Take(ctx, time.Now().Add(time.Minute), "c") }()
	require.True(t, <-gotC, "c holds none: the freed slot is its")
	require.Zero(t, s.Free())
	s.Release("c")
	s.Release("a") // a holds one now, two are free: its waiting render takes one
	require.True(t, <-gotA)
	require.Equal(t, map[string]int{"a": 2}, s.held)

	// With one slot, that slot is the last: a tenant holding none takes it.
	one := NewSlots(1)
	require.True(t, one.Take(ctx, now(), "a"))
	require.False(t, one.Take(ctx, now(), "b"))
	one.Release("a")
	require.True(t, one.Take(ctx, now(), "a"), "a holds none again")
	one.Release("a")
	require.Empty(t, one.held, "a tenant holding none is not kept")
}

// TestRenderSlotsManyTenantsAtOnce takes and gives back slots from many
// goroutines of a few tenants (under -race): no tenant ever holds every
// slot, and no more slots are ever taken than there are.
func TestRenderSlotsManyTenantsAtOnce(t *testing.T) {
	t.Parallel()
	const n = 4
	s := NewSlots(n)
	var wg sync.WaitGroup
	for g := range 24 {
		tenant := string(rune('a' + g%3))
		wg.Go(func() {
			for range 200 {
				if !s.Take(context.Background(), time.Now().Add(time.Millisecond), tenant) {
					continue
				}
				s.mu.Lock()
				used, mine := s.used, s.held[tenant]
				s.mu.Unlock()
				if used > n || mine >= n {
					t.Errorf("%d slots taken, %d of them by %s", used, mine, tenant)
				}
				s.Release(tenant)
			}
		})
	}
	wg.Wait()
	require.Zero(t, s.used)
	require.Empty(t, s.held)
}

// eventuallyWaiting waits until n renders wait for a slot.
func eventuallyWaiting(t *testing.T, s *Slots, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for s.Waiting() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d renders wait for a slot, not %d", s.Waiting(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestSlotsQueuedTakeAnyFree checks queued work's slots: it takes any free
// slot, the last too, waiting until its context ends; its slots count as
// its tenant's for a synchronous render's rule; and what synchronous renders
// hold is what queued work has no room for.
func TestSlotsQueuedTakeAnyFree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewSlots(2)
	require.True(t, s.TakeQueued(ctx, "a"))
	require.Equal(t, 2, s.QueuedRoom(), "queued work takes no room from itself")
	require.False(t, s.Take(ctx, time.Now(), "a"), "a's queued render holds a slot: the last free is not a's")
	require.Equal(t, ErrBusyLast, s.Busy("a"))
	require.True(t, s.TakeQueued(ctx, "a"), "queued work takes the last free slot")
	require.Zero(t, s.Free())
	require.Equal(t, ErrBusy, s.Busy("b"))

	canceled, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	require.False(t, s.TakeQueued(canceled, "b"), "waits until its context ends")
	s.ReleaseQueued("a")
	s.ReleaseQueued("a")
	require.Empty(t, s.held)

	// A synchronous render's slot leaves queued work the others, and its
	// release is told.
	require.True(t, s.Take(ctx, time.Now(), "b"))
	require.Equal(t, 1, s.QueuedRoom())
	syncFreed, freedBefore := s.SyncFreed(), s.SyncFreed()
	require.True(t, s.TakeQueued(ctx, "c"))
	s.ReleaseQueued("c")
	select {
	case <-syncFreed:
		t.Fatal("a queued render's release told as a synchronous one's")
	default:
	}
	s.Release("b")
	<-freedBefore
	require.Equal(t, 2, s.QueuedRoom())
	require.Equal(t, 2, s.Free())
}
