package storage

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// sweepChunk bounds each pick: a sweep never holds long locks, and Sweep
// loops until nothing is left.
const sweepChunk = 1000

// SweepStore is what the sweeper needs of the database: *postgres.Store,
// whose statements are the named blocks of internal/postgres/sql/sweep.sql.
type SweepStore interface {
	// LockSweep takes the sweepers' lock, held until unlock is called; ok
	// is false when another process holds it.
	LockSweep(ctx context.Context) (unlock func(), ok bool, err error)
	// ExpiredJobs picks up to limit finished jobs past their tenant's
	// retention or of a deleted tenant (ID, TenantID and Format set).
	ExpiredJobs(ctx context.Context, limit int) ([]paprika.Job, error)
	DeleteJobs(ctx context.Context, ids []uuid.UUID) error
	// ExpiredBatches picks up to limit finished batches past retention or
	// of a deleted tenant (ID and TenantID set).
	ExpiredBatches(ctx context.Context, limit int) ([]paprika.Batch, error)
	// DeleteBatch deletes a batch and its records.
	DeleteBatch(ctx context.Context, id uuid.UUID) error
	// EmptiedTenants returns the deleted tenants among ids with no work left.
	EmptiedTenants(ctx context.Context, ids []string) ([]string, error)
	// SweepRows deletes old measures and rate counts and deleted templates
	// no work needs.
	SweepRows(ctx context.Context) error
	// ExpiredAssetObjects picks up to limit objects of assets that no asset
	// names and no render can still be reading (TenantID and Object set);
	// DeleteAssetOrphans forgets them once deleted.
	ExpiredAssetObjects(ctx context.Context, limit int) ([]paprika.Asset, error)
	DeleteAssetOrphans(ctx context.Context, objects []paprika.Asset) error
	// DeletedAssetTenants picks up to limit deleted tenants that still have
	// assets; DeleteTenantAssets deletes their rows once their objects are
	// gone.
	DeletedAssetTenants(ctx context.Context, limit int) ([]string, error)
	DeleteTenantAssets(ctx context.Context, tenantID string) error
}

// Sweeper deletes finished work and its outputs after the tenant's
// retentionDays, and a deleted tenant's data, from the database and the
// output store (docs/storage.md, Retention). Outputs go first: a failure leaves rows to retry
// at the next sweep, never objects no row names.
type Sweeper struct {
	Store   SweepStore
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
	unlock, locked, err := s.Store.LockSweep(ctx)
	if err != nil || !locked {
		return 0, err
	}
	defer unlock()
	n := 0
	touched := map[string]bool{} // tenants whose work was swept
	for {
		jobs, err := s.Store.ExpiredJobs(ctx, sweepChunk)
		if err != nil {
			return n, err
		}
		ids := make([]uuid.UUID, len(jobs))
		for i, j := range jobs {
			if err := s.Outputs.Delete(ctx, JobKey(j.TenantID, j.ID, j.Format)); err != nil {
				return n, err
			}
			ids[i] = j.ID
			touched[j.TenantID] = true
		}
		if err := s.Store.DeleteJobs(ctx, ids); err != nil {
			return n, err
		}
		n += len(jobs)
		if len(jobs) < sweepChunk {
			break
		}
	}
	for {
		batches, err := s.Store.ExpiredBatches(ctx, sweepChunk)
		if err != nil {
			return n, err
		}
		for _, b := range batches {
			if err := s.Outputs.DeletePrefix(ctx, BatchPrefix(b.TenantID, b.ID)); err != nil {
				return n, err
			}
			if err := s.Store.DeleteBatch(ctx, b.ID); err != nil {
				return n, err
			}
			touched[b.TenantID] = true
		}
		n += len(batches)
		if len(batches) < sweepChunk {
			break
		}
	}
	if err := s.purgeTenants(ctx, touched); err != nil {
		return n, err
	}
	if err := s.sweepAssets(ctx); err != nil {
		return n, err
	}
	return n, s.Store.SweepRows(ctx)
}

// purgeTenants deletes the folder of every deleted tenant among touched
// that has no work left.
func (s *Sweeper) purgeTenants(ctx context.Context, touched map[string]bool) error {
	if len(touched) == 0 {
		return nil
	}
	ids := make([]string, 0, len(touched))
	for id := range touched {
		ids = append(ids, id)
	}
	emptied, err := s.Store.EmptiedTenants(ctx, ids)
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
