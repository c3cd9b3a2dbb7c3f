package storage

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The sweeper's SQL. Each statement deletes at most sweepChunk rows, so a
// sweep never holds long locks; Sweep loops until nothing is left.
const (
	sweepChunk = 1000

	// sweepJobs picks finished jobs past their tenant's retention, and
	// every finished job of a deleted tenant; deleteJobs deletes them once
	// their outputs are gone.
	sweepJobs = `
SELECT j.tenant_id, j.id, j.format FROM jobs j JOIN tenants t ON t.id = j.tenant_id
WHERE (t.deleted_at IS NOT NULL AND j.status NOT IN ('queued', 'running'))
   OR j.finished_at < now() - make_interval(days => t.retention_days)
LIMIT $1`

	deleteJobs = `DELETE FROM jobs WHERE id = ANY($1)`

	// emptiedTenants are the deleted tenants among $1 with no work left:
	// their folder of outputs goes too, whatever a lost worker left in it.
	emptiedTenants = `
SELECT t.id FROM tenants t
WHERE t.id = ANY($1) AND t.deleted_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = t.id)`

	// sweepBatches picks finished batches past retention (or of deleted
	// tenants); their records go first.
	sweepBatches = `
SELECT b.id, b.tenant_id FROM batches b JOIN tenants t ON t.id = b.tenant_id
WHERE b.finished_at IS NOT NULL
  AND (t.deleted_at IS NOT NULL OR b.finished_at < now() - make_interval(days => t.retention_days))
LIMIT $1`

	deleteBatch = `
WITH r AS (DELETE FROM batch_records WHERE batch_id = $1)
DELETE FROM batches WHERE id = $1`

	// sweepMeasures keeps a day of measures: the admin API reads at most 1,440 minutes.
	sweepMeasures = `DELETE FROM measures WHERE at < now() - interval '25 hours'`

	sweepRates = `
DELETE FROM rate_counts c USING tenants t
WHERE t.id = c.tenant_id
  AND (t.deleted_at IS NOT NULL OR c.minute < now() - make_interval(days => t.retention_days))`

	// sweepDeletedTemplates drops deleted templates no work can still need.
	sweepDeletedTemplates = `
DELETE FROM templates tp USING tenants t
WHERE t.id = tp.tenant_id AND (t.deleted_at IS NOT NULL OR tp.deleted_at < now() - make_interval(days => t.retention_days))
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = tp.tenant_id AND j.template_id = tp.id AND j.status IN ('queued', 'running'))
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = tp.tenant_id AND b.template_id = tp.id AND b.finished_at IS NULL)`

	sweepLock   = `SELECT pg_try_advisory_lock(727270001)`
	sweepUnlock = `SELECT pg_advisory_unlock(727270001)`
)

// Sweeper deletes finished work and its outputs after the tenant's
// retentionDays, and a deleted tenant's data, from the database and the
// output store (SPEC §6). Outputs go first: a failure leaves rows to retry
// at the next sweep, never objects no row names.
type Sweeper struct {
	Pool    *pgxpool.Pool
	Outputs Store
	Logger  *slog.Logger
}

// Run sweeps every interval until ctx ends.
func (s *Sweeper) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.Logger.ErrorContext(ctx, "sweep failed", "err", err)
		} else if n > 0 {
			s.Logger.InfoContext(ctx, "swept expired work", "items", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Sweep runs once, unless another process is sweeping, and returns how many
// jobs and batches it deleted.
func (s *Sweeper) Sweep(ctx context.Context) (int, error) {
	conn, err := s.Pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Release()
	var locked bool
	if err := conn.QueryRow(ctx, sweepLock).Scan(&locked); err != nil || !locked {
		return 0, err
	}
	defer conn.Exec(context.WithoutCancel(ctx), sweepUnlock) //nolint:errcheck // the session ends with the conn anyway
	n := 0
	touched := map[string]bool{} // tenants whose work was swept
	for {
		rows, err := conn.Query(ctx, sweepJobs, sweepChunk)
		if err != nil {
			return n, err
		}
		type job struct {
			tenant, format string
			id             uuid.UUID
		}
		jobs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (job, error) {
			var j job
			return j, r.Scan(&j.tenant, &j.id, &j.format)
		})
		if err != nil {
			return n, err
		}
		ids := make([]uuid.UUID, len(jobs))
		for i, j := range jobs {
			if err := s.Outputs.Delete(ctx, JobKey(j.tenant, j.id, j.format)); err != nil {
				return n, err
			}
			ids[i] = j.id
			touched[j.tenant] = true
		}
		if _, err := conn.Exec(ctx, deleteJobs, ids); err != nil {
			return n, err
		}
		n += len(jobs)
		if len(jobs) < sweepChunk {
			break
		}
	}
	for {
		rows, err := conn.Query(ctx, sweepBatches, sweepChunk)
		if err != nil {
			return n, err
		}
		type batch struct {
			id     uuid.UUID
			tenant string
		}
		batches, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (batch, error) {
			var b batch
			return b, r.Scan(&b.id, &b.tenant)
		})
		if err != nil {
			return n, err
		}
		for _, b := range batches {
			if err := s.Outputs.DeletePrefix(ctx, BatchPrefix(b.tenant, b.id)); err != nil {
				return n, err
			}
			if _, err := conn.Exec(ctx, deleteBatch, b.id); err != nil {
				return n, err
			}
			touched[b.tenant] = true
		}
		n += len(batches)
		if len(batches) < sweepChunk {
			break
		}
	}
	if err := s.purgeTenants(ctx, conn, touched); err != nil {
		return n, err
	}
	for _, q := range []string{sweepMeasures, sweepRates, sweepDeletedTemplates} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return n, err
		}
	}
	return n, nil
}

// purgeTenants deletes the folder of every deleted tenant among touched
// that has no work left.
func (s *Sweeper) purgeTenants(ctx context.Context, conn *pgxpool.Conn, touched map[string]bool) error {
	if len(touched) == 0 {
		return nil
	}
	ids := make([]string, 0, len(touched))
	for id := range touched {
		ids = append(ids, id)
	}
	rows, err := conn.Query(ctx, emptiedTenants, ids)
	if err != nil {
		return err
	}
	emptied, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, id := range emptied {
		if err := s.Outputs.DeletePrefix(ctx, TenantPrefix(id)); err != nil {
			return err
		}
	}
	return nil
}
