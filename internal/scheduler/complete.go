package scheduler

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/storage"
)

// result is one finished render to record.
type result struct {
	paprika.Result
	put      *storage.Output // the output to store before the work is done
	recorded chan struct{}   // closed once the completion is recorded (or given up)
}

// completer records completions in batches: one transaction for everything
// that finished in the last few milliseconds, as River does, so a busy
// worker spends one round trip on many completions.
type completer struct {
	queue   Queue
	outputs storage.Store
	limited func(tier string) bool // the tier has maxRunning: its finishes wake other workers
	log     *slog.Logger
	metrics *metrics.Metrics

	mu      sync.Mutex
	pending []result
	kick    chan struct{}
	closed  bool
	done    chan struct{}
}

const (
	completeEvery = 2 * time.Millisecond
	completeMax   = 256
)

func newCompleter(q Queue, outputs storage.Store, limited func(tier string) bool, log *slog.Logger) *completer {
	return &completer{queue: q, outputs: outputs, limited: limited, log: log, kick: make(chan struct{}, 1), done: make(chan struct{})}
}

// add queues a completion and returns a channel closed once it is recorded.
func (c *completer) add(r result) <-chan struct{} {
	r.recorded = make(chan struct{})
	c.mu.Lock()
	c.pending = append(c.pending, r)
	c.mu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return r.recorded
}

// close flushes what is pending and stops run.
func (c *completer) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	<-c.done
}

// run flushes until closed; afterFlush is called after each flush (completed
// work frees maxRunning room, so the claim loop may find more).
func (c *completer) run(afterFlush func()) {
	defer close(c.done)
	for {
		<-c.kick
		time.Sleep(completeEvery) // let a few more arrive
		for {
			c.mu.Lock()
			n := min(len(c.pending), completeMax)
			batch := slices.Clone(c.pending[:n])
			c.pending = c.pending[n:]
			closed := c.closed && len(c.pending) == 0
			c.mu.Unlock()
			if n > 0 {
				c.flush(batch)
				for _, r := range batch {
					if r.recorded != nil {
						close(r.recorded)
					}
				}
				afterFlush()
			}
			if closed {
				return
			}
			if n < completeMax {
				break
			}
		}
	}
}

// flush records a batch of completions, retrying for a while: a completion
// lost here would be rendered again after its lease expires.
func (c *completer) flush(rs []result) {
	rs = c.store(rs)
	if len(rs) == 0 {
		return
	}
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := c.record(ctx, rs)
		cancel()
		if err == nil {
			c.counted(rs)
			return
		}
		if attempt == 20 {
			c.log.Error("recording completions failed; their leases will expire and the work be redone", "count", len(rs), "err", err)
			return
		}
		c.log.Warn("recording completions failed; retrying", "count", len(rs), "err", err)
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
}

// store puts the flush's outputs, all at once (storage.PutAll), before the
// one transaction that marks their work done: an output is stored before
// its work is done. When that fails (a full disk, an unreachable bucket),
// the work goes back to the queue as a failed render would, and is left out
// of the completions.
func (c *completer) store(rs []result) []result {
	var outs []storage.Output
	for _, r := range rs {
		if r.put != nil {
			outs = append(outs, *r.put)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	err := storage.PutAll(ctx, c.outputs, outs)
	cancel()
	if err == nil {
		return rs
	}
	c.log.Error("storing an output failed; its work goes back to the queue", "count", len(outs), "err", err)
	kept := rs[:0]
	for _, r := range rs {
		if r.put == nil {
			kept = append(kept, r)
			continue
		}
		c.metrics.RenderFailed(paprika.CodeRenderFailed)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if _, err := c.queue.Release(ctx, r.Item.Ref(), paprika.CodeRenderFailed, "the document was rendered but could not be stored", false); err != nil {
			c.log.Error("release failed; the lease will expire instead", "err", err)
		}
		cancel()
	}
	return kept
}

func (c *completer) record(ctx context.Context, rs []result) error {
	results := make([]paprika.Result, len(rs))
	wake := false
	for i := range rs {
		results[i] = rs[i].Result
		wake = wake || (c.limited != nil && c.limited(rs[i].Item.Tier))
	}
	return c.queue.Complete(ctx, results, wake)
}

// counted counts recorded completions in the metrics.
func (c *completer) counted(rs []result) {
	for i := range rs {
		c.metrics.Completed(rs[i].Item.Tier, rs[i].Item.Kind, rs[i].Status)
	}
}
