package paprika

import "time"

// Usage is what one tenant used at one tier on one UTC day: the renders,
// jobs and batch records finished (done or failed), the documents they
// made with their pages, render time and output bytes, and how many of
// them failed. Every finished piece of work is counted once, in the
// transaction that finishes it (docs/operations.md, Usage).
type Usage struct {
	TenantID      string
	Day           time.Time // midnight UTC
	Tier          string
	Renders       int64
	Jobs          int64
	Records       int64
	Documents     int64
	Pages         int64
	RenderSeconds float64
	Bytes         int64
	Failed        int64
	// Previews are the console studio's previews, counted apart: they add
	// to none of the other counts.
	Previews int64
}
