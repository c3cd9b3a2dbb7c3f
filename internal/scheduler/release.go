package scheduler

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/postgres"
)

// MaxAttempts is how many times work is claimed before a lost lease or a
// retryable render failure fails it for good.
const MaxAttempts = 3

// ref names one claimed item and the lease it was claimed under.
type ref struct {
	kind    string
	jobID   uuid.UUID
	batchID uuid.UUID
	index   int
	token   int64
}

func (it *Item) ref() ref {
	return ref{kind: it.Kind, jobID: it.JobID, batchID: it.BatchID, index: it.Index, token: it.Token}
}

// release takes running work off its lease: back to the queue, or failed
// with code when it has used its attempts. handBack returns it without
// counting the attempt (a worker stopping). It reports whether the lease was
// still held: if not, someone else owns the work now and nothing changes.
func release(ctx context.Context, pool *pgxpool.Pool, r ref, code, message string, handBack bool) (bool, error) {
	held := false
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var lane int64
		var tenant string
		var err error
		if r.kind == KindJob {
			err = tx.QueryRow(ctx, `SELECT lane_id, tenant_id FROM jobs WHERE id = $1`, r.jobID).Scan(&lane, &tenant)
		} else {
			err = tx.QueryRow(ctx, `SELECT lane_id, tenant_id FROM batches WHERE id = $1`, r.batchID).Scan(&lane, &tenant)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		// The lane lock first, as in every change to queued work.
		if _, err := tx.Exec(ctx, `SELECT 1 FROM lanes WHERE id = $1 FOR UPDATE`, lane); err != nil {
			return err
		}
		var status, tier string
		var submitted struct{ t time.Time }
		if r.kind == KindJob {
			err = tx.QueryRow(ctx, `
				UPDATE jobs SET
					status = CASE WHEN NOT $3 AND attempts >= $4 THEN 'failed' ELSE 'queued' END,
					attempts = CASE WHEN $3 THEN attempts - 1 ELSE attempts END,
					finished_at = CASE WHEN NOT $3 AND attempts >= $4 THEN now() END,
					error_code = CASE WHEN NOT $3 AND attempts >= $4 THEN $5 END,
					error_message = CASE WHEN NOT $3 AND attempts >= $4 THEN $6 END,
					started_at = CASE WHEN NOT $3 AND attempts >= $4 THEN started_at END,
					lease_token = NULL, lease_expires_at = NULL
				WHERE id = $1 AND lease_token = $2 AND status = 'running'
				RETURNING status, tier, created_at`, r.jobID, r.token, handBack, MaxAttempts, code, message).Scan(&status, &tier, &submitted.t)
		} else {
			err = tx.QueryRow(ctx, `
				UPDATE batch_records SET
					status = CASE WHEN NOT $4 AND attempts >= $5 THEN 'failed' ELSE 'queued' END,
					attempts = CASE WHEN $4 THEN attempts - 1 ELSE attempts END,
					finished_at = CASE WHEN NOT $4 AND attempts >= $5 THEN now() END,
					error_code = CASE WHEN NOT $4 AND attempts >= $5 THEN $6 END,
					error_message = CASE WHEN NOT $4 AND attempts >= $5 THEN $7 END,
					started_at = CASE WHEN NOT $4 AND attempts >= $5 THEN started_at END,
					lease_token = NULL, lease_expires_at = NULL
				WHERE batch_id = $1 AND idx = $2 AND lease_token = $3 AND status = 'running'
				RETURNING status, tier, (SELECT created_at FROM batches WHERE id = $1)`,
				r.batchID, r.index, r.token, handBack, MaxAttempts, code, message).Scan(&status, &tier, &submitted.t)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // the lease was lost already: not ours to change
		}
		if err != nil {
			return err
		}
		held = true
		if _, err := tx.Exec(ctx, `
			INSERT INTO group_finishes AS g (tenant_id, tier, finished) VALUES ($1, $2, 1)
			ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + 1`, tenant, tier); err != nil {
			return err
		}
		requeued := status == "queued"
		if r.kind == KindRecord {
			if _, err := tx.Exec(ctx, `
				UPDATE batches SET running = running - 1,
					queued = queued + CASE WHEN $2 THEN 1 ELSE 0 END,
					failed = failed + CASE WHEN $2 THEN 0 ELSE 1 END,
					next_index = CASE WHEN $2 THEN least(next_index, $3) ELSE next_index END
				WHERE id = $1`, r.batchID, requeued, r.index); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, postgres.SettleBatches, []uuid.UUID{r.batchID}); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, postgres.EnqueueWebhooks, []uuid.UUID{r.jobID}, []uuid.UUID{r.batchID}); err != nil {
			return err
		}
		if requeued {
			jobs, records := 1, 0
			if r.kind == KindRecord {
				jobs, records = 0, 1
			}
			if _, err := tx.Exec(ctx, `
				UPDATE lanes SET queued_jobs = queued_jobs + $2, queued_records = queued_records + $3,
					waiting_since = least(waiting_since, $4)
				WHERE id = $1`, lane, jobs, records, submitted.t); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `SELECT pg_notify('paprika_work', '')`); err != nil {
				return err
			}
		}
		return nil
	})
	return held, err
}
