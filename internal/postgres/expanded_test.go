package postgres_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
)

var update = flag.Bool("update", false, "rewrite expanded.sql from sql/*.sql")

// expandedFile holds every named statement as PostgreSQL receives it.
const expandedFile = "expanded.sql"

// TestExpanded keeps expanded.sql, every named statement of sql/*.sql as
// PostgreSQL receives it, equal to what the templates make: a reader of a
// statement, of a plan in a log or of pg_stat_statements finds its exact
// text there, and a change to a template shows in review as the change to
// the statements it makes. Run with -update to rewrite the file.
func TestExpanded(t *testing.T) {
	want := expanded(t)
	if *update {
		require.NoError(t, os.WriteFile(expandedFile, []byte(want), 0o644))
	}
	got, err := os.ReadFile(expandedFile)
	require.NoError(t, err)
	if string(got) != want {
		t.Fatalf("internal/postgres/%s is stale: the statements of sql/*.sql changed; rewrite it with\n"+
			"\tgo test ./internal/postgres -run TestExpanded -update\nand review its diff", expandedFile)
	}
}

// expanded writes every named statement, in the order of the files and of
// the statements in each, each under a comment naming it and its file.
func expanded(t *testing.T) string {
	t.Helper()
	define := regexp.MustCompile(`\{\{-?\s*define\s+"([^"]+)"`)
	stmts := postgres.Statements()
	files, err := fs.Glob(os.DirFS("sql"), "*.sql")
	require.NoError(t, err)
	var b strings.Builder
	b.WriteString("-- Every named statement of internal/postgres/sql/*.sql exactly as PostgreSQL\n" +
		"-- receives it (but the semicolon that ends it here), made from the templates by\n" +
		"--   go test ./internal/postgres -run TestExpanded -update\n" +
		"-- Do not edit: edit sql/*.sql and run that. Search for \"-- name: <statement>\".\n")
	seen := 0
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join("sql", f))
		require.NoError(t, err)
		for _, m := range define.FindAllStringSubmatch(string(src), -1) {
			sql, ok := stmts[m[1]]
			if !ok {
				continue // a fragment, made only inside statements
			}
			b.WriteString("\n-- name: " + m[1] + " (sql/" + f + ")\n" + sql + ";\n")
			seen++
		}
	}
	require.Equal(t, len(stmts), seen, "every statement is defined in one of sql/*.sql")
	return b.String()
}
