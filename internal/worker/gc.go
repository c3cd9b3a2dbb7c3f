package worker

import "runtime/debug"

// GCPercent is the garbage collector's target a worker process runs
// with unless GOGC says otherwise: a worker's heap is small (30–40 MiB at
// 128 slots in bench/scheduler) and churns with every item, so at Go's
// default of 100 its collector ran several times a second, 8% of its CPU,
// part of it on processors that PostgreSQL, beside it, could have used. At
// 200 the workers used 47–53 µs of CPU an item against 58–69, for about
// half as much heap again (docs/configuration.md, PAPRIKA_WORKERS).
const GCPercent = 200

// SetGC sets the collector's target to GCPercent when the
// environment (getenv) leaves GOGC unset, and reports whether it did.
// GOMEMLIMIT, which the Go runtime reads itself, still bounds the heap.
func SetGC(getenv func(string) string) bool {
	if getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(GCPercent)
	return true
}
