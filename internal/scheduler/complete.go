package scheduler

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// result is one finished render to record.
type result struct {
	paprika.Result
	recorded chan struct{} // closed once the completion is recorded (or given up)
}

// completer records completions in batches: one transaction for everything
// that finished in the last few milliseconds, as River does, so a busy
// worker spends one round trip on many completions.
type completer struct {
	queue Queue
	log   *slog.Logger

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

func newCompleter(q Queue, log *slog.Logger) *completer {
	return &completer{queue: q, log: log, kick: make(chan struct{}, 1), done: make(chan struct{})}
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
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := c.record(ctx, rs)
		cancel()
		if err == nil {
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

func (c *completer) record(ctx context.Context, rs []result) error {
	results := make([]paprika.Result, len(rs))
	for i := range rs {
		results[i] = rs[i].Result
	}
	return c.queue.Complete(ctx, results)
}
