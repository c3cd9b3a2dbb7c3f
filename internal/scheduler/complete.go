package scheduler

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/postgres"
)

// result is one finished render to record.
type result struct {
	recorded   chan struct{} // closed once the completion is recorded (or given up)
	item       Item
	status     string // done or failed
	output     *postgres.Output
	errCode    string
	errMessage string
	seconds    float64 // render time
}

// completer records completions in batches: one transaction for everything
// that finished in the last few milliseconds, as River does, so a busy
// worker spends one round trip on many completions.
type completer struct {
	pool *pgxpool.Pool
	log  *slog.Logger

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

func newCompleter(pool *pgxpool.Pool, log *slog.Logger) *completer {
	return &completer{pool: pool, log: log, kick: make(chan struct{}, 1), done: make(chan struct{})}
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
	var j struct {
		ids    []uuid.UUID
		tokens []int64
		cols
	}
	var r struct {
		batches []uuid.UUID
		idxs    []int32
		tokens  []int64
		cols
	}
	for _, res := range rs {
		if res.item.Kind == KindJob {
			j.ids, j.tokens = append(j.ids, res.item.JobID), append(j.tokens, res.item.Token)
			j.add(res)
		} else {
			r.batches, r.idxs, r.tokens = append(r.batches, res.item.BatchID), append(r.idxs, int32(res.item.Index)), append(r.tokens, res.item.Token)
			r.add(res)
		}
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(genericPlans)
	if len(j.ids) > 0 {
		b.Queue(completeJobs, j.ids, j.tokens, j.status, j.otype, j.obytes, j.opages, j.ecode, j.emsg, j.secs)
	}
	if len(r.batches) > 0 {
		locked := slices.Clone(r.batches)
		slices.SortFunc(locked, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
		locked = slices.Compact(locked)
		b.Queue(lockBatches, locked)
		b.Queue(completeRecords, r.batches, r.idxs, r.tokens, r.status, r.otype, r.obytes, r.opages, r.ecode, r.emsg, r.secs)
		b.Queue(postgres.SettleBatches, locked)
	}
	b.Queue(postgres.EnqueueWebhooks, j.ids, r.batches) // in this transaction: no finished work unannounced
	b.Queue("SELECT pg_notify('paprika_work', '')")
	b.Queue("COMMIT")
	conn, err := c.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if err := conn.Conn().SendBatch(ctx, b).Close(); err != nil {
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		return err
	}
	return nil
}

// cols are the per-item columns both completion statements take.
type cols struct {
	status, otype, ecode, emsg []string
	obytes                     []int64
	opages                     []int32
	secs                       []float64
}

func (c *cols) add(res result) {
	var otype string
	var obytes int64
	var opages int32
	if res.output != nil {
		otype, obytes, opages = res.output.ContentType, res.output.Bytes, int32(res.output.Pages)
	}
	c.status = append(c.status, res.status)
	c.otype, c.obytes, c.opages = append(c.otype, otype), append(c.obytes, obytes), append(c.opages, opages)
	c.ecode, c.emsg = append(c.ecode, res.errCode), append(c.emsg, res.errMessage)
	c.secs = append(c.secs, res.seconds)
}
