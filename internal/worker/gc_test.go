package worker

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// Not parallel: the collector's target is the process's.
func TestSetGCHonoursGOGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)

	require.False(t, SetGC(func(k string) string { return map[string]string{"GOGC": "50"}[k] }))
	require.Equal(t, 100, debug.SetGCPercent(100), "GOGC set: left as it is")

	require.True(t, SetGC(func(string) string { return "" }))
	require.Equal(t, GCPercent, debug.SetGCPercent(100))
}
