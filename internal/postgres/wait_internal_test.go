package postgres

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// startRate reads a group's window of starts: this minute's alone once
// there are enough of them, else with the last minute's; none without two
// starts in the last two minutes.
func TestStartRate(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 4, 10, 1, 30, 0, time.UTC) // 30 s into minute m
	m := at.Unix() / 60
	ago := func(s int) *time.Time { v := at.Add(-time.Duration(s) * time.Second); return &v }
	i := func(n int) *int { return &n }
	i64 := func(n int64) *int64 { return &n }
	require.Zero(t, startRate(at, nil, nil, nil, nil, nil), "no starts ever")
	require.Zero(t, startRate(at, i64(m-2), i(50), i(50), ago(100), ago(150)), "none in the last two minutes")
	require.Zero(t, startRate(at, i64(m), i(1), i(0), ago(10), nil), "one start is no rate")
	require.InDelta(t, 5.0/20, startRate(at, i64(m), i(5), i(0), ago(20), nil), 1e-9, "this minute's, begun 20 s ago")
	require.InDelta(t, 9.0/80, startRate(at, i64(m), i(3), i(6), ago(25), ago(80)), 1e-9, "few this minute: with the last one's")
	require.InDelta(t, 12.0/25, startRate(at, i64(m), i(12), i(2), ago(25), ago(80)), 1e-9, "enough this minute: its own pace")
	require.InDelta(t, 8.0/70, startRate(at, i64(m-1), i(8), i(3), ago(70), ago(110)), 1e-9, "nothing yet this minute: the last one's")
}
