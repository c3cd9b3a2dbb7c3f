package api

import (
	"context"
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
	require.True(t, s.take(ctx, time.Now()))
	require.True(t, s.full())
	require.False(t, s.take(ctx, time.Now().Add(20*time.Millisecond)), "nobody gives it back")
	require.False(t, s.waitFree(ctx, time.Now().Add(20*time.Millisecond)))

	got := make(chan bool)
	go func() { got <- s.take(ctx, time.Now().Add(time.Minute)) }()
	s.release()
	require.True(t, <-got, "the slot given back goes to the render waiting")
	require.True(t, s.full())

	free := make(chan bool)
	go func() { free <- s.waitFree(ctx, time.Now().Add(time.Minute)) }()
	s.release()
	require.True(t, <-free)
	require.False(t, s.full(), "waitFree takes nothing")

	canceled, cancel := context.WithCancel(ctx)
	require.True(t, s.take(ctx, time.Now()))
	cancel()
	require.False(t, s.take(canceled, time.Now().Add(time.Minute)), "a request gone waits no more")
}
