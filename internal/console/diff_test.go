package console

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLineDiff(t *testing.T) {
	a := "<h1>{{title}}</h1>\n<p>one</p>\n<p>two</p>\n<footer>x</footer>\n"
	b := "<h1>{{title}}</h1>\n<p>ONE</p>\n<p>two</p>\n<p>three</p>\n<footer>x</footer>\n"
	rows := lineDiff(a, b)
	var got []string
	for _, r := range rows {
		got = append(got, r.Kind)
	}
	require.Equal(t, []string{"same", "changed", "same", "added", "same"}, got)
	require.Equal(t, diffRow{Kind: "changed", LeftNo: 2, RightNo: 2, Left: "<p>one</p>", Right: "<p>ONE</p>"}, rows[1])
	require.Equal(t, diffRow{Kind: "added", RightNo: 4, Right: "<p>three</p>"}, rows[3])
	require.Equal(t, diffRow{Kind: "same", LeftNo: 4, RightNo: 5, Left: "<footer>x</footer>", Right: "<footer>x</footer>"}, rows[4])

	rows = lineDiff("a\nb\nc", "a\nc")
	require.Equal(t, diffRow{Kind: "removed", LeftNo: 2, Left: "b"}, rows[1])
	require.Len(t, rows, 3)

	// Past the bound, the differing middle is one changed block, in bounded time.
	var x, y strings.Builder
	for i := range 3000 {
		x.WriteString("x" + strconv.Itoa(i) + "\n")
		y.WriteString("y" + strconv.Itoa(i) + "\n")
	}
	rows = lineDiff(x.String(), y.String())
	require.Len(t, rows, 3000)
	require.Equal(t, "changed", rows[2999].Kind)
}
