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
// are not counted. The minute is PostgreSQL's, or Store.Now's when set.
func (s *Store) CountRequest(ctx context.Context, tenantID string, limit int) (ok bool, retryAfter int, err error) {
	var n int
	var now time.Time
	var clock *time.Time // NULL: the database's now()
	if s.Now != nil {
		t := s.Now()
		clock = &t
	}
	err = s.Pool.QueryRow(ctx, sqlCountRequest, tenantID, limit, clock).Scan(&n, &now)
	if errors.Is(err, pgx.ErrNoRows) {
		err = s.Pool.QueryRow(ctx, sqlDBNow, clock).Scan(&now)
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
