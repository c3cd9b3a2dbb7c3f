// Package postgres holds Paprika's PostgreSQL adapter: the connection pool,
// the embedded schema migrations, and every SQL statement Paprika runs, as
// the named blocks of sql/*.sql (statements.go). Other packages reach the
// database only through the methods of Store and Queue, behind interfaces
// of their own (api.Store, the scheduler's and the worker's Queue,
// storage.SweepStore, webhook.Outbox, console.Sessions).
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Open connects a pool to url and checks that the database answers.
func Open(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := ParseConfig(url, maxConns)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
	}
	return pool, nil
}

// ParseConfig is the pool configuration Open uses: url's, with at most
// maxConns connections (0: pgxpool's default) that encode uuids directly
// (encodeUUIDs).
func ParseConfig(url string, maxConns int32) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("PAPRIKA_DATABASE_URL: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error {
		encodeUUIDs(conn.TypeMap())
		return nil
	}
	return cfg, nil
}

// Migrate applies every pending migration under a session advisory lock, so
// that several processes starting at once apply each migration exactly once.
func Migrate(ctx context.Context, url string, logger *slog.Logger) error {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return fmt.Errorf("PAPRIKA_DATABASE_URL: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	return migrate(ctx, db, logger)
}

func migrate(ctx context.Context, db *sql.DB, logger *slog.Logger) error {
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return err
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrationsFS(),
		goose.WithSessionLocker(locker))
	if err != nil {
		return err
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		if logger != nil {
			logger.InfoContext(ctx, "migration applied", "version", r.Source.Version, "file", r.Source.Path, "ms", r.Duration.Milliseconds())
		}
	}
	return nil
}
