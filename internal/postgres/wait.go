package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// Beat announces worker id, claiming tiers, as alive now.
func (q *Queue) Beat(ctx context.Context, id string, tiers []string) error {
	_, err := q.pool.Exec(ctx, sqlBeatWorker, id, tiers)
	return err
}

// Gone takes a stopping worker's announcement away.
func (q *Queue) Gone(ctx context.Context, id string) error {
	_, err := q.pool.Exec(ctx, sqlWorkerGone, id)
	return err
}

// Wait returns the figures of group (tenantID, tier) at time at, with
// ahead as the tenant's own work ahead: see scheduler.Wait.
func (s *Store) Wait(ctx context.Context, tenantID, tier string, ahead int, at time.Time) (scheduler.Wait, error) {
	w := scheduler.Wait{Ahead: ahead}
	var minute *int64
	var cur, prev *int
	var curSince, prevSince *time.Time
	err := s.Pool.QueryRow(ctx, sqlGroupWait, tenantID, tier, at, paprika.WorkerLive.Seconds()).
		Scan(&w.Running, &minute, &cur, &prev, &curSince, &prevSince, &w.Suspended, &w.Worker)
	if err != nil {
		return w, err
	}
	w.Rate = startRate(at, minute, cur, prev, curSince, prevSince)
	return w, nil
}

// rateFrom is how many starts of this minute are enough to go on alone.
const rateFrom = 10

// BatchAhead counts the tenant's own work ahead of a queued batch's next
// record: its queued single jobs, which go first, and the batches before
// it in its lane's turn order.
func (s *Store) BatchAhead(ctx context.Context, tenantID string, id uuid.UUID) (int, error) {
	var n int
	err := s.Pool.QueryRow(ctx, sqlBatchAhead, tenantID, id).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, paprika.NotFound("batch")
	}
	return n, err
}

// startRate is a group's own starts a second at time at, from its
// two-minute window of starts (count-starts): this minute's starts over the
// time since its first, once there are rateFrom of them; before, this
// minute's and the last one's over the time since the first of those.
// Fewer than two starts, or none in the last two minutes, give no rate (0).
// This minute's alone follow a change of pace at once: a group that
// started fast after a quiet minute is not taken at the quiet minute's rate.
func startRate(at time.Time, minute *int64, cur, prev *int, curSince, prevSince *time.Time) float64 {
	if minute == nil || cur == nil || prev == nil {
		return 0
	}
	now := at.Unix() / 60
	var n int
	var since *time.Time
	switch *minute {
	case now:
		n, since = *cur+*prev, prevSince
		if since == nil || *prev == 0 || *cur >= rateFrom {
			n, since = *cur, curSince
		}
	case now - 1:
		n, since = *cur, curSince
	}
	if n < 2 || since == nil {
		return 0
	}
	secs := at.Sub(*since).Seconds()
	if secs <= 0 {
		return 0
	}
	return float64(n) / secs
}
