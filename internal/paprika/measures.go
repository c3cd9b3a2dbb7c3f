package paprika

// TierCount is a count of work at one tier.
type TierCount struct {
	Tier string
	N    int64
}

// TierQueue is the work queued at one tier and the age of its oldest, in
// seconds.
type TierQueue struct {
	Tier          string
	N             int64
	OldestSeconds float64
}

// Measured is what was measured at one tier over a window: kind "s" (work
// started, seconds waited) or "d" (work done, seconds rendering).
type Measured struct {
	Tier, Kind string
	N          int64
	P50, P95   float64
}
