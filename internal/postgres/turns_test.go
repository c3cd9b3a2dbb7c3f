package postgres_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// turn is one row of lane-batches.
type turn struct {
	Lane      int64
	ID        uuid.UUID
	Running   int
	Queued    int
	Submitted time.Time
}

// addBatches adds batches to a lane of tenant t: one per entry of running,
// submitted a second apart in order, each with 5 records queued (none if
// the entry is negative: its records all running or done), and finished
// when done is set.
func addBatches(t *testing.T, pool *pgxpool.Pool, lane int64, start time.Time, running []int, done bool) {
	t.Helper()
	for i, r := range running {
		queued, status := 5, "running"
		if r < 0 {
			queued, r = 0, -r
		}
		if done {
			queued, r, status = 0, 0, "done"
		}
		_, err := pool.Exec(t.Context(), `INSERT INTO batches (id, tenant_id, lane_id, key_id, status, format, options,
			total, queued, running, created_at) VALUES ($1, 't', $2, 'k', $3, 'html', '{}', 10, $4, $5, $6)`,
			uuid.Must(uuid.NewV7()), lane, status, queued, r, start.Add(time.Duration(i)*time.Second))
		require.NoError(t, err)
	}
}

// TestLaneBatchesTakeTurns checks lane-batches against the rule, fewest
// running first and then the oldest, over every unfinished batch with
// records queued, and checks that it reads a bounded part of a lane's
// backlog: its first $2 batches with none running and those with some
// running, not the hundreds behind them.
func TestLaneBatchesTakeTurns(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	_, err := pool.Exec(ctx, `INSERT INTO tenants (id, name, webhook_secret) VALUES ('t', 't', 's')`)
	require.NoError(t, err)
	var big, small int64
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, key_tier) VALUES ('t', '') RETURNING id`).Scan(&big))
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, key_tier) VALUES ('t', 'priority') RETURNING id`).Scan(&small))
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	// The big lane: finished batches first, then unfinished ones with
	// some running (negative: nothing left queued) among idle ones, then
	// 400 idle ones.
	addBatches(t, pool, big, t0, make([]int, 50), true)
	addBatches(t, pool, big, t0.Add(time.Hour), []int{-3, -1, 2, 0, 1, 0, 3, 1, 0, 2, 0, 0, 1}, false)
	addBatches(t, pool, big, t0.Add(2*time.Hour), make([]int, 400), false)
	// The small lane: fewer idle batches than asked for.
	addBatches(t, pool, small, t0.Add(time.Hour), []int{1, 0, 2, 1, -1}, false)

	for _, k := range []int{1, 2, 3, 5, 8, 20} {
		got := laneBatches(t, pool, []int64{big, small}, k)
		for _, lane := range []int64{big, small} {
			var rows []turn
			for _, r := range got {
				if r.Lane == lane {
					rows = append(rows, r)
				}
			}
			want := topTurns(t, pool, lane, k)
			require.GreaterOrEqual(t, len(rows), len(want), "k=%d lane %d", k, lane)
			for i := 1; i < len(rows); i++ {
				a, b := rows[i-1], rows[i]
				require.True(t, a.Running < b.Running || a.Running == b.Running && !b.Submitted.Before(a.Submitted),
					"k=%d lane %d: rows out of turn: %+v before %+v", k, lane, a, b)
			}
			require.Equal(t, want, rows[:len(want)], "k=%d lane %d", k, lane)
		}
	}

	// Bounded: with k=3 the big lane's scans read its 3 first idle batches
	// and its 8 with some running (6 with records queued), a few more for
	// the small lane, and never the 400 idle batches behind.
	read := rowsRead(t, pool, "batches", postgres.Statements()["lane-batches"], []int64{big, small}, 3)
	require.Less(t, read, 40, "lane-batches read %d batch rows", read)

	// The lane waits since its oldest batch with records queued, found
	// past the two with none queued, not by reading every batch.
	_, err = pool.Exec(ctx, `UPDATE lanes SET queued_records = 1 WHERE id = $1`, big)
	require.NoError(t, err)
	read = rowsRead(t, pool, "batches", postgres.Statements()["dequeue-lanes"], []int64{big}, []int{0}, []int{0})
	require.Less(t, read, 10, "dequeue-lanes read %d batch rows", read)
	_, err = pool.Exec(ctx, postgres.Statements()["dequeue-lanes"], []int64{big}, []int{0}, []int{0})
	require.NoError(t, err)
	var since time.Time
	require.NoError(t, pool.QueryRow(ctx, `SELECT waiting_since FROM lanes WHERE id = $1`, big).Scan(&since))
	require.True(t, since.Equal(t0.Add(time.Hour+2*time.Second)), "waiting since %v", since)
}

// laneBatches runs lane-batches as the claim does.
func laneBatches(t *testing.T, pool *pgxpool.Pool, lanes []int64, k int) []turn {
	t.Helper()
	rows, err := pool.Query(t.Context(), postgres.Statements()["lane-batches"], lanes, k)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (turn, error) {
		var r turn
		var next int
		err := row.Scan(&r.Lane, &r.ID, &r.Running, &r.Queued, &r.Submitted, &next)
		return r, err
	})
	require.NoError(t, err)
	return out
}

// topTurns is the rule applied by brute force: the first k of the lane's
// unfinished batches with records queued, by running and then age.
func topTurns(t *testing.T, pool *pgxpool.Pool, lane int64, k int) []turn {
	t.Helper()
	rows, err := pool.Query(t.Context(), `SELECT lane_id, id, running, queued, created_at FROM batches
		WHERE lane_id = $1 AND finished_at IS NULL AND status <> 'done' AND queued > 0
		ORDER BY running, created_at, id LIMIT $2`, lane, k)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[turn])
	require.NoError(t, err)
	return out
}

// rowsRead is how many rows of relation a statement's plan read
// (returned by its scans or removed by their filters), from EXPLAIN
// ANALYZE on its generic plan, as a prepared statement runs it, in a
// transaction rolled back.
func rowsRead(t *testing.T, pool *pgxpool.Pool, relation, sql string, args ...any) int {
	t.Helper()
	tx, err := pool.Begin(t.Context())
	require.NoError(t, err)
	defer tx.Rollback(t.Context())
	_, err = tx.Exec(t.Context(), "SET LOCAL plan_cache_mode = force_generic_plan")
	require.NoError(t, err)
	var plan []struct{ Plan planNode }
	var text string
	require.NoError(t, tx.QueryRow(t.Context(), "EXPLAIN (ANALYZE, FORMAT JSON) "+sql, args...).Scan(&text))
	require.NoError(t, json.Unmarshal([]byte(text), &plan))
	n := plan[0].Plan.rows(relation)
	require.Positive(t, n, "no scan of %s in:\n%s", relation, text)
	return n
}

type planNode struct {
	Relation string     `json:"Relation Name"`
	Rows     float64    `json:"Actual Rows"`
	Loops    float64    `json:"Actual Loops"`
	Removed  float64    `json:"Rows Removed by Filter"`
	Plans    []planNode `json:"Plans"`
}

func (p planNode) rows(relation string) int {
	n := 0
	if p.Relation == relation {
		n += int((p.Rows + p.Removed) * p.Loops)
	}
	for _, c := range p.Plans {
		n += c.rows(relation)
	}
	return n
}
