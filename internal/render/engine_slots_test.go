package render

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// An engine's renders run in its slots, Config.Slots of them: a render
// whose caller holds one (InSlot) runs in it and takes none; a render whose
// caller holds none, or holds another limiter's, waits for one of the
// engine's. HTML needs no browser.
func TestEngineRendersInTheSlotItsCallerHolds(t *testing.T) {
	t.Parallel()
	e := New(Config{Slots: 1})
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	slots := e.Slots()
	require.Equal(t, 1, slots.Size())
	ctx := t.Context()
	in := Input{Template: "<p>{{n}}</p>", Data: []byte(`{"n": 1}`), Format: FormatHTML}

	require.True(t, slots.TakeQueued(ctx, "acme"))
	held, cancel := context.WithTimeout(slots.InSlot(ctx), time.Minute) // a render waiting for a second slot fails
	defer cancel()
	out, err := e.Render(held, in)
	require.NoError(t, err, "a render in the slot its caller holds takes no second one")
	require.Equal(t, "<p>1</p>", string(out.Body))
	require.Zero(t, slots.Free())

	for name, rctx := range map[string]context.Context{
		"no slot held":         ctx,
		"another limiter held": NewSlots(1).InSlot(ctx),
	} {
		done := make(chan error, 1)
		go func() { _, err := e.Render(rctx, in); done <- err }()
		deadline := time.Now().Add(30 * time.Second)
		for slots.Waiting() != 1 {
			require.True(t, time.Now().Before(deadline), "%s: the render does not wait for the engine's slot", name)
			time.Sleep(time.Millisecond)
		}
		slots.ReleaseQueued("acme")
		require.NoError(t, <-done, name)
		require.Equal(t, 1, slots.Free(), "%s: the render gave its slot back", name)
		require.True(t, slots.TakeQueued(ctx, "acme"))
	}
	slots.ReleaseQueued("acme")
}
