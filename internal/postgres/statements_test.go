package postgres_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
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
	literal := regexp.MustCompile(`'(queued|running|done|failed|canceled|pending|delivered)'`)
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

// TestNoSQLInGo checks that no Go file of internal/ but this package's
// sql/*.sql holds a statement: every one is a named statement there, run
// through this package's methods. Tests may set up fixtures with SQL of
// their own, and pgtest and pgserver, which make and drop databases for
// the tests and dev mode, are not the product's queries.
func TestNoSQLInGo(t *testing.T) {
	sqlText := regexp.MustCompile(`\b(SELECT\s[\s\S]+\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|^\s*(SELECT|WITH|SET)\s`)
	root := filepath.Join("..", "..", "internal")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if slices.Contains([]string{"pgtest", "pgserver", "testdata", "node_modules"}, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		n++
		ast.Inspect(f, func(node ast.Node) bool {
			if lit, ok := node.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && sqlText.MatchString(s) {
					t.Errorf("%s: SQL in Go; make it a named statement of internal/postgres/sql: %.60q", path, s)
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, n, 50)
}

// TestStatusChecksAgree checks that each status column's CHECK constraint
// (migration 00009) admits exactly the statuses paprika defines for it.
func TestStatusChecksAgree(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	word := regexp.MustCompile(`'([a-z]+)'`)
	for table, want := range map[string][]string{
		"jobs": paprika.Statuses, "batches": paprika.Statuses, "batch_records": paprika.Statuses,
		"webhook_events": paprika.WebhookStatuses,
	} {
		var def string
		var validated bool
		require.NoError(t, pool.QueryRow(t.Context(), `
			SELECT pg_get_constraintdef(oid), convalidated FROM pg_constraint
			WHERE conrelid = $1::regclass AND conname = $1 || '_status_check'`, table).Scan(&def, &validated), table)
		require.True(t, validated, table)
		var got []string
		for _, m := range word.FindAllStringSubmatch(def, -1) {
			got = append(got, m[1])
		}
		require.ElementsMatch(t, want, got, "%s: %s", table, def)
	}
}
