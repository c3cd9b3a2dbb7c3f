package scheduler

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

const seedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

type fixture struct {
	t     *testing.T
	pool  *pgxpool.Pool
	store *postgres.Store
	tiers config.Tiers
}

func setup(t *testing.T, tiersJSON string) *fixture {
	t.Helper()
	pool, _ := pgtest.NewPool(t)
	return &fixture{t: t, pool: pool, store: &postgres.Store{Pool: pool}, tiers: mustTiers(t, tiersJSON)}
}

func mustTiers(t *testing.T, tiersJSON string) config.Tiers {
	t.Helper()
	tiers, err := config.ParseTiers(tiersJSON)
	require.NoError(t, err)
	return tiers
}

func (f *fixture) tenant(id, tier string) {
	f.t.Helper()
	_, err := f.store.CreateTenant(context.Background(), paprika.Tenant{ID: id, Name: id, Tier: tier, RetentionDays: 30})
	require.NoError(f.t, err)
}

func (f *fixture) job(tenant, keyTier string) *paprika.Job {
	f.t.Helper()
	return f.jobData(tenant, keyTier, `{"tenant": "`+tenant+`"}`)
}

func (f *fixture) jobData(tenant, keyTier, data string) *paprika.Job {
	f.t.Helper()
	j := &paprika.Job{TenantID: tenant, KeyID: "key_test", KeyTier: keyTier,
		Source: paprika.Source{Template: "<p>{{tenant}}</p>", Format: "html", Options: json.RawMessage(`{}`)},
		Data:   json.RawMessage(data)}
	require.NoError(f.t, f.store.CreateJob(context.Background(), j))
	return j
}

func (f *fixture) batch(tenant string, records int) *paprika.Batch {
	f.t.Helper()
	b := &paprika.Batch{TenantID: tenant, KeyID: "key_test",
		Source: paprika.Source{Template: "<p>{{n}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
	recs := make([]json.RawMessage, records)
	for i := range recs {
		recs[i] = json.RawMessage(`{"tenant": "` + tenant + `"}`)
	}
	require.NoError(f.t, f.store.CreateBatch(context.Background(), b, recs))
	return b
}

func (f *fixture) claimer(workerTiers ...string) *Claimer {
	if len(workerTiers) == 0 {
		workerTiers = f.tiers.Names()
	}
	return NewClaimer(postgres.NewQueue(f.pool), Policy{Tiers: f.tiers, WorkerTiers: workerTiers})
}

// claimOne claims one item with a claimer of every tier and requires that
// one was there to take.
func (f *fixture) claimOne() Item {
	f.t.Helper()
	items, err := f.claimer().Claim(context.Background(), 1)
	require.NoError(f.t, err)
	require.Len(f.t, items, 1)
	return items[0]
}

func TestClaimJobsThenRecords(t *testing.T) {
	t.Parallel()
	f := setup(t, seedTiers)
	f.tenant("acme", "")
	b := f.batch("acme", 3)
	j1 := f.job("acme", "")
	j2 := f.job("acme", "")
	items, err := f.claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 4)
	require.Equal(t, KindJob, items[0].Kind)
	require.Equal(t, j1.ID, items[0].JobID)
	require.Equal(t, j2.ID, items[1].JobID)
	require.Equal(t, KindRecord, items[2].Kind)
	require.Equal(t, b.ID, items[2].BatchID)
	require.Equal(t, 1, items[2].Index)
	require.Equal(t, 2, items[3].Index)
	require.Equal(t, "standard", items[0].Tier)
	require.Equal(t, "acme", items[3].TenantID)

	items, err = f.claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.Equal(t, 3, items[0].Index)
	items, err = f.claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Empty(t, items)
}

// TestClaimKnowsItsGroups checks that a claimer which has seen a group's
// row skips making it, and that a row gone from under it (a database reset
// while the process runs) fails one claim and is made again by the next,
// with its starts counted.
func TestClaimKnowsItsGroups(t *testing.T) {
	t.Parallel()
	f := setup(t, seedTiers)
	ctx := context.Background()
	f.tenant("acme", "")
	f.job("acme", "")
	f.job("acme", "")
	f.job("acme", "")
	c := f.claimer()
	items, err := c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	items, err = c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	var started int
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT started FROM group_starts WHERE tenant_id = 'acme'").Scan(&started))
	require.Equal(t, 2, started)

	_, err = f.pool.Exec(ctx, "DELETE FROM group_starts")
	require.NoError(t, err)
	_, err = c.Claim(ctx, 1)
	require.ErrorContains(t, err, "groups' rows found")
	items, err = c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT started FROM group_starts WHERE tenant_id = 'acme'").Scan(&started))
	require.Equal(t, 1, started)
}
