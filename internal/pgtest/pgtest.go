// Package pgtest gives tests real PostgreSQL databases: one private cluster
// per test binary, started by Main from TestMain, and one fresh database per
// test, cloned from a template that already holds Paprika's schema.
//
// Cloning a template costs tens of milliseconds whatever the number of
// migrations, and a database per test (rather than a transaction or a schema)
// lets the code under test commit, open pools and run migrations freely.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/postgres"
)

const (
	// DirEnv names a directory in which to keep clusters between runs, one
	// subdirectory per test binary, to save initdb's second or two.
	DirEnv = "PAPRIKA_TEST_DATABASE_DIR"

	templateDB = "paprika_template"
	testPrefix = "paprika_test_"
	setupLimit = 2 * time.Minute
)

// The cluster is shared by every test of the binary, hence package state.
var (
	server  *pgserver.Server
	admin   *pgxpool.Pool // connected to database postgres; never to the template
	created sync.Mutex    // serializes CREATE DATABASE, see createDB
	counter atomic.Int64
	// cloneSQL ends CREATE DATABASE. setup adds STRATEGY FILE_COPY on
	// PostgreSQL 15 and later, whose default, WAL_LOG, writes every block of
	// the copy to WAL: for our small template it measured nearly twice as
	// slow (about 110 ms against 65 ms). Older versions only copy files.
	cloneSQL = " TEMPLATE " + ident(templateDB)
)

// Main starts the cluster, prepares the template database, runs the tests,
// stops the cluster, checks that no test left a goroutine behind (a server,
// a pool, a worker) and exits with the tests' code. Call it from TestMain.
// Without PostgreSQL binaries it prints how to install them and fails: tests
// that silently skip are tests nobody runs.
func Main(m *testing.M) {
	code := Run(m)
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// Run is Main without the exit, for a TestMain that checks more afterwards,
// goroutine leaks for instance.
func Run(m *testing.M) int {
	dir, keep, err := clusterDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		return 1
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	if err := setup(dir); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		_ = teardown() // the setup error is the one worth reading
		return 1
	}
	code := m.Run()
	if err := teardown(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// clusterDir returns where the cluster lives and whether to keep it. A kept
// directory gets one subdirectory per test binary because `go test ./...`
// runs binaries in parallel, and two clusters cannot share a pgdata.
func clusterDir() (dir string, keep bool, err error) {
	if root := os.Getenv(DirEnv); root != "" {
		dir = filepath.Join(root, filepath.Base(os.Args[0]))
		return dir, true, os.MkdirAll(dir, 0o700)
	}
	// Short on purpose: the unix socket lives in it.
	dir, err = os.MkdirTemp("", "pgtest")
	return dir, false, err
}

func setup(dir string) error {
	ctx, cancel := context.WithTimeout(context.Background(), setupLimit)
	defer cancel()
	s, err := pgserver.Start(ctx, pgserver.Options{Dir: dir, Fast: true})
	if err != nil {
		return err
	}
	server = s
	if admin, err = pgxpool.New(ctx, s.URL("postgres")); err != nil {
		return err
	}
	var version int
	if err := admin.QueryRow(ctx, "SELECT current_setting('server_version_num')::int").Scan(&version); err != nil {
		return err
	}
	if version >= 150000 {
		cloneSQL += " STRATEGY FILE_COPY"
	}
	if err := dropLeftovers(ctx); err != nil {
		return err
	}
	return createTemplate(ctx)
}

func teardown() error {
	if admin != nil {
		admin.Close()
	}
	if server != nil {
		return server.Stop()
	}
	return nil
}

// dropLeftovers removes what a kept cluster may hold from an earlier run: a
// template whose schema may be stale, and databases of tests that were
// killed before their cleanup.
func dropLeftovers(ctx context.Context) error {
	rows, err := admin.Query(ctx,
		`SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)`,
		templateDB, testPrefix)
	if err != nil {
		return err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, name := range names {
		// A template cannot be dropped while it is marked as one.
		if _, err := admin.Exec(ctx, "ALTER DATABASE "+ident(name)+" WITH IS_TEMPLATE false"); err != nil {
			return err
		}
		if _, err := admin.Exec(ctx, "DROP DATABASE "+ident(name)+" WITH (FORCE)"); err != nil {
			return err
		}
	}
	return nil
}

// createTemplate migrates a database and then closes it to connections for
// good: CREATE DATABASE ... TEMPLATE fails while anyone is connected to the
// template, and no stray pool can connect to it this way.
func createTemplate(ctx context.Context) error {
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+ident(templateDB)); err != nil {
		return err
	}
	if err := postgres.Migrate(ctx, server.URL(templateDB), nil); err != nil {
		return fmt.Errorf("migrate template: %w", err)
	}
	_, err := admin.Exec(ctx, "ALTER DATABASE "+ident(templateDB)+" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false")
	return err
}

// Server returns the running cluster, for tests that need another database
// or the server itself. It is nil outside Main.
func Server() *pgserver.Server {
	return server
}

// NewDB creates a database holding the migrated schema and nothing else,
// drops it when the test ends, and returns its URL. Safe for parallel tests.
func NewDB(t testing.TB) string {
	t.Helper()
	if server == nil {
		t.Fatal("pgtest: no cluster; call pgtest.Main from TestMain")
	}
	name := fmt.Sprintf("%s%d", testPrefix, counter.Add(1))
	if err := createDB(t.Context(), name); err != nil {
		t.Fatalf("pgtest: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		// t.Context is already canceled when cleanups run.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// FORCE, because a test that failed midway may leave connections open.
		if _, err := admin.Exec(ctx, "DROP DATABASE "+ident(name)+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	return server.URL(name)
}

// createDB clones the template. PostgreSQL refuses to clone a template while
// another session is connected to it; the template allows no connections
// once prepared, and calls are serialized so that clones never overlap
// either, which costs little since each takes tens of milliseconds. The
// retry covers what remains: a backend still closing after the migration.
func createDB(ctx context.Context, name string) error {
	created.Lock()
	defer created.Unlock()
	for attempt := 0; ; attempt++ {
		_, err := admin.Exec(ctx, "CREATE DATABASE "+ident(name)+cloneSQL)
		var pgErr *pgconn.PgError
		if err == nil || attempt == 5 || !errors.As(err, &pgErr) || pgErr.Code != "55006" { // object_in_use
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// NewPool is NewDB with a pool connected to the new database, closed when
// the test ends.
func NewPool(t testing.TB) (*pgxpool.Pool, string) {
	t.Helper()
	url := NewDB(t)
	pool, err := postgres.Open(t.Context(), url, 0) // as the processes open it
	if err != nil {
		t.Fatalf("pgtest: connect to %s: %v", url, err)
	}
	t.Cleanup(pool.Close) // runs before the drop, which was registered first
	return pool, url
}

func ident(name string) string {
	return pgx.Identifier{name}.Sanitize()
}
