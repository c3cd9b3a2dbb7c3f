//go:build !faults

package faults

// The short form, part of `make test`: each fault once or twice, on little
// work, so that the suite stays within a few minutes on 2 loaded cores.
const (
	long      = false
	kills     = 2  // SIGKILLs of a worker
	killJobs  = 12 // jobs submitted around them
	killBatch = 12 // records of the batch beside them
	pgJobs    = 16 // jobs submitted across a PostgreSQL restart
	records   = 12 // records of the object store's and the disk's batches
)
