package worker

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// goroutineID is the calling goroutine's number, from its stack's header
// ("goroutine 42 [running]:"): for a test only.
func goroutineID(t *testing.T) int {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := bytes.Fields(buf)
	require.GreaterOrEqual(t, len(f), 2, "stack header %q", buf)
	id, err := strconv.Atoi(string(f[1]))
	require.NoError(t, err, "stack header %q", buf)
	return id
}

// A slot runs every render on one goroutine of its own, which outlives the
// render: its stack, grown by a deep template, is there for the next one.
// run returns only once the render has.
func TestRenderSlotsRunOnLongLivedGoroutines(t *testing.T) {
	const n = 2
	free := newRenderSlots(n)
	caller := goroutineID(t)

	slot := <-free
	var first, second int
	slot.run(func() { first = goroutineID(t) })
	require.NotZero(t, first, "run returned before its function ran")
	slot.run(func() { second = goroutineID(t) })
	require.Equal(t, first, second, "one slot, one goroutine for every render")
	require.NotEqual(t, caller, first, "the render ran on the caller's goroutine")

	other := <-free
	var third int
	other.run(func() { third = goroutineID(t) })
	require.NotEqual(t, first, third, "two slots share a goroutine")

	free <- slot
	free <- other
	require.True(t, goroutineAlive(first) && goroutineAlive(third))
	stopRenderSlots(free, n)
	require.Eventually(t, func() bool { return !goroutineAlive(first) && !goroutineAlive(third) },
		5*time.Second, 10*time.Millisecond, "the slots' goroutines did not end")
}

// goroutineAlive says whether goroutine id is among the process's.
func goroutineAlive(id int) bool {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return bytes.Contains(buf, []byte("goroutine "+strconv.Itoa(id)+" ["))
}
