package worker

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
	recorded func()          // called once the completion is recorded (or given up); may be nil
	// waitStore: handed back because the output store is down; recorded is
	// called once it is up again, so that what waits on it waits for the store.
	waitStore bool
}

// completer records completions in batches: one transaction for everything
// that finished in the last few milliseconds, as River does, so a busy
// worker spends one round trip on many completions.
type completer struct {
	queue   Queue
	outputs storage.Store
	gate    *storeGate
	lease   time.Duration          // renewed while outputs are stored
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
	return &completer{queue: q, outputs: outputs, gate: newStoreGate(outputs, log), limited: limited, log: log,
		kick: make(chan struct{}, 1), done: make(chan struct{})}
}

// add queues a completion; recorded (if not nil) is called once it is
// recorded, from the completer's goroutine.
func (c *completer) add(r result, recorded func()) {
	r.recorded = recorded
	c.mu.Lock()
	c.pending = append(c.pending, r)
	c.mu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
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
					switch {
					case r.recorded == nil:
					case r.waitStore:
						go func(recorded func()) { c.gate.wait(); recorded() }(r.recorded)
					default:
						r.recorded()
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
// its work is done. When that fails, the work that had outputs is left out
// of the completions (a new slice: rs keeps every result, for run) and:
//   - if the store is down as a whole (storeGate.outage: unreachable, its
//     disk full), it is handed back to the queue without spending an
//     attempt, and marked waitStore: its slot waits for the store;
//   - otherwise (the store is up, this put failed) it goes back as a failed
//     render would, spending an attempt, and fails after the last saying
//     its output could not be stored.
func (c *completer) store(rs []result) []result {
	var outs []storage.Output
	for _, r := range rs {
		if r.put != nil {
			outs = append(outs, *r.put)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	stopRenewing := c.renewWhileStoring(rs)
	err := storage.PutAll(ctx, c.outputs, outs)
	stopRenewing()
	cancel()
	if err == nil {
		return rs
	}
	outage := c.gate.outage(err)
	if !outage {
		c.log.Error("storing an output failed; its work goes back to the queue", "count", len(outs), "err", err)
	}
	kept := make([]result, 0, len(rs))
	for i := range rs {
		r := &rs[i]
		if r.put == nil {
			kept = append(kept, *r)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if outage {
			r.waitStore = true
			held, err := c.queue.Release(ctx, r.Item.Ref(), "", "", true)
			switch {
			case err != nil:
				c.log.Error("hand back failed; the lease will expire instead", "err", err)
			case held:
				c.log.Warn("handed back", append(workIDs(&r.Item), "reason", "output store unavailable")...)
			default:
				c.log.Warn("lease lost before the hand back", workIDs(&r.Item)...)
			}
		} else {
			c.metrics.RenderFailed(paprika.CodeRenderFailed)
			c.log.Error("output not stored", append(workIDs(&r.Item), "err", err)...)
			if _, err := c.queue.Release(ctx, r.Item.Ref(), paprika.CodeRenderFailed, storeFailure(err), false); err != nil {
				c.log.Error("release failed; the lease will expire instead", "err", err)
			}
		}
		cancel()
	}
	return kept
}

// renewWhileStoring renews the leases of rs's work that has an output
// while it is stored, every third of the lease, until the returned stop is
// called: the worker renews only the work it renders, and a put may
// outlast a lease (an S3 client retrying while the store goes down).
func (c *completer) renewWhileStoring(rs []result) (stop func()) {
	var refs []paprika.Ref
	for _, r := range rs {
		if r.put != nil {
			refs = append(refs, r.Item.Ref())
		}
	}
	if len(refs) == 0 || c.lease <= 0 {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(c.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			ctx, cancel := context.WithTimeout(context.Background(), c.lease/3)
			if _, err := c.queue.Renew(ctx, refs, c.lease); err != nil {
				c.log.Error("lease renewal failed while storing outputs", "err", err)
			}
			cancel()
		}
	}()
	return func() { close(done); wg.Wait() }
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
