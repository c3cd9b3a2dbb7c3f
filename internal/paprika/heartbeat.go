package paprika

import "time"

// Workers announce themselves (a row each: the tiers they claim, when last
// seen) every HeartbeatEvery; one not seen for WorkerLive is taken for
// gone, and work of a tier no live worker claims waits for no-worker.
const (
	HeartbeatEvery = 10 * time.Second
	WorkerLive     = 3 * HeartbeatEvery
)
