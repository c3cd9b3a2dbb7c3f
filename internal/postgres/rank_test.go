package postgres_test

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// TestRankLanesSkipsALaneTakenSinceItsSnapshot checks that rank-lanes
// locks a lane only as its ranking saw it. Two lanes with work and equal
// shares; the older ranks first. A claimer's ranking is held open in a
// cursor (its snapshot taken, its lock step not yet run) while another
// claimer's claim of the older lane commits; the held claimer then locks
// the other lane, not the one whose share its snapshot no longer tells.
// Without the check both claimers took the oldest lane of a tie whenever
// their claims overlapped (bench/scheduler's big tenant, +50% of its share).
func TestRankLanesSkipsALaneTakenSinceItsSnapshot(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	_, err := pool.Exec(ctx, `INSERT INTO tenants (id, name, webhook_secret) VALUES ('a', 'a', 's'), ('b', 'b', 's')`)
	require.NoError(t, err)
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	var older, newer int64
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, queued_jobs, waiting_since) VALUES ('a', 5, $1) RETURNING id`, t0).Scan(&older))
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, queued_jobs, waiting_since) VALUES ('b', 5, $1) RETURNING id`, t0.Add(time.Second)).Scan(&newer))

	now := time.Now()
	args := []any{[]string{"standard", "priority"}, []float64{1, 4}, []int32{0, 0}, []string{"standard", "priority"},
		1, now.Unix() / 60, float64(now.Unix()%60) / 60}
	rank := func(takenMeanwhile bool) int64 {
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck // only locks taken
		_, err = tx.Exec(ctx, `DECLARE ranked CURSOR FOR `+postgres.Statement("rank-lanes"), args...)
		require.NoError(t, err)
		if takenMeanwhile {
			// Another claimer's claim of the older lane commits: its
			// counters move (dequeue-lanes), and it still has work.
			_, err := pool.Exec(ctx, `UPDATE lanes SET queued_jobs = queued_jobs - 1 WHERE id = $1`, older)
			require.NoError(t, err)
		}
		rows, err := tx.Query(ctx, `FETCH ALL FROM ranked`)
		require.NoError(t, err)
		ids, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (int64, error) {
			vals, err := r.Values()
			if err != nil {
				return 0, err
			}
			return vals[0].(int64), nil
		})
		require.NoError(t, err)
		require.Len(t, ids, 1)
		return ids[0]
	}
	require.Equal(t, older, rank(false), "ties go to the lane waiting longest")
	require.Equal(t, newer, rank(true), "a lane claimed since the ranking's snapshot is not locked")
	require.Equal(t, older, rank(false), "and is ranked again by the next claim")
}
