package api

import "github.com/paprikahq/paprika/internal/wire"

// The names queue.go gives the wire types it fills in, kept until when
// queued work should start moves out of this package with it.
type (
	// Deprecated: use wire.Queue.
	QueueJSON = wire.Queue
	// Deprecated: use wire.Job.
	JobJSON = wire.Job
	// Deprecated: use wire.Batch.
	BatchJSON = wire.Batch
)
