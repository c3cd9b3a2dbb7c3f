package pdf417

import "math"

// Limits of a symbol (ISO/IEC 15438: 1 to 30 data columns, 3 to 90 rows,
// at most 928 codewords).
const (
	minCols      = 1
	maxCols      = 30
	minRows      = 3
	maxRows      = 90
	maxCodewords = 928
	// moduleHeight is how many rows of the image one row of the symbol
	// takes: one; the caller draws rows as tall as it wants (3 modules is
	// the standard's least).
	moduleHeight = 1
	// rowHeight is the row height, in modules, the layout is chosen for.
	rowHeight       = 3
	preferred_ratio = 3.0
)

// calcDimensions chooses the columns and rows that hold the length
// descriptor, dataWords and eccWords, padding allowed, whose width to
// height is nearest preferred_ratio; 0, 0 when none does. (Upstream
// compared each candidate's ratio with the previous candidate's
// dimensions and allowed 2 rows.)
func calcDimensions(dataWords, eccWords int) (cols, rows int) {
	need := dataWords + 1 + eccWords
	best := math.Inf(1)
	for c := minCols; c <= maxCols; c++ {
		r := max((need+c-1)/c, minRows)
		if r > maxRows || c*r > maxCodewords {
			continue
		}
		ratio := float64(17*c+69) / float64(r*rowHeight)
		if d := math.Abs(ratio - preferred_ratio); d < best {
			best, cols, rows = d, c, r
		}
	}
	return cols, rows
}
