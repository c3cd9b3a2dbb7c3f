package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The retention sweeper's queries (internal/storage.Sweeper, statements of
// sql/sweep.sql): deleting finished work and what a deleted tenant leaves,
// never a state change of work still queued or running.

// LockSweep takes the sweepers' lock (one sweeper at a time, whatever the
// processes) on a connection it holds until unlock is called; ok is false,
// and there is nothing to unlock, when another process holds it.
func (s *Store) LockSweep(ctx context.Context) (unlock func(), ok bool, err error) {
	conn, err := s.Pool.Acquire(ctx)
	if err != nil {
		return nil, false, err
	}
	if err := conn.QueryRow(ctx, sqlSweepLock).Scan(&ok); err != nil || !ok {
		conn.Release()
		return nil, false, err
	}
	return func() {
		_, _ = conn.Exec(context.WithoutCancel(ctx), sqlSweepUnlock) // the session ends with the conn anyway
		conn.Release()
	}, true, nil
}

// ExpiredJobs picks up to limit finished jobs past their tenant's
// retention, and finished jobs of deleted tenants, with only their ID,
// TenantID and Format set.
func (s *Store) ExpiredJobs(ctx context.Context, limit int) ([]paprika.Job, error) {
	rows, err := s.Pool.Query(ctx, sqlSweepJobs, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (paprika.Job, error) {
		var j paprika.Job
		return j, r.Scan(&j.TenantID, &j.ID, &j.Format)
	})
}

// DeleteJobs deletes jobs (their outputs deleted before).
func (s *Store) DeleteJobs(ctx context.Context, ids []uuid.UUID) error {
	_, err := s.Pool.Exec(ctx, sqlDeleteJobs, ids)
	return err
}

// ExpiredBatches picks up to limit finished batches past retention or of
// deleted tenants, with only their ID and TenantID set.
func (s *Store) ExpiredBatches(ctx context.Context, limit int) ([]paprika.Batch, error) {
	rows, err := s.Pool.Query(ctx, sqlSweepBatches, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (paprika.Batch, error) {
		var b paprika.Batch
		return b, r.Scan(&b.ID, &b.TenantID)
	})
}

// DeleteBatch deletes a batch and its records (their outputs deleted before).
func (s *Store) DeleteBatch(ctx context.Context, id uuid.UUID) error {
	_, err := s.Pool.Exec(ctx, sqlDeleteBatch, id)
	return err
}

// EmptiedTenants returns the deleted tenants among ids that have no work left.
func (s *Store) EmptiedTenants(ctx context.Context, ids []string) ([]string, error) {
	rows, err := s.Pool.Query(ctx, sqlEmptiedTenants, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// SweepRows deletes the rows no output names that retention ends: measures
// past a day, rate counts past retention or of deleted tenants, deleted
// templates no queued or running work can still need, usage past 400 days
// (or a longer retention), workers not seen for a day, and the signing
// certificates of deleted tenants.
func (s *Store) SweepRows(ctx context.Context) error {
	for _, q := range []string{sqlSweepMeasures, sqlSweepRates, sqlSweepTemplates, sqlSweepUsage, sqlSweepWorkers, sqlSweepCertificates} {
		if _, err := s.Pool.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
