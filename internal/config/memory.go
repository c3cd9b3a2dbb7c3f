package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Bounds of PAPRIKA_RENDER_MAX_MEMORY: below 128 MiB an ordinary page does
// not fit (a renderer holds about 100 MiB before it draws anything); above
// 64 GiB is a typo, not a limit.
const (
	minRenderMemory = 128 << 20
	maxRenderMemory = 64 << 30
)

// memoryUnits are the suffixes parseMemory accepts, binary and decimal.
var memoryUnits = []struct {
	suffix string
	bytes  int64
}{
	{"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10},
	{"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3},
	{"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10},
	{"b", 1},
}

// parseMemory reads an amount of memory: a whole number of bytes, or one
// with a unit, like 1GiB, 512MiB, 1.5GiB or 2GB (case and spaces do not
// matter).
func parseMemory(v string) (int64, error) {
	n, ok := parseAmount(v, minRenderMemory, maxRenderMemory)
	if !ok {
		return 0, fmt.Errorf("must be an amount of memory from 128MiB to 64GiB, like 1GiB, 512MiB or a number of bytes, not %q", v)
	}
	return n, nil
}

// parseAmount reads an amount of bytes from lo to hi: a whole number, or
// one with a unit of memoryUnits (a fraction too, like 1.5GiB).
func parseAmount(v string, lo, hi int64) (int64, bool) {
	s := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(v), " ", ""))
	unit := int64(1)
	for _, u := range memoryUnits {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, unit = rest, u.bytes
			break
		}
	}
	var n int64
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		if i < 0 || i > hi/unit {
			return 0, false
		}
		n = i * unit
	} else if f, err := strconv.ParseFloat(s, 64); err == nil && unit > 1 && f >= 0 && f <= float64(hi/unit) {
		n = int64(f * float64(unit))
	} else {
		return 0, false
	}
	if n < lo || n > hi {
		return 0, false
	}
	return n, true
}
