package postgres_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// TestStatementsPrepare prepares every named statement on the migrated
// schema: a statement that does not parse or names a missing column fails
// here, not in production.
func TestStatementsPrepare(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	conn, err := pool.Acquire(t.Context())
	require.NoError(t, err)
	defer conn.Release()
	stmts := postgres.Statements()
	require.Greater(t, len(stmts), 30)
	for name, sql := range stmts {
		_, err := conn.Conn().Prepare(t.Context(), name, sql)
		require.NoError(t, err, "statement %s:\n%s", name, sql)
	}
}

// TestStatusesAreSpelledOnce checks that the SQL files spell no status as a
// literal: statuses come from paprika's constants through {{status}}.
func TestStatusesAreSpelledOnce(t *testing.T) {
	literal := regexp.MustCompile(`'(queued|running|done|failed|canceled)'`)
	files, err := fs.Glob(os.DirFS("sql"), "*.sql")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("sql", f))
		require.NoError(t, err)
		require.Empty(t, literal.FindAllString(string(b), -1), "%s spells a status as a literal; use {{status \"…\"}}", f)
	}
	_, err = postgres.Fragment("count-finish", nil)
	require.NoError(t, err)
	require.Panics(t, func() { postgres.Statement("no-such-statement") })
}

// TestResolveTierAgrees runs the SQL that resolves a tier (rank-lanes and
// queued-by-tier use it) against config.Tiers.Resolve, the one definition,
// for every mix of configured, unconfigured and absent key and tenant tiers.
func TestResolveTierAgrees(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	tiers, err := config.ParseTiers(`{"standard": {"weight": 1}, "priority": {"weight": 4}, "bulk": {"weight": 0.5}}`)
	require.NoError(t, err)
	expr, err := postgres.Fragment("resolve-tier", []string{"$1::text", "$2::text", "$3::text[]"})
	require.NoError(t, err)
	candidates := []string{"", "standard", "priority", "bulk", "gold"}
	n := 0
	for _, key := range candidates {
		for _, tenant := range candidates {
			var got string
			require.NoError(t, pool.QueryRow(t.Context(), "SELECT "+expr, key, tenant, tiers.Names()).Scan(&got))
			require.Equal(t, tiers.Resolve(key, tenant).Key, got, "key tier %q, tenant tier %q", key, tenant)
			n++
		}
	}
	require.Equal(t, 25, n)
}
