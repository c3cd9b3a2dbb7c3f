package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/scheduler"
)

// QueuedByTier counts the work queued now at each tier it would be claimed
// at (names are the configured tiers, the default first).
func (s *Store) QueuedByTier(ctx context.Context, names []string) ([]scheduler.TierCount, error) {
	return tierCounts(ctx, s, sqlQueuedByTier, names)
}

var sqlQueueByTier = Statement("queue-by-tier")

// QueueByTier counts the work queued now at each tier it would be claimed at
// and the age of the oldest, read from the lanes' counters (names are the
// configured tiers, the default first). A tier with nothing queued has no row.
func (s *Store) QueueByTier(ctx context.Context, names []string) ([]scheduler.TierQueue, error) {
	rows, err := s.Pool.Query(ctx, sqlQueueByTier, names)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[scheduler.TierQueue])
}

// RunningByTier counts the queued work running now at each tier.
func (s *Store) RunningByTier(ctx context.Context) ([]scheduler.TierCount, error) {
	return tierCounts(ctx, s, sqlRunningByTier)
}

func tierCounts(ctx context.Context, s *Store, sql string, args ...any) ([]scheduler.TierCount, error) {
	rows, err := s.Pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[scheduler.TierCount])
}

// MeasuredByTier returns the starts and completions of the last minutes by
// tier, with their p50 and p95.
func (s *Store) MeasuredByTier(ctx context.Context, minutes int) ([]scheduler.Measured, error) {
	rows, err := s.Pool.Query(ctx, sqlMeasuredByTier, minutes)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[scheduler.Measured])
}

// Ping checks that PostgreSQL answers.
func (s *Store) Ping(ctx context.Context) error { return s.Pool.Ping(ctx) }
