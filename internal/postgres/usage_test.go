package postgres_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// The sweeper keeps 400 days of usage, or a tenant's retention when it is
// longer, a deleted tenant's too; workers not seen for a day are forgotten.
func TestSweepKeepsUsage400Days(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	_, err := pool.Exec(ctx, `INSERT INTO tenants (id, name, webhook_secret, retention_days) VALUES ('short', 's', 's', 30), ('long', 'l', 'l', 500)`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO usage_days (tenant_id, tier, day, jobs) SELECT t, 'standard', (now() AT TIME ZONE 'UTC')::date - d, 1
		FROM unnest(ARRAY['short', 'long', 'gone']) AS t, unnest(ARRAY[0, 399, 400, 401, 450, 501]) AS d`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO workers (id, tiers, seen_at) VALUES ('old', '{standard}', now() - interval '25 hours'), ('new', '{standard}', now())`)
	require.NoError(t, err)
	require.NoError(t, (&postgres.Store{Pool: pool}).SweepRows(ctx))
	kept := func(tenant string) []int {
		rows, err := pool.Query(ctx, `SELECT (now() AT TIME ZONE 'UTC')::date - day FROM usage_days WHERE tenant_id = $1 ORDER BY 1`, tenant)
		require.NoError(t, err)
		var days []int
		for rows.Next() {
			var d int
			require.NoError(t, rows.Scan(&d))
			days = append(days, d)
		}
		return days
	}
	require.Equal(t, []int{0, 399, 400}, kept("short"), "400 days past a 30-day retention")
	require.Equal(t, []int{0, 399, 400, 401, 450}, kept("long"), "a 500-day retention keeps 500")
	require.Equal(t, []int{0, 399, 400}, kept("gone"), "a tenant no longer there keeps 400 days")
	var workers []string
	rows, err := pool.Query(ctx, `SELECT id FROM workers`)
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		workers = append(workers, id)
	}
	require.Equal(t, []string{"new"}, workers)
}
