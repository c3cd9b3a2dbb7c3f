package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
)

// fillSpec is the queue the benchmark fills: tenant 0 is the big tenant
// (standard), the next `priority` tenants are priority, the last `idle` are
// standard with nothing queued, the rest standard. The records other than
// the big tenant's are shared in proportion to the tiers' weights, so that
// every tenant's backlog lasts about as long.
type fillSpec struct {
	tenants, priority, idle int
	records                 int
	bigRecords, bigBatch    int
	batch                   int
	// history finished batches of historyBatch done records each, submitted
	// before the queued ones: what a service keeps for its retention period.
	history, historyBatch int
	// jobs queued single jobs, shared by the tenants other than the big one
	// as their records are, submitted after the batches: a queue of single
	// documents, where a claim takes jobs before records.
	jobs int
}

func (s fillSpec) check() error {
	if s.tenants < s.priority+s.idle+2 {
		return errors.New("-tenants must leave room for the big tenant, -priority, -idle and one standard tenant")
	}
	if s.bigRecords >= s.records || s.batch < 1 || s.bigBatch < 1 {
		return errors.New("-big must be below -records, and batch sizes positive")
	}
	if s.history < 0 || s.historyBatch < 1 {
		return errors.New("-history must not be negative, and -history-batch positive")
	}
	if s.jobs < 0 {
		return errors.New("-jobs must not be negative")
	}
	return nil
}

// String is stored as the template database's comment: a kept cluster is
// reused only for the same spec.
func (s fillSpec) String() string {
	h := ""
	if s.history > 0 {
		h = fmt.Sprintf(" history=%d/%d", s.history, s.historyBatch)
	}
	if s.jobs > 0 {
		h += fmt.Sprintf(" jobs=%d", s.jobs)
	}
	return fmt.Sprintf("paprika-bench v1 tenants=%d priority=%d idle=%d records=%d big=%d/%d batch=%d%s schema=%s",
		s.tenants, s.priority, s.idle, s.records, s.bigRecords, s.bigBatch, s.batch, h, schemaHash())
}

// schemaHash identifies the migrations' text: an edited migration needs a
// new fill, since goose applies each version once.
func schemaHash() string {
	root, err := benchkit.RepoRoot()
	if err != nil {
		return "unknown"
	}
	files, _ := filepath.Glob(filepath.Join(root, "internal", "postgres", "migrations", "*.sql"))
	h := sha256.New()
	for _, f := range files {
		b, _ := os.ReadFile(f)
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

type tenantSpec struct {
	id      string
	tier    string // "" = the default, standard
	role    string // big, priority, standard, idle
	records int
	jobs    int
	batch   int // records per batch, the last one may be smaller
}

func (t tenantSpec) weight() float64 {
	if t.tier == "priority" {
		return 4
	}
	return 1
}

// groupTier is the tier its work runs at (the default resolved).
func (t tenantSpec) groupTier() string {
	if t.tier == "" {
		return "standard"
	}
	return t.tier
}

func tenantID(i int) string { return fmt.Sprintf("t%04d", i) }

func (s fillSpec) layout() []tenantSpec {
	ts := make([]tenantSpec, s.tenants)
	for i := range ts {
		ts[i] = tenantSpec{id: tenantID(i), role: "standard", batch: s.batch}
		switch {
		case i == 0:
			ts[i].role, ts[i].records, ts[i].batch = "big", s.bigRecords, s.bigBatch
		case i <= s.priority:
			ts[i].role, ts[i].tier = "priority", "priority"
		case i >= s.tenants-s.idle:
			ts[i].role = "idle"
		}
	}
	share(ts, s.records-s.bigRecords, func(t *tenantSpec) *int { return &t.records })
	share(ts, s.jobs, func(t *tenantSpec) *int { return &t.jobs })
	return ts
}

// share gives n to the priority and standard tenants in proportion to their
// weights, so that every tenant's backlog lasts about as long.
func share(ts []tenantSpec, n int, field func(*tenantSpec) *int) {
	units := 0.0
	for _, t := range ts {
		if t.role == "priority" || t.role == "standard" {
			units += t.weight()
		}
	}
	given := 0
	for i, t := range ts {
		if t.role == "priority" || t.role == "standard" {
			*field(&ts[i]) = int(float64(n) * t.weight() / units)
			given += *field(&ts[i])
		}
	}
	for i := 0; given < n; i = (i + 1) % len(ts) {
		if ts[i].role == "priority" || ts[i].role == "standard" {
			*field(&ts[i])++
			given++
		}
	}
}

func (c *cluster) ensureFilled(ctx context.Context, s fillSpec) error {
	admin, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		return err
	}
	defer admin.Close(ctx)
	var comment *string
	err = admin.QueryRow(ctx, `SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = $1`, templateDB).Scan(&comment)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if comment != nil && *comment == s.String() {
		log.Printf("reusing the filled database %s (%s)", templateDB, s)
		// A schema change since the fill is applied to it; a refill is
		// only needed when the change needs other data.
		return postgres.Migrate(ctx, c.url(templateDB), nil)
	}
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+runDB+" WITH (FORCE)"); err != nil {
		return err
	}
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+templateDB+" WITH (FORCE)"); err != nil {
		return err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+templateDB); err != nil {
		return err
	}
	if err := fill(ctx, c.url(templateDB), s); err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	_, err = admin.Exec(ctx, "COMMENT ON DATABASE "+templateDB+" IS "+quote(s.String()))
	return err
}

func fill(ctx context.Context, url string, s fillSpec) error {
	start := time.Now()
	if err := postgres.Migrate(ctx, url, nil); err != nil {
		return err
	}
	pool, err := postgres.Open(ctx, url, 8)
	if err != nil {
		return err
	}
	defer pool.Close()
	store := &postgres.Store{Pool: pool}
	ts := s.layout()
	log.Printf("filling %s: %d tenants, %d records", templateDB, len(ts), s.records)
	for _, t := range ts {
		if _, err := store.CreateTenant(ctx, paprika.Tenant{ID: t.id, Name: "Tenant " + t.id, Tier: t.tier, RetentionDays: 30}); err != nil {
			return fmt.Errorf("tenant %s: %w", t.id, err)
		}
	}
	// Batches in submission order: round by round over the tenants, as if
	// they all submitted over the same stretch of time.
	type batchJob struct {
		tenant   string
		first, n int
	}
	var jobs []batchJob
	next := make([]int, len(ts))
	for more := true; more; {
		more = false
		for i, t := range ts {
			if next[i] < t.records {
				n := min(t.batch, t.records-next[i])
				jobs = append(jobs, batchJob{t.id, next[i], n})
				next[i] += n
				more = true
			}
		}
	}
	var done atomic.Int64
	var mu sync.Mutex
	lastPrint := time.Now()
	progress := func(n int) {
		d := done.Add(int64(n))
		mu.Lock()
		defer mu.Unlock()
		if time.Since(lastPrint) >= 5*time.Second {
			lastPrint = time.Now()
			el := time.Since(start).Seconds()
			log.Printf("  %d/%d records (%.0f%%), %.0f records/s", d, s.records, 100*float64(d)/float64(s.records), float64(d)/el)
		}
	}
	err = benchkit.Parallel(ctx, len(jobs), 4, func(ctx context.Context, i int) error {
		j := jobs[i]
		recs := make([]json.RawMessage, j.n)
		for k := range recs {
			recs[k] = json.RawMessage(`{"i":` + strconv.Itoa(j.first+k+1) + `}`)
		}
		b := &paprika.Batch{TenantID: j.tenant, KeyID: "key_bench",
			Source: paprika.Source{Template: "<p>{{i}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
		if err := store.CreateBatch(ctx, b, recs); err != nil {
			return fmt.Errorf("batch of %s: %w", j.tenant, err)
		}
		progress(j.n)
		return nil
	})
	if err != nil {
		return err
	}
	if err := fillJobs(ctx, store, ts); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	if err := fillHistory(ctx, pool, s); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	log.Printf("  %d records in %d batches in %s; VACUUM (FREEZE, ANALYZE)", done.Load(), len(jobs), time.Since(start).Round(time.Second))
	if _, err := pool.Exec(ctx, "VACUUM (FREEZE, ANALYZE)"); err != nil {
		return err
	}
	var rows, queued int64
	if err := pool.QueryRow(ctx, queuedCount).Scan(&rows, &queued); err != nil {
		return err
	}
	if want := int64(s.records + s.jobs); rows != want || queued != want {
		return fmt.Errorf("filled %d queued rows, lanes count %d: want %d", rows, queued, want)
	}
	log.Printf("filled in %s", time.Since(start).Round(time.Second))
	return nil
}

// queuedCount reads the queued jobs and records, as rows and as the lanes'
// counters.
const queuedCount = `SELECT (SELECT count(*) FROM batch_records WHERE status = 'queued') + (SELECT count(*) FROM jobs WHERE status = 'queued'),
    (SELECT sum(queued_records + queued_jobs) FROM lanes)`

// fillJobs queues each tenant's single jobs, round by round over the
// tenants, four at a time.
func fillJobs(ctx context.Context, store *postgres.Store, ts []tenantSpec) error {
	var order []string
	left := make([]int, len(ts))
	total := 0
	for i, t := range ts {
		left[i] = t.jobs
		total += t.jobs
	}
	if total == 0 {
		return nil
	}
	start := time.Now()
	for more := true; more; {
		more = false
		for i, t := range ts {
			if left[i] > 0 {
				order = append(order, t.id)
				left[i]--
				more = true
			}
		}
	}
	err := benchkit.Parallel(ctx, len(order), 4, func(ctx context.Context, i int) error {
		j := &paprika.Job{TenantID: order[i], KeyID: "key_bench", Data: json.RawMessage(`{"i":` + strconv.Itoa(i+1) + `}`),
			Source: paprika.Source{Template: "<p>{{i}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
		if err := store.CreateJob(ctx, j); err != nil {
			return fmt.Errorf("job of %s: %w", order[i], err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	log.Printf("  %d single jobs in %s", total, time.Since(start).Round(time.Second))
	return nil
}

// fillHistory adds s.history finished batches, all done, spread over the
// lanes of the tenants with work, submitted and finished in the 30 days
// before the queued ones (the default retention). Neither the turns index
// nor the queued records' index holds them; the tables and their primary
// keys do, which is what the claims' plans must stay good over. Their ids
// are UUIDv7 of their submit time, as the API makes them (paprika.NewID),
// so that they sort before the queued batches' in the primary key.
func fillHistory(ctx context.Context, pool *pgxpool.Pool, s fillSpec) error {
	if s.history == 0 {
		return nil
	}
	log.Printf("  history: %d finished batches of %d records", s.history, s.historyBatch)
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
WITH l AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(tenant_id ORDER BY id) AS tenants,
           array_agg(coalesce(tenant_tier, 'standard') ORDER BY id) AS tiers
    FROM lanes WHERE waiting_since IS NOT NULL
)
INSERT INTO batches (id, tenant_id, lane_id, key_id, status, tier, format, template, options,
                     total, queued, running, done, next_index, created_at, started_at, finished_at)
SELECT (lpad(to_hex(floor(extract(epoch FROM t.at) * 1000)::bigint), 12, '0') || '7' || substr(md5(g::text), 1, 3)
            || '8' || substr(md5(g::text), 4, 15))::uuid,
       l.tenants[1 + g % cardinality(l.ids)], l.ids[1 + g % cardinality(l.ids)], 'key_bench', 'done',
       l.tiers[1 + g % cardinality(l.ids)], 'html', '<p>{{i}}</p>', '{}', $2, 0, 0, $2, $2 + 1, t.at, t.at, t.at + interval '10 seconds'
FROM l CROSS JOIN generate_series(0, $1::int - 1) g
CROSS JOIN LATERAL (SELECT now() - interval '30 days' + g * (interval '30 days' / $1::int) AS at) t`, s.history, s.historyBatch)
		if err != nil {
			return err
		}
		// The queued fill made no batch done: every done batch is history.
		_, err = tx.Exec(ctx, `
INSERT INTO batch_records (batch_id, idx, status, data, tier, started_at, finished_at, attempts, output_type, output_bytes, output_pages)
SELECT b.id, i, 'done', jsonb_build_object('i', i), b.tier, b.finished_at, b.finished_at, 1, 'text/html', 20, 1
FROM batches b CROSS JOIN generate_series(1, $1::int) i
WHERE b.status = 'done'`, s.historyBatch)
		return err
	})
}

func quote(s string) string {
	out := []byte{'\''}
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'')
		}
		out = append(out, s[i])
	}
	return string(append(out, '\''))
}
