package storage

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/postgres"
)

// The sweeper's SQL is in internal/postgres/sql/sweep.sql, by name. Each
// pick takes at most sweepChunk rows, so a sweep never holds long locks;
// Sweep loops until nothing is left.
const sweepChunk = 1000

var (
	sweepJobs             = postgres.Statement("sweep-jobs")
	deleteJobs            = postgres.Statement("delete-jobs")
	emptiedTenants        = postgres.Statement("emptied-tenants")
	sweepBatches          = postgres.Statement("sweep-batches")
	deleteBatch           = postgres.Statement("delete-batch")
	sweepMeasures         = postgres.Statement("sweep-measures")
	sweepRates            = postgres.Statement("sweep-rates")
	sweepDeletedTemplates = postgres.Statement("sweep-deleted-templates")
	sweepLock             = postgres.Statement("sweep-lock")
	sweepUnlock           = postgres.Statement("sweep-unlock")
)

// Sweeper deletes finished work and its outputs after the tenant's
// retentionDays, and a deleted tenant's data, from the database and the
// output store (docs/storage.md, Retention). Outputs go first: a failure leaves rows to retry
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
