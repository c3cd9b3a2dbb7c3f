package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// cancelTenantQueued cancels every queued job and batch record of a tenant.
// It holds the tenant's lane locks, as every change to queue counters does.
func cancelTenantQueued(ctx context.Context, tx pgx.Tx, tenantID string) error {
	if _, err := tx.Exec(ctx, `SELECT id FROM lanes WHERE tenant_id = $1 ORDER BY id FOR UPDATE`, tenantID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `
		UPDATE jobs SET status = 'canceled', finished_at = now()
		WHERE tenant_id = $1 AND status = 'queued'`, tenantID); err != nil {
		return err
	}
	if err := enqueueTenantCanceled(ctx, tx, tenantID); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `
		WITH canceled AS (
			UPDATE batch_records r SET status = 'canceled', finished_at = now()
			FROM batches b
			WHERE b.tenant_id = $1 AND b.queued > 0 AND r.batch_id = b.id AND r.status = 'queued'
			RETURNING r.batch_id
		), counts AS (
			SELECT batch_id, count(*) AS n FROM canceled GROUP BY batch_id
		)
		UPDATE batches b SET queued = b.queued - c.n, canceled = b.canceled + c.n
		FROM counts c WHERE b.id = c.batch_id
		RETURNING b.id`, tenantID)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[[16]byte])
	if err != nil {
		return err
	}
	if err := settleBatches(ctx, tx, ids); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		UPDATE lanes SET queued_jobs = 0, queued_records = 0, waiting_since = NULL
		WHERE tenant_id = $1`, tenantID)
	return err
}

// SettleBatches finishes the batches of $1 (uuid[]) that have nothing
// queued or running left: done, or canceled when any record was canceled.
// Every path that moves a batch's counts (cancel, complete, release) runs it.
const SettleBatches = `
UPDATE batches SET status = CASE WHEN canceled > 0 THEN 'canceled' ELSE 'done' END, finished_at = now()
WHERE id = ANY($1::uuid[]) AND queued = 0 AND running = 0 AND finished_at IS NULL`

func settleBatches(ctx context.Context, tx pgx.Tx, ids [][16]byte) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, SettleBatches, ids); err != nil {
		return err
	}
	return enqueueWebhooks[[16]byte](ctx, tx, nil, ids)
}
