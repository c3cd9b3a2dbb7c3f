package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/postgres"
)

// loadQueries returns the queue's named statements (internal/postgres/sql),
// so that the plans shown are those of the statements the code runs today.
func loadQueries() (map[string]string, error) {
	qs := postgres.Statements()
	for _, n := range []string{"rank-lanes", "lock-groups", "lane-batches", "take-records", "dequeue-lanes", "count-starts", "complete-records"} {
		if qs[n] == "" {
			return nil, fmt.Errorf("internal/postgres: no statement %s", n)
		}
	}
	return qs, nil
}

// plan is one statement's EXPLAIN (ANALYZE, BUFFERS) in one plan mode.
type plan struct {
	statement string
	mode      string // custom or generic
	text      string
	exec      float64 // ms, "Execution Time"
	// ms, "Execution Time" of EXPLAIN (ANALYZE, TIMING OFF): without the
	// cost of timing each node
	execUntimed float64
	planning    float64 // ms
}

type explainResult struct {
	at          time.Time
	queued      int64
	lanes       int
	groups      int
	plans       []plan
	paramsShown string
}

// runExplain explains each statement of a claim (and the completion of the
// records claimed) on a fresh copy of the full queue, after a worker has run
// for a few seconds so that the groups' rows exist as in steady state. Each
// statement runs three times in a transaction that is rolled back; the last
// run's plan is kept, with plan_cache_mode forced to custom, then generic.
func runExplain(ctx context.Context, c *cluster, o *options) (*explainResult, error) {
	qs, err := loadQueries()
	if err != nil {
		return nil, err
	}
	log.Printf("explain: fresh copy, 1 worker for %s to create the groups' rows", o.warmup)
	if err := c.freshRunDB(ctx); err != nil {
		return nil, err
	}
	tmp, outputs, cleanup, err := runDirs(o)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	ps, err := spawnWorkers(ctx, o, 1, c.url(runDB), outputs, tmp)
	if err != nil {
		killWorkers(ps)
		return nil, err
	}
	if err := benchkit.Sleep(ctx, o.warmup); err != nil {
		killWorkers(ps)
		return nil, err
	}
	if _, err := stopWorkers(ps); err != nil {
		return nil, err
	}
	conn, err := pgx.Connect(ctx, c.url(runDB))
	if err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	res := &explainResult{at: time.Now()}
	if err := conn.QueryRow(ctx, `SELECT sum(queued_records + queued_jobs), count(*) FILTER (WHERE waiting_since IS NOT NULL) FROM lanes`).Scan(&res.queued, &res.lanes); err != nil {
		return nil, err
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM group_starts`).Scan(&res.groups); err != nil {
		return nil, err
	}

	// The parameters of a typical claim of k items (-explain-k, 16 by
	// default): the k lanes the rank picks, their groups, each lane's next
	// batch, one record from each.
	now := time.Now()
	minute := now.Unix() / 60
	frac := float64(now.UnixNano()%int64(time.Minute)) / float64(time.Minute)
	k := o.explainK
	names, weights, maxRun := "ARRAY['standard','priority']::text[]", "ARRAY[1,4]::float8[]", "ARRAY[0,2]::int[]"
	rankArgs := fmt.Sprintf("%s, %s, %s, %s, %d, %d, %g", names, weights, maxRun, names, k, minute, frac)
	type lane struct {
		id            int64
		tenant, tier  string
		batch         uuid.UUID
		batchCreated  time.Time
		nextIndex     int32
		queuedRecords int64
	}
	var lanes []*lane
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, qs["rank-lanes"], []string{"standard", "priority"}, []float64{1, 4}, []int32{0, 2},
			[]string{"standard", "priority"}, k, minute, frac)
		if err != nil {
			return err
		}
		for rows.Next() {
			l := &lane{}
			var jobs int
			var ws time.Time
			var share, w float64
			var mr int
			var bound *float64
			if err := rows.Scan(&l.id, &share, &ws, &jobs, &l.queuedRecords, &l.tenant, &l.tier, &w, &mr, &bound); err != nil {
				return err
			}
			lanes = append(lanes, l)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		for _, l := range lanes {
			if err := tx.QueryRow(ctx, `SELECT id, created_at, next_index FROM batches WHERE lane_id = $1 AND queued > 0 ORDER BY running, id LIMIT 1`, l.id).Scan(&l.batch, &l.batchCreated, &l.nextIndex); err != nil {
				return err
			}
		}
		return errors.New("rollback")
	})
	if err != nil && err.Error() != "rollback" {
		return nil, err
	}
	if len(lanes) == 0 {
		return nil, errors.New("the rank found no lanes")
	}
	var laneIDs, tenants, tiers, batches, ones, submitted, zeros, from []string
	for _, l := range lanes {
		laneIDs = append(laneIDs, strconv.FormatInt(l.id, 10))
		tenants = append(tenants, quote(l.tenant))
		tiers = append(tiers, quote(l.tier))
		batches = append(batches, quote(l.batch.String()))
		ones = append(ones, "1")
		zeros = append(zeros, "0")
		from = append(from, strconv.Itoa(int(l.nextIndex)))
		submitted = append(submitted, quote(l.batchCreated.UTC().Format(time.RFC3339Nano)))
	}
	arr := func(typ string, xs []string) string { return "ARRAY[" + strings.Join(xs, ",") + "]::" + typ + "[]" }
	args := map[string]string{
		"rank-lanes":    rankArgs,
		"lock-groups":   arr("text", tenants) + ", " + arr("text", tiers),
		"lane-batches":  arr("bigint", laneIDs) + fmt.Sprintf(", %d", k),
		"take-records":  arr("uuid", batches) + ", " + arr("int", ones) + ", " + arr("text", tiers) + ", " + arr("timestamptz", submitted) + ", '30s', " + arr("int", from),
		"dequeue-lanes": arr("bigint", laneIDs) + ", " + arr("int", zeros) + ", " + arr("int", ones),
		"count-starts":  arr("text", tenants) + ", " + arr("text", tiers) + ", " + arr("int", ones) + fmt.Sprintf(", %d", minute),
	}
	res.paramsShown = fmt.Sprintf("rankLanes(%s)", rankArgs)
	order := []string{"rank-lanes", "lock-groups", "lane-batches", "take-records", "dequeue-lanes", "count-starts", "complete-records"}
	for _, mode := range []string{"custom", "generic"} {
		for _, name := range order {
			var p plan
			for range 3 {
				p, err = explainOne(ctx, conn, qs, name, mode, args, "ANALYZE, BUFFERS")
				if err != nil {
					return nil, fmt.Errorf("%s (%s plan): %w", name, mode, err)
				}
			}
			// Timing every node costs time of its own: the execution time
			// without it is the one to compare with the claim's.
			q, err := explainOne(ctx, conn, qs, name, mode, args, "ANALYZE, TIMING OFF")
			if err != nil {
				return nil, fmt.Errorf("%s (%s plan): %w", name, mode, err)
			}
			p.execUntimed = q.exec
			res.plans = append(res.plans, p)
		}
	}
	return res, nil
}

// explainOne runs EXPLAIN (ANALYZE, BUFFERS) EXECUTE of one statement in a
// transaction it rolls back. completeRecords first claims the records it
// completes, with takeRecords.
func explainOne(ctx context.Context, conn *pgx.Conn, qs map[string]string, name, mode string, args map[string]string, options string) (plan, error) {
	p := plan{statement: name, mode: mode}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return p, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // always rolled back
	if _, err := tx.Exec(ctx, "SET LOCAL plan_cache_mode = force_"+mode+"_plan", pgx.QueryExecModeSimpleProtocol); err != nil {
		return p, err
	}
	a := args[name]
	if name == "complete-records" {
		take := prepared(ctx, tx, qs["take-records"], "custom")
		if take == "" {
			return p, errors.New("prepare takeRecords failed")
		}
		rows, err := tx.Query(ctx, "EXECUTE "+take+"("+args["take-records"]+")", pgx.QueryExecModeSimpleProtocol)
		if err != nil {
			return p, err
		}
		var ids, idxs, tokens, st, ot, ob, op, ec, em, secs []string
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				rows.Close()
				return p, err
			}
			id := vals[0].([16]byte)
			ids = append(ids, quote(uuid.UUID(id).String()))
			idxs = append(idxs, fmt.Sprint(vals[1]))
			tokens = append(tokens, fmt.Sprint(vals[5]))
			st, ot, ob, op = append(st, "'done'"), append(ot, "'text/html; charset=utf-8'"), append(ob, "9"), append(op, "1")
			ec, em, secs = append(ec, "''"), append(em, "''"), append(secs, "0.0001")
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return p, err
		}
		arr := func(typ string, xs []string) string { return "ARRAY[" + strings.Join(xs, ",") + "]::" + typ + "[]" }
		a = strings.Join([]string{arr("uuid", ids), arr("int", idxs), arr("bigint", tokens), arr("text", st), arr("text", ot),
			arr("bigint", ob), arr("int", op), arr("text", ec), arr("text", em), arr("float8", secs)}, ", ")
		if _, err := tx.Exec(ctx, "SELECT 1 FROM batches WHERE id = ANY("+arr("uuid", ids)+") ORDER BY id FOR UPDATE", pgx.QueryExecModeSimpleProtocol); err != nil {
			return p, err
		}
	}
	stmt := prepared(ctx, tx, qs[name], mode)
	if stmt == "" {
		return p, errors.New("prepare failed")
	}
	if n, err := paramCount(ctx, tx, stmt); err != nil {
		return p, err
	} else if n != argCount(a) {
		return p, fmt.Errorf("the statement takes %d parameters, the benchmark gives %d: internal/postgres/sql changed, update bench/scheduler/explain.go", n, argCount(a))
	}
	rows, err := tx.Query(ctx, "EXPLAIN ("+options+") EXECUTE "+stmt+"("+a+")", pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return p, err
	}
	var lines []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			rows.Close()
			return p, err
		}
		lines = append(lines, l)
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Execution Time: "); ok {
			p.exec, _ = strconv.ParseFloat(strings.TrimSuffix(v, " ms"), 64)
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Planning Time: "); ok {
			p.planning, _ = strconv.ParseFloat(strings.TrimSuffix(v, " ms"), 64)
		}
	}
	rows.Close()
	p.text = strings.Join(lines, "\n")
	return p, rows.Err()
}

var preparedNames = map[string]string{}

// prepared prepares sql once per plan_cache_mode (PREPARE outlives the
// rolled-back transaction), as pgx does once per connection, and returns
// its name, "" on error. Executions after the first reuse a generic plan
// and plan a custom one again.
func prepared(ctx context.Context, tx pgx.Tx, sql, mode string) string {
	key := mode + "\x00" + sql
	if n, ok := preparedNames[key]; ok {
		return n
	}
	name := fmt.Sprintf("bench_%d", len(preparedNames)+1)
	if _, err := tx.Exec(ctx, "PREPARE "+name+" AS "+sql, pgx.QueryExecModeSimpleProtocol); err != nil {
		log.Printf("prepare: %v", err)
		return ""
	}
	preparedNames[key] = name
	return name
}

// paramCount is how many parameters a prepared statement takes.
func paramCount(ctx context.Context, tx pgx.Tx, name string) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT cardinality(parameter_types) FROM pg_prepared_statements WHERE name = $1`, name).Scan(&n)
	return n, err
}

// argCount counts the top-level arguments of a list like "ARRAY[1,2]::int[], 3".
func argCount(list string) int {
	n, depth, inQuote := 1, 0, false
	for _, r := range list {
		switch {
		case r == '\'':
			inQuote = !inQuote
		case inQuote:
		case r == '[' || r == '(':
			depth++
		case r == ']' || r == ')':
			depth--
		case r == ',' && depth == 0:
			n++
		}
	}
	return n
}
