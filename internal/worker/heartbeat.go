package worker

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strconv"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Heartbeats is how a worker announces itself, when its queue can (the
// postgres Queue can): a row of its tiers and when it was last seen, so
// that queued work of a tier no live worker claims says it waits for
// no-worker (docs/scheduler.md, What tenants see).
type Heartbeats interface {
	Beat(ctx context.Context, id string, tiers []string) error
	Gone(ctx context.Context, id string) error
}

// workerID names this worker among the others: host, process and a
// random part, for two Runs of one process.
func workerID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return host + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b)
}

// heartbeatLoop announces the worker every paprika.HeartbeatEvery until
// ctx ends, then takes the announcement away: a worker that stops cleanly
// is gone at once, one that dies is gone once it is not seen for
// paprika.WorkerLive. A failed beat is logged and tried again at the next.
func (w *Worker) heartbeatLoop(ctx context.Context) {
	hb, ok := w.queue.(Heartbeats)
	if !ok {
		return
	}
	id := workerID()
	tick := time.NewTicker(paprika.HeartbeatEvery)
	defer tick.Stop()
	for {
		if err := hb.Beat(ctx, id, w.cfg.WorkerTiers); err != nil && ctx.Err() == nil {
			w.log.WarnContext(ctx, "worker heartbeat failed", "err", err)
		}
		select {
		case <-ctx.Done():
			gone, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			defer cancel()
			if err := hb.Gone(gone, id); err != nil {
				w.log.WarnContext(ctx, "worker heartbeat not taken away", "err", err)
			}
			return
		case <-tick.C:
		}
	}
}
