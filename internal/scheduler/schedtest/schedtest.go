// Package schedtest is what the tests of the policy (internal/scheduler)
// and of the worker runtime (internal/worker) share: a migrated database to
// queue tenants, jobs and batches in, a claimer of the policy, a renderer
// that records and can delay or fail its renders, and waiting on the
// database's view. It is for tests only.
package schedtest

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// SeedTiers are the tiers most tests run with: standard, and priority with
// four times its weight and a maxRunning.
const SeedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

// Fixture is a test's database and the tiers its claims run with.
type Fixture struct {
	T     *testing.T
	Pool  *pgxpool.Pool
	Store *postgres.Store
	Tiers config.Tiers
}

// Setup returns a fixture on a database of its own (pgtest.NewPool), with
// the tiers of tiersJSON (PAPRIKA_TIERS; "" for the default).
func Setup(t *testing.T, tiersJSON string) *Fixture {
	t.Helper()
	pool, _ := pgtest.NewPool(t)
	return New(t, pool, MustTiers(t, tiersJSON))
}

// New returns a fixture on pool, for a test that opens its pool itself.
func New(t *testing.T, pool *pgxpool.Pool, tiers config.Tiers) *Fixture {
	return &Fixture{T: t, Pool: pool, Store: &postgres.Store{Pool: pool}, Tiers: tiers}
}

// MustTiers parses tiersJSON as PAPRIKA_TIERS is parsed.
func MustTiers(t *testing.T, tiersJSON string) config.Tiers {
	t.Helper()
	tiers, err := config.ParseTiers(tiersJSON)
	require.NoError(t, err)
	return tiers
}

// Tenant creates tenant id at tier ("" for the default).
func (f *Fixture) Tenant(id, tier string) {
	f.T.Helper()
	_, err := f.Store.CreateTenant(context.Background(), paprika.Tenant{ID: id, Name: id, Tier: tier, RetentionDays: 30})
	require.NoError(f.T, err)
}

// Job queues a job of tenant's through a key of keyTier, its data naming
// the tenant ({"tenant": "..."}).
func (f *Fixture) Job(tenant, keyTier string) *paprika.Job {
	f.T.Helper()
	return f.JobData(tenant, keyTier, `{"tenant": "`+tenant+`"}`)
}

// JobData queues a job of tenant's with data.
func (f *Fixture) JobData(tenant, keyTier, data string) *paprika.Job {
	f.T.Helper()
	j := &paprika.Job{TenantID: tenant, KeyID: "key_test", KeyTier: keyTier,
		Source: paprika.Source{Template: "<p>{{tenant}}</p>", Format: "html", Options: json.RawMessage(`{}`)},
		Data:   json.RawMessage(data)}
	require.NoError(f.T, f.Store.CreateJob(context.Background(), j))
	return j
}

// Batch queues a batch of records of tenant's, each naming the tenant.
func (f *Fixture) Batch(tenant string, records int) *paprika.Batch {
	f.T.Helper()
	b := &paprika.Batch{TenantID: tenant, KeyID: "key_test",
		Source: paprika.Source{Template: "<p>{{n}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
	recs := make([]json.RawMessage, records)
	for i := range recs {
		recs[i] = json.RawMessage(`{"tenant": "` + tenant + `"}`)
	}
	require.NoError(f.T, f.Store.CreateBatch(context.Background(), b, recs))
	return b
}

// Claimer returns a claimer of workerTiers (every tier when none).
func (f *Fixture) Claimer(workerTiers ...string) *scheduler.Claimer {
	if len(workerTiers) == 0 {
		workerTiers = f.Tiers.Names()
	}
	return scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: workerTiers})
}

// ClaimOne claims one item with a claimer of every tier and requires that
// one was there to take.
func (f *Fixture) ClaimOne() paprika.Item {
	f.T.Helper()
	items, err := f.Claimer().Claim(context.Background(), 1)
	require.NoError(f.T, err)
	require.Len(f.T, items, 1)
	return items[0]
}

// JobStatus reads j's status now.
func (f *Fixture) JobStatus(j *paprika.Job) string {
	f.T.Helper()
	got, err := f.Store.Job(context.Background(), j.TenantID, j.ID)
	require.NoError(f.T, err)
	return got.Status
}

// Count runs sql, a query of one integer, on the fixture's database.
func (f *Fixture) Count(sql string, args ...any) int {
	f.T.Helper()
	return Count(f.T, f.Pool, sql, args...)
}

// Count runs sql, a query of one integer, on pool.
func Count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

// Start runs run (a worker's Run) in the background until the returned stop
// is called, which waits for it and expects nil.
func Start(t *testing.T, run func(context.Context) error) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx) }()
	return func() {
		cancel()
		require.NoError(t, <-done)
	}
}

// WaitFor polls cond until it holds or 20 s pass.
func WaitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Renderer records the order of renders and can block or fail them.
type Renderer struct {
	Delay time.Duration
	// DelayFor, when set, picks the delay by the render's data.
	DelayFor func(data string) time.Duration
	Fail     func(in render.Input) error
	// Started, when set, is sent each render's data as it starts.
	Started chan string

	mu      sync.Mutex
	order   []string // data of each render, in start order
	running int
	maxSeen int
}

// Render records the render, waits its delay (or until ctx ends) and
// fails it if Fail says so; otherwise it returns a small html document.
func (r *Renderer) Render(ctx context.Context, in render.Input) (*render.Output, error) {
	r.mu.Lock()
	r.order = append(r.order, string(in.Data))
	r.running++
	r.maxSeen = max(r.maxSeen, r.running)
	r.mu.Unlock()
	defer func() { r.mu.Lock(); r.running--; r.mu.Unlock() }()
	if r.Started != nil {
		r.Started <- string(in.Data)
	}
	delay := r.Delay
	if r.DelayFor != nil {
		delay = r.DelayFor(string(in.Data))
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if r.Fail != nil {
		if err := r.Fail(in); err != nil {
			return nil, err
		}
	}
	return &render.Output{Body: []byte("<p>ok</p>"), ContentType: "text/html; charset=utf-8", Pages: 1}, nil
}

// Order is the data of every render started so far, in start order.
func (r *Renderer) Order() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.order...)
}

// Renders is how many renders have started.
func (r *Renderer) Renders() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.order)
}

// MaxSeen is the most renders that ran at once.
func (r *Renderer) MaxSeen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.maxSeen
}
