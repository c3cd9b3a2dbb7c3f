package scheduler

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ETASeconds is (ahead + 1) ÷ the group's own start rate, nil without one;
// the start rate is the window's starts over the time since its first.
func TestETAArithmetic(t *testing.T) {
	t.Parallel()
	require.Nil(t, ETASeconds(Wait{Ahead: 3, Worker: true}), "no rate yet")
	require.Equal(t, 2.0, *ETASeconds(Wait{Ahead: 3, Rate: 2, Worker: true}))
	require.Nil(t, ETASeconds(Wait{Ahead: 3, Rate: 2}), "no worker")
	require.Equal(t, WaitingTurn, WaitingFor(Wait{Running: 5, Worker: true}, 0), "no maxRunning")
	require.Equal(t, WaitingMaxRunning, WaitingFor(Wait{Running: 5, Worker: true}, 5))
}
