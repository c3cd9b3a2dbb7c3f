package api

import "github.com/paprikahq/paprika/internal/wire"

// queue.go's names for the wire types it fills in. They go when the
// queue's estimates leave this package, queue.go with them; use package
// wire.
type (
	// Deprecated: use wire.Queue.
	QueueJSON = wire.Queue
	// Deprecated: use wire.Job.
	JobJSON = wire.Job
	// Deprecated: use wire.Batch.
	BatchJSON = wire.Batch
)
