package postgres_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// Several processes start at once (api, workers): each applies the
// migrations, and the advisory lock makes them apply each exactly once.
func TestConcurrentMigrationsApplyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.Server().URL("postgres"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close(context.Background()) }) // after the drop below: cleanups run last first
	name := fmt.Sprintf("paprika_migrate_race_%d", time.Now().UnixNano())
	_, err = admin.Exec(ctx, `CREATE DATABASE `+name)
	require.NoError(t, err)
	t.Cleanup(func() {
		_, err := admin.Exec(context.Background(), `DROP DATABASE `+name+` WITH (FORCE)`)
		require.NoError(t, err)
	})
	url := pgtest.Server().URL(name)

	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = postgres.Migrate(ctx, url, nil)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer conn.Close(ctx)
	var applied, tables int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM goose_db_version WHERE version_id > 0`).Scan(&applied))
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('tenants', 'jobs', 'lanes')`).Scan(&tables))
	files, err := filepath.Glob("migrations/*.sql")
	require.NoError(t, err)
	require.Equal(t, len(files), applied, "each migration applied once")
	require.Equal(t, 3, tables)
}
