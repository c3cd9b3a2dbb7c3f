package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// CountRequest counts one rendering request (a synchronous render, a job or
// a batch) against a tenant's limit for the current clock minute, in
// PostgreSQL so every api process counts alike. It reports false, and the
// seconds to the next minute, when the limit is reached; refused requests
// are not counted.
func (s *Store) CountRequest(ctx context.Context, tenantID string, limit int) (ok bool, retryAfter int, err error) {
	var n int
	var now time.Time
	err = s.Pool.QueryRow(ctx, `
		INSERT INTO rate_counts AS c (tenant_id, minute, n) VALUES ($1, date_trunc('minute', now()), 1)
		ON CONFLICT (tenant_id, minute) DO UPDATE SET n = c.n + 1 WHERE c.n < $2
		RETURNING n, now()`, tenantID, limit).Scan(&n, &now)
	if errors.Is(err, pgx.ErrNoRows) {
		err = s.Pool.QueryRow(ctx, `SELECT now()`).Scan(&now)
		if err != nil {
			return false, 0, err
		}
		next := now.Truncate(time.Minute).Add(time.Minute)
		return false, max(1, int((next.Sub(now)+time.Second-1)/time.Second)), nil
	}
	return err == nil, 0, err
}

// RecordSyncRender counts a synchronous render in the measures of its tier:
// started with no wait, done with its render time.
func (s *Store) RecordSyncRender(ctx context.Context, tier string, seconds float64) error {
	_, err := s.Pool.Exec(ctx, sqlRecordSyncRender, tier, seconds)
	return err
}
