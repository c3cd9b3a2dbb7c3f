package postgres

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Queue is the scheduler's side of the store: claims, completions, leases,
// releases and the sources work renders from. Every state change of queued
// work is a named statement of sql/*.sql, run here or in Store (enqueue and
// cancel).
type Queue struct {
	pool *pgxpool.Pool

	// Now, when set, is the clock leases are found expired by (Expired), so
	// that a test moves past a lease instead of waiting for it to run out.
	// Nil, as in production, is PostgreSQL's now(), the clock the leases
	// are written by.
	Now func() time.Time

	// groups are the groups whose started-count rows a committed claim has
	// seen: such rows are never deleted, so a claim of only known groups
	// skips ensure-groups (one statement of each claim's second round trip).
	groups sync.Map // scheduler.GroupKey → struct{}
}

// NewQueue returns the queue on pool.
func NewQueue(pool *pgxpool.Pool) *Queue { return &Queue{pool: pool} }

// lockLane takes a lane's row lock: every change to queued work takes it
// first, then moves the lane's counters.
func lockLane(ctx context.Context, tx pgx.Tx, lane int64) error {
	_, err := tx.Exec(ctx, sqlLockLane, lane)
	return err
}

// enqueueLane adds queued work to the lane of (tenant, key tier), creating it
// on first use, and returns its id; the upsert takes the lane's lock.
func enqueueLane(ctx context.Context, tx pgx.Tx, tenantID, keyTier string, jobs, records int, at time.Time) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, sqlEnqueueLane, tenantID, keyTier, jobs, records, at).Scan(&id)
	return id, err
}

// dequeueLane takes jobs and records off a lane's counters (its lock held).
func dequeueLane(ctx context.Context, tx pgx.Tx, lane int64, jobs, records int) error {
	_, err := tx.Exec(ctx, sqlDequeueLanes, []int64{lane}, []int32{int32(jobs)}, []int32{int32(records)})
	return err
}

// countFinish counts n pieces of work that stopped running in their group.
func countFinish(ctx context.Context, tx pgx.Tx, tenantID, tier string, n int) error {
	_, err := tx.Exec(ctx, sqlCountFinish, tenantID, tier, n)
	return err
}

// settleBatches finishes the batches of ids that have nothing queued or
// running left.
func settleBatches(ctx context.Context, tx pgx.Tx, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, sqlSettleBatches, ids); err != nil {
		return err
	}
	return enqueueWebhooks(ctx, tx, nil, ids)
}

func notifyWork(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, sqlNotifyWork)
	return err
}

// kind is one kind of item's part of the lifecycle: its statements, each
// made from the one template of its step (sql/lease.sql, release.sql,
// complete.sql) for its table, and the lane counters one item moves.
type kind struct {
	lane, release, renew, expired, complete string
	jobs, records                           int // one item on its lane's counters
}

var kinds = map[string]*kind{
	paprika.KindJob: {lane: sqlJobLane, release: sqlReleaseJob, renew: sqlRenewJobs,
		expired: sqlExpiredJobs, complete: sqlCompleteJobs, jobs: 1},
	paprika.KindRecord: {lane: sqlBatchLane, release: sqlReleaseRecord, renew: sqlRenewRecords,
		expired: sqlExpiredRecords, complete: sqlCompleteRecords, records: 1},
}

// keyed are items of one kind as its statements take them: their keys
// (a job's id; a record's batch and index), then their lease tokens, and
// for a completion their results.
type keyed struct {
	kind   string
	ids    []uuid.UUID
	idxs   []int32
	tokens []int64
	cols
}

func (k *keyed) add(r paprika.Ref) {
	if k.kind == paprika.KindJob {
		k.ids = append(k.ids, r.JobID)
	} else {
		k.ids, k.idxs = append(k.ids, r.BatchID), append(k.idxs, int32(r.Index))
	}
	k.tokens = append(k.tokens, r.Token)
}

// args are the statement's arguments: the keys, the tokens, then more.
func (k *keyed) args(more ...any) []any {
	a := []any{k.ids}
	if k.kind == paprika.KindRecord {
		a = append(a, k.idxs)
	}
	return append(append(a, k.tokens), more...)
}

// refKeys are one item's keys as its kind's statements take them.
func refKeys(r paprika.Ref) []any {
	if r.Kind == paprika.KindJob {
		return []any{r.JobID}
	}
	return []any{r.BatchID, r.Index}
}

// kindParts are empty parts for each kind, jobs first; part says which
// holds an item of kind.
func kindParts() []*keyed { return []*keyed{{kind: paprika.KindJob}, {kind: paprika.KindRecord}} }

func part(parts []*keyed, kind string) *keyed {
	if kind == paprika.KindJob {
		return parts[0]
	}
	return parts[1]
}

// byKind sorts refs into their kinds, jobs first.
func byKind(refs []paprika.Ref) []*keyed {
	parts := kindParts()
	for _, r := range refs {
		part(parts, r.Kind).add(r)
	}
	return parts
}

// Complete records finished work in one transaction of one round trip,
// fenced by lease tokens: what a lost lease finished is not recorded. With
// wake it also wakes the other workers (NOTIFY paprika_work): finished work
// frees room under maxRunning that they may be waiting for. Without a
// limit to free there is nothing to wake them for, and a NOTIFY serializes
// every committing transaction that sends one.
func (q *Queue) Complete(ctx context.Context, rs []paprika.Result, wake bool) error {
	parts := kindParts()
	for _, res := range rs {
		k := part(parts, res.Item.Kind)
		k.add(res.Item.Ref())
		k.cols.add(res)
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(genericPlans)
	var batches []uuid.UUID // each once, in id order
	for _, k := range parts {
		if len(k.tokens) == 0 {
			continue
		}
		if k.kind == paprika.KindRecord {
			batches = sortedUUIDs(k.ids)
			b.Queue(sqlLockBatches, batches)
		}
		b.Queue(kinds[k.kind].complete, k.args(k.status, k.otype, k.obytes, k.opages, k.ecode, k.emsg, k.secs)...)
	}
	b.Queue(sqlEnqueueWebhooks, parts[0].ids, batches) // in this transaction: no finished work unannounced
	if wake {
		b.Queue(sqlNotifyWork)
	}
	b.Queue("COMMIT")
	conn, err := q.pool.Acquire(ctx)
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

func (c *cols) add(res paprika.Result) {
	var otype string
	var obytes int64
	var opages int32
	if res.Output != nil {
		otype, obytes, opages = res.Output.ContentType, res.Output.Bytes, int32(res.Output.Pages)
	}
	c.status = append(c.status, res.Status)
	c.otype, c.obytes, c.opages = append(c.otype, otype), append(c.obytes, obytes), append(c.opages, opages)
	c.ecode, c.emsg = append(c.ecode, res.ErrCode), append(c.emsg, res.ErrMessage)
	c.secs = append(c.secs, res.Seconds)
}

// Release takes running work off its lease: back to the queue, or failed
// with code when it has used its attempts. handBack returns it without
// counting the attempt (a worker stopping). It reports whether the lease was
// still held: if not, someone else owns the work now and nothing changes.
func (q *Queue) Release(ctx context.Context, r paprika.Ref, code, message string, handBack bool) (bool, error) {
	held := false
	k := kinds[r.Kind]
	keys := refKeys(r)
	err := pgx.BeginFunc(ctx, q.pool, func(tx pgx.Tx) error {
		var lane int64
		var tenant string
		err := tx.QueryRow(ctx, k.lane, keys[0]).Scan(&lane, &tenant)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := lockLane(ctx, tx, lane); err != nil {
			return err
		}
		record := r.Kind == paprika.KindRecord
		if record {
			// The batch before the record, as completions lock them: a
			// release that took the record first and then waited for the
			// batch deadlocked with a completion of the same record (a
			// reaper against its slow owner) holding the batch.
			if _, err := tx.Exec(ctx, sqlLockBatches, []uuid.UUID{r.BatchID}); err != nil {
				return err
			}
		}
		var status, tier string
		var submitted time.Time
		err = tx.QueryRow(ctx, k.release, append(keys, r.Token, handBack, paprika.MaxAttempts, code, message)...).Scan(&status, &tier, &submitted)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // the lease was lost already: not ours to change
		}
		if err != nil {
			return err
		}
		held = true
		if err := countFinish(ctx, tx, tenant, tier, 1); err != nil {
			return err
		}
		requeued := status == paprika.StatusQueued
		if status == paprika.StatusFailed {
			if err := countLostUsage(ctx, tx, tenant, tier, k.jobs, k.records); err != nil {
				return err
			}
		}
		if record {
			if _, err := tx.Exec(ctx, sqlReleasedRecord, r.BatchID, requeued, r.Index); err != nil {
				return err
			}
			if err := settleBatches(ctx, tx, []uuid.UUID{r.BatchID}); err != nil {
				return err
			}
		} else if !requeued {
			if err := enqueueWebhooks(ctx, tx, []uuid.UUID{r.JobID}, nil); err != nil {
				return err
			}
		}
		if !requeued {
			return nil
		}
		if _, err := tx.Exec(ctx, sqlRequeueLane, lane, k.jobs, k.records, submitted); err != nil {
			return err
		}
		return notifyWork(ctx, tx)
	})
	return held, err
}

// Renew extends the leases of refs by lease and returns the tokens still
// held; what is missing was lost (expired and taken over, or canceled).
func (q *Queue) Renew(ctx context.Context, refs []paprika.Ref, lease time.Duration) (map[int64]bool, error) {
	kept := map[int64]bool{}
	for _, k := range byKind(refs) {
		if len(k.tokens) == 0 {
			continue
		}
		rows, err := q.pool.Query(ctx, kinds[k.kind].renew, k.args(lease.String())...)
		if err != nil {
			return nil, err
		}
		var token int64
		if _, err := pgx.ForEachRow(rows, []any{&token}, func() error { kept[token] = true; return nil }); err != nil {
			return nil, err
		}
	}
	return kept, nil
}

// Expired returns running work whose lease ran out (its worker died), up to
// 100 jobs and 100 records, by PostgreSQL's clock or q.Now's when set.
func (q *Queue) Expired(ctx context.Context) ([]paprika.Ref, error) {
	var refs []paprika.Ref
	var now *time.Time // NULL: the database's now()
	if q.Now != nil {
		t := q.Now()
		now = &t
	}
	for _, kind := range []string{paprika.KindJob, paprika.KindRecord} {
		rows, err := q.pool.Query(ctx, kinds[kind].expired, now)
		if err != nil {
			return nil, err
		}
		r := paprika.Ref{Kind: kind}
		scan := []any{&r.JobID, &r.Token}
		if kind == paprika.KindRecord {
			scan = []any{&r.BatchID, &r.Index, &r.Token}
		}
		if _, err := pgx.ForEachRow(rows, scan, func() error { refs = append(refs, r); return nil }); err != nil {
			return nil, err
		}
	}
	return refs, nil
}

// Listen calls wake on every NOTIFY paprika_work until ctx ends or the
// connection fails (the caller reconnects).
func (q *Queue) Listen(ctx context.Context, wake func()) error {
	return Listen(ctx, q.pool, "paprika_work", wake)
}

// Listen holds a connection of pool that LISTENs on channel and calls wake
// on every notification, until ctx ends or the connection fails (the
// caller reconnects).
func Listen(ctx context.Context, pool *pgxpool.Pool, channel string, wake func()) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), "UNLISTEN *") //nolint:errcheck // the pool resets it anyway
	for {
		if _, err := conn.Conn().WaitForNotification(ctx); err != nil {
			return err
		}
		wake()
	}
}

// BatchSource returns what every record of a batch renders with.
func (q *Queue) BatchSource(ctx context.Context, id uuid.UUID) (paprika.Source, error) {
	var src paprika.Source
	err := q.pool.QueryRow(ctx, sqlBatchSource, id).Scan(&src.Format, &src.Template, &src.TemplateID, &src.TemplateVersion, &src.Options, &src.Asset)
	return src, err
}

// TemplateContent returns a stored template's version; a deleted template
// is paprika.NotFound.
func (q *Queue) TemplateContent(ctx context.Context, tenantID, id string, version int) (string, error) {
	var content string
	err := q.pool.QueryRow(ctx, sqlTemplateContent, tenantID, id, version).Scan(&content)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", paprika.NotFound("template")
	}
	return content, err
}
