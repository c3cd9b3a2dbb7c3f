package paprika

import "strconv"

// FormatBytes writes a limit the way an operator sets it: "1 GiB",
// "512 MiB", or a byte count when it is not a whole number of either. The
// messages of the limits tenants meet say it so.
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
