package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The usage statements (sql/usage.sql). The completions count their usage
// in complete-jobs and complete-records; these are the other ways in and
// the reads.
var (
	sqlRecordRender   = Statement("record-render")
	sqlCountLostUsage = Statement("count-lost-usage")
	sqlTenantUsage    = Statement("tenant-usage")
	sqlAllUsage       = Statement("all-usage")
	sqlSweepUsage     = Statement("sweep-usage")
	sqlSweepWorkers   = Statement("sweep-workers")
	sqlBeatWorker     = Statement("beat-worker")
	sqlWorkerGone     = Statement("worker-gone")
	sqlGroupWait      = Statement("group-wait")
	sqlBatchAhead     = Statement("batch-ahead")
)

// RecordRender counts a synchronous render when it is answered: in its
// tenant's usage (done or failed, with the output's pages and bytes; a
// preview of the console's studio as a preview only), and, done, in its
// tier's measures, in one statement.
func (s *Store) RecordRender(ctx context.Context, tenantID, tier string, preview bool, status string, seconds float64, out *paprika.Output) error {
	var pages, bytes int64
	if out != nil {
		pages, bytes = int64(out.Pages), out.Bytes
	}
	_, err := s.Pool.Exec(ctx, sqlRecordRender, tenantID, tier, seconds, status, pages, bytes, preview)
	return err
}

// countLostUsage counts work the release path failed for good: jobs and
// records.
func countLostUsage(ctx context.Context, tx pgx.Tx, tenantID, tier string, jobs, records int) error {
	_, err := tx.Exec(ctx, sqlCountLostUsage, tenantID, tier, jobs, records)
	return err
}

// TenantUsage returns one tenant's usage from one day to another (both
// included), by day and tier.
func (s *Store) TenantUsage(ctx context.Context, tenantID string, from, to time.Time) ([]paprika.Usage, error) {
	rows, err := s.Pool.Query(ctx, sqlTenantUsage, tenantID, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanUsage)
}

// AllUsage returns every tenant's usage from one day to another (both
// included), or only tenantID's when it is not "", by day, tenant and tier.
func (s *Store) AllUsage(ctx context.Context, from, to time.Time, tenantID string) ([]paprika.Usage, error) {
	rows, err := s.Pool.Query(ctx, sqlAllUsage, from, to, tenantID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanUsage)
}

func scanUsage(r pgx.CollectableRow) (paprika.Usage, error) {
	var u paprika.Usage
	err := r.Scan(&u.TenantID, &u.Day, &u.Tier, &u.Renders, &u.Jobs, &u.Records, &u.Documents, &u.Pages, &u.RenderSeconds, &u.Bytes, &u.Failed, &u.Previews)
	u.Day = u.Day.UTC()
	return u, err
}
