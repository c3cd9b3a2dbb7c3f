package postgres_test

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// laneWithWork makes tenant and its default lane, with 5 jobs queued since
// since, and returns the lane's id.
func laneWithWork(t *testing.T, pool *pgxpool.Pool, tenant string, since time.Time) int64 {
	t.Helper()
	_, err := pool.Exec(t.Context(), `INSERT INTO tenants (id, name, webhook_secret) VALUES ($1, $1, 's')`, tenant)
	require.NoError(t, err)
	var id int64
	require.NoError(t, pool.QueryRow(t.Context(),
		`INSERT INTO lanes (tenant_id, queued_jobs, waiting_since) VALUES ($1, 5, $2) RETURNING id`, tenant, since).Scan(&id))
	return id
}

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
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	older := laneWithWork(t, pool, "a", t0)
	newer := laneWithWork(t, pool, "b", t0.Add(time.Second))

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

// TestRankLanesBound checks the bound rank-lanes reports with its lanes:
// none (NULL) when its window of 4×K candidates held every lane with work,
// else the largest share among them.
func TestRankLanesBound(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	now := time.Now()
	minute := now.Unix() / 60
	for i, id := range []string{"a", "b", "c", "d", "e"} {
		laneWithWork(t, pool, id, t0.Add(time.Duration(i)*time.Second))
		// i started this minute and still running: share 2i.
		_, err := pool.Exec(ctx, `INSERT INTO group_starts (tenant_id, tier, started, minute, cur) VALUES ($1, 'standard', $2, $3, $4)`, id, i, minute, i)
		require.NoError(t, err)
	}
	bound := func(k int) *float64 {
		rows, err := pool.Query(ctx, postgres.Statement("rank-lanes"),
			[]string{"standard"}, []float64{1}, []int32{0}, []string{"standard"}, k, minute, float64(now.Unix()%60)/60)
		require.NoError(t, err)
		bounds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*float64, error) {
			vals, err := r.Values()
			if err != nil || vals[9] == nil {
				return nil, err
			}
			b := vals[9].(float64)
			return &b, nil
		})
		require.NoError(t, err)
		require.Len(t, bounds, k)
		return bounds[0]
	}
	require.Nil(t, bound(2), "8 candidates wanted, 5 lanes: every lane ranked, no bound")
	b := bound(1)
	require.NotNil(t, b, "4 candidates of 5 lanes")
	require.InDelta(t, 6, *b, 1e-9, "the fourth lowest share: d's, 2 × 3")
}
