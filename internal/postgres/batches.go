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
func (s *Store) CreateBatch(ctx context.Context, b *paprika.Batch, records []json.RawMessage) error {
	b.ID, b.Status, b.CreatedAt = paprika.NewID(), paprika.StatusQueued, time.Now().UTC().Truncate(time.Microsecond)
	b.Total, b.Queued = len(records), len(records)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		lane, err := enqueueLane(ctx, tx, b.TenantID, b.KeyTier, 0, len(records), b.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlInsertBatch,
			b.ID, b.TenantID, lane, b.KeyID, b.Format, b.Template, b.TemplateID, b.TemplateVersion,
			b.Options, nullJSON(b.Metadata), b.WebhookURL, len(records), b.CreatedAt, b.Asset); err != nil {
			return err
		}
		i := 0
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"batch_records"}, []string{"batch_id", "idx", "status", "data"},
			pgx.CopyFromFunc(func() ([]any, error) {
				if i == len(records) {
					return nil, nil
				}
				i++
				return []any{b.ID, i, paprika.StatusQueued, string(records[i-1])}, nil
			})); err != nil {
			return err
		}
		return notifyWork(ctx, tx)
	})
}

func scanBatch(row pgx.Row) (*paprika.Batch, error) {
	var b paprika.Batch
	err := row.Scan(&b.ID, &b.TenantID, &b.KeyID, &b.KeyTier, &b.Status, &b.Tier, &b.Format,
		&b.Template, &b.TemplateID, &b.TemplateVersion, &b.Options, &b.Asset,
		&b.Metadata, &b.WebhookURL, &b.Total, &b.Queued, &b.Running, &b.Done, &b.Failed, &b.Canceled,
		&b.CreatedAt, &b.StartedAt, &b.FinishedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("batch")
	}
	return &b, err
}

// Batch returns one of a tenant's batches with its counts.
func (s *Store) Batch(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Batch, error) {
	return scanBatch(s.Pool.QueryRow(ctx, sqlBatch, tenantID, id))
}

// Batches lists a tenant's batches, newest first, after the cursor.
func (s *Store) Batches(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]paprika.Batch, error) {
	rows, err := s.Pool.Query(ctx, sqlBatches, tenantID, status, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanBatch)
}

func scanRecord(row pgx.Row) (paprika.Record, error) {
	var r paprika.Record
	var otype *string
	var obytes *int64
	var opages *int
	err := row.Scan(&r.Index, &r.Status, &r.StartedAt, &r.FinishedAt, &otype, &obytes, &opages, &r.ErrCode, &r.ErrMessage)
	if otype != nil {
		r.Output = &paprika.Output{ContentType: *otype, Bytes: deref(obytes), Pages: deref(opages)}
	}
	return r, err
}

// Records lists a batch's records in index order after index `after`. The
// batch must be the tenant's.
func (s *Store) Records(ctx context.Context, tenantID string, batchID uuid.UUID, status string, after, limit int) ([]paprika.Record, error) {
	if _, err := s.Batch(ctx, tenantID, batchID); err != nil {
		return nil, err
	}
	rows, err := s.Pool.Query(ctx, sqlRecords,
		batchID, status, after, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (paprika.Record, error) { return scanRecord(r) })
}

// Record returns one record of a tenant's batch.
func (s *Store) Record(ctx context.Context, tenantID string, batchID uuid.UUID, index int) (*paprika.Record, error) {
	r, err := scanRecord(s.Pool.QueryRow(ctx, sqlRecord,
		tenantID, batchID, index))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("record")
	}
	return &r, err
}

// CancelBatch cancels the records of a batch that have not started; running
// ones finish. A finished batch is a conflict.
func (s *Store) CancelBatch(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Batch, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var lane int64
		var fin *time.Time
		err := tx.QueryRow(ctx, sqlBatchToCancel, tenantID, id).Scan(&lane, &fin)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.NotFound("batch")
		}
		if err != nil {
			return err
		}
		if fin != nil {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: the batch has already finished")
		}
		if err := lockLane(ctx, tx, lane); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlLockBatches, []uuid.UUID{id}); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, sqlCancelBatchRecs, id).Scan(&n); err != nil {
			return err
		}
		if err := settleBatches(ctx, tx, []uuid.UUID{id}); err != nil {
			return err
		}
		return dequeueLane(ctx, tx, lane, 0, n)
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, tenantID, id)
}

// DoneRecords streams a batch's finished records in index order, for the ZIP.
func (s *Store) DoneRecords(ctx context.Context, batchID uuid.UUID, fn func(index int) error) error {
	rows, err := s.Pool.Query(ctx, sqlDoneRecords, batchID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var idx int
	_, err = pgx.ForEachRow(rows, []any{&idx}, func() error { return fn(idx) })
	return err
}
