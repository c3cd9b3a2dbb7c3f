//go:build faults

package faults

// The long form, `make faults`: every fault repeated, on more work.
const (
	long      = true
	kills     = 6
	killJobs  = 60
	killBatch = 60
	pgJobs    = 80
	records   = 60
)
