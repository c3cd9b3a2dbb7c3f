package benchkit

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// StatementStat is one statement's line of pg_stat_statements.
type StatementStat struct {
	Calls, Rows, Blocks int64   // blocks: shared hit, read and dirtied
	ExecMS, PlanMS      float64 // total execution and planning time
	Query               string  // as PostgreSQL keeps it
}

// Querier is a pgx connection or pool.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// TopStatements reads the limit statements of the current database that
// used the most PostgreSQL time (pg_stat_statements, which the bench loads).
func TopStatements(ctx context.Context, db Querier, limit int) ([]StatementStat, error) {
	rows, err := db.Query(ctx, `
		SELECT calls, rows, shared_blks_hit + shared_blks_read + shared_blks_dirtied, total_exec_time, total_plan_time, query
		FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	var out []StatementStat
	var s StatementStat
	_, err = pgx.ForEachRow(rows, []any{&s.Calls, &s.Rows, &s.Blocks, &s.ExecMS, &s.PlanMS, &s.Query}, func() error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// PerCall is the statement's time a call, in milliseconds.
func (s StatementStat) PerCall() float64 { return (s.ExecMS + s.PlanMS) / float64(max(s.Calls, 1)) }

// PerItem is the statement's time an item of n, in microseconds.
func (s StatementStat) PerItem(n int64) float64 {
	return 1000 * (s.ExecMS + s.PlanMS) / float64(max(n, 1))
}
