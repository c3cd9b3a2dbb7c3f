package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// CreateBatch queues a batch and its records (indexed from 1) in one
// transaction; the records go in by COPY.
func (s *Store) CreateBatch(ctx context.Context, b *Batch, records []json.RawMessage) error {
	b.ID, b.Status, b.CreatedAt = NewID(), StatusQueued, time.Now().UTC().Truncate(time.Microsecond)
	b.Total, b.Queued = len(records), len(records)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		lane, err := enqueueLane(ctx, tx, b.TenantID, b.KeyTier, 0, len(records), b.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO batches (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
			                     options, metadata, webhook_url, total, queued, created_at)
			VALUES ($1, $2, $3, $4, 'queued', $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, nullif($11, ''), $12, $12, $13)`,
			b.ID, b.TenantID, lane, b.KeyID, b.Format, b.Template, b.TemplateID, b.TemplateVersion,
			b.Options, nullJSON(b.Metadata), b.WebhookURL, len(records), b.CreatedAt); err != nil {
			return err
		}
		i := 0
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"batch_records"}, []string{"batch_id", "idx", "status", "data"},
			pgx.CopyFromFunc(func() ([]any, error) {
				if i == len(records) {
					return nil, nil
				}
				i++
				return []any{b.ID, i, StatusQueued, string(records[i-1])}, nil
			})); err != nil {
			return err
		}
		return notifyWork(ctx, tx)
	})
}

const batchColumns = `b.id, b.tenant_id, b.key_id, l.key_tier, b.status, coalesce(b.tier, ''), b.format,
	coalesce(b.template, ''), coalesce(b.template_id, ''), coalesce(b.template_version, 0), b.options,
	b.metadata, coalesce(b.webhook_url, ''), b.total, b.queued, b.running, b.done, b.failed, b.canceled,
	b.created_at, b.started_at, b.finished_at`

func scanBatch(row pgx.Row) (*Batch, error) {
	var b Batch
	err := row.Scan(&b.ID, &b.TenantID, &b.KeyID, &b.KeyTier, &b.Status, &b.Tier, &b.Format,
		&b.Template, &b.TemplateID, &b.TemplateVersion, &b.Options,
		&b.Metadata, &b.WebhookURL, &b.Total, &b.Queued, &b.Running, &b.Done, &b.Failed, &b.Canceled,
		&b.CreatedAt, &b.StartedAt, &b.FinishedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("batch")
	}
	return &b, err
}

// Batch returns one of a tenant's batches with its counts.
func (s *Store) Batch(ctx context.Context, tenantID string, id uuid.UUID) (*Batch, error) {
	return scanBatch(s.Pool.QueryRow(ctx, `SELECT `+batchColumns+`
		FROM batches b JOIN lanes l ON l.id = b.lane_id WHERE b.tenant_id = $1 AND b.id = $2`, tenantID, id))
}

// Batches lists a tenant's batches, newest first, after the cursor.
func (s *Store) Batches(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]Batch, error) {
	rows, err := s.Pool.Query(ctx, `SELECT `+batchColumns+`
		FROM batches b JOIN lanes l ON l.id = b.lane_id
		WHERE b.tenant_id = $1 AND ($2 = '' OR b.status = $2) AND ($3::uuid IS NULL OR b.id < $3)
		ORDER BY b.id DESC LIMIT $4`, tenantID, status, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanBatch)
}

const recordColumns = `idx, status, started_at, finished_at, output_type, output_bytes, output_pages,
	coalesce(error_code, ''), coalesce(error_message, '')`

func scanRecord(row pgx.Row) (Record, error) {
	var r Record
	var otype *string
	var obytes *int64
	var opages *int
	err := row.Scan(&r.Index, &r.Status, &r.StartedAt, &r.FinishedAt, &otype, &obytes, &opages, &r.ErrCode, &r.ErrMessage)
	if otype != nil {
		r.Output = &Output{ContentType: *otype, Bytes: deref(obytes), Pages: deref(opages)}
	}
	return r, err
}

// Records lists a batch's records in index order after index `after`. The
// batch must be the tenant's.
func (s *Store) Records(ctx context.Context, tenantID string, batchID uuid.UUID, status string, after, limit int) ([]Record, error) {
	if _, err := s.Batch(ctx, tenantID, batchID); err != nil {
		return nil, err
	}
	rows, err := s.Pool.Query(ctx, `SELECT `+recordColumns+` FROM batch_records
		WHERE batch_id = $1 AND ($2 = '' OR status = $2) AND idx > $3 ORDER BY idx LIMIT $4`,
		batchID, status, after, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Record, error) { return scanRecord(r) })
}

// Record returns one record of a tenant's batch.
func (s *Store) Record(ctx context.Context, tenantID string, batchID uuid.UUID, index int) (*Record, error) {
	r, err := scanRecord(s.Pool.QueryRow(ctx, `SELECT `+recordColumns+` FROM batch_records r
		WHERE batch_id = $2 AND idx = $3 AND EXISTS (SELECT 1 FROM batches b WHERE b.id = $2 AND b.tenant_id = $1)`,
		tenantID, batchID, index))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("record")
	}
	return &r, err
}

// CancelBatch cancels the records of a batch that have not started; running
// ones finish. A finished batch is a conflict.
func (s *Store) CancelBatch(ctx context.Context, tenantID string, id uuid.UUID) (*Batch, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var lane int64
		var fin *time.Time
		err := tx.QueryRow(ctx, `SELECT lane_id, finished_at FROM batches WHERE tenant_id = $1 AND id = $2`, tenantID, id).Scan(&lane, &fin)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.NotFound("batch")
		}
		if err != nil {
			return err
		}
		if fin != nil {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: the batch has already finished")
		}
		if _, err := tx.Exec(ctx, `SELECT 1 FROM lanes WHERE id = $1 FOR UPDATE`, lane); err != nil {
			return err
		}
		var n int
		err = tx.QueryRow(ctx, `
			WITH c AS (
				UPDATE batch_records SET status = 'canceled', finished_at = now()
				WHERE batch_id = $1 AND status = 'queued' RETURNING 1
			) SELECT count(*) FROM c`, id).Scan(&n)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT 1 FROM batches WHERE id = $1 FOR UPDATE`, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE batches SET queued = queued - $2, canceled = canceled + $2 WHERE id = $1`, id, n); err != nil {
			return err
		}
		if err := settleBatches(ctx, tx, [][16]byte{id}); err != nil {
			return err
		}
		return dequeued(ctx, tx, lane, 0, n)
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, tenantID, id)
}

// DoneRecords streams a batch's finished records in index order, for the ZIP.
func (s *Store) DoneRecords(ctx context.Context, batchID uuid.UUID, fn func(index int) error) error {
	rows, err := s.Pool.Query(ctx, `SELECT idx FROM batch_records WHERE batch_id = $1 AND status = 'done' ORDER BY idx`, batchID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var idx int
	_, err = pgx.ForEachRow(rows, []any{&idx}, func() error { return fn(idx) })
	return err
}
