package postgres_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// CountRequest counts by PostgreSQL's clock unless Store.Now is set: with
// it a test names the minute (and Retry-After follows it); without it, as
// in production, the minute is the database's now().
func TestCountRequestClock(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	var dbNow time.Time
	require.NoError(t, pool.QueryRow(ctx, `SELECT now()`).Scan(&dbNow))

	// A minute an hour ago, 45 s into it.
	at := dbNow.Truncate(time.Minute).Add(-time.Hour + 45*time.Second)
	set := &postgres.Store{Pool: pool, Now: func() time.Time { return at }}
	ok, _, err := set.CountRequest(ctx, "acme", 1)
	require.NoError(t, err)
	require.True(t, ok)
	ok, retry, err := set.CountRequest(ctx, "acme", 1)
	require.NoError(t, err)
	require.False(t, ok)
	require.Equal(t, 15, retry, "the seconds from the clock's time to its next minute")

	// The database's clock is another minute: a count of its own.
	db := &postgres.Store{Pool: pool}
	ok, _, err = db.CountRequest(ctx, "acme", 1)
	require.NoError(t, err)
	require.True(t, ok)
	ok, retry, err = db.CountRequest(ctx, "acme", 1)
	require.NoError(t, err)
	require.False(t, ok)
	require.GreaterOrEqual(t, retry, 1)
	require.LessOrEqual(t, retry, 60)

	var minutes []time.Time
	rows, err := pool.Query(ctx, `SELECT minute FROM rate_counts WHERE tenant_id = 'acme' ORDER BY minute`)
	require.NoError(t, err)
	for rows.Next() {
		var m time.Time
		require.NoError(t, rows.Scan(&m))
		minutes = append(minutes, m)
	}
	require.NoError(t, rows.Err())
	require.Len(t, minutes, 2)
	require.True(t, minutes[0].Equal(at.Truncate(time.Minute)), "the clock's minute: %s", minutes[0])
	require.False(t, minutes[1].Before(dbNow.Truncate(time.Minute)), "the database's minute: %s", minutes[1])
}
