package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// cancelTenantQueued cancels every queued job and batch record of a tenant.
// It holds the tenant's lane locks, as every change to queue counters does.
func cancelTenantQueued(ctx context.Context, tx pgx.Tx, tenantID string) error {
	if _, err := tx.Exec(ctx, sqlLockTenantLanes, tenantID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, sqlCancelTenantJobs, tenantID); err != nil {
		return err
	}
	if err := enqueueTenantCanceled(ctx, tx, tenantID); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, sqlCancelTenantRecs, tenantID)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return err
	}
	if err := settleBatches(ctx, tx, ids); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, sqlEmptyTenantLanes, tenantID)
	return err
}
