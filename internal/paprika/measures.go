package paprika

// TierCount is a count of work at one tier.
type TierCount struct {
	Tier string
	N    int64
}

// Measured is what was measured at one tier over a window: kind "s" (work
// started, seconds waited) or "d" (work done, seconds rendering).
type Measured struct {
	Tier, Kind string
	N          int64
	P50, P95   float64
}
