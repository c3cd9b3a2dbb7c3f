package storage

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

func TestSweepDeletesExpiredWorkAndItsOutputs(t *testing.T) {
	t.Parallel()
	eachStore(t, testSweep)
}

func testSweep(t *testing.T, out Store) {
	pool, _ := pgtest.NewPool(t)
	ctx := context.Background()
	store := &postgres.Store{Pool: pool}
	for _, id := range []string{"old", "gone"} {
		_, err := store.CreateTenant(ctx, paprika.Tenant{ID: id, Name: id, RetentionDays: 7})
		require.NoError(t, err)
	}
	src := paprika.Source{Template: "x", Format: "html", Options: json.RawMessage(`{}`)}
	newJob := func(tenant string) *paprika.Job {
		j := &paprika.Job{TenantID: tenant, KeyID: "k", Source: src, Data: json.RawMessage(`{}`)}
		require.NoError(t, store.CreateJob(ctx, j))
		return j
	}
	expired, fresh, queued, deletedTenants := newJob("old"), newJob("old"), newJob("old"), newJob("gone")
	b := &paprika.Batch{TenantID: "old", KeyID: "k", Source: src}
	require.NoError(t, store.CreateBatch(ctx, b, []json.RawMessage{json.RawMessage(`{}`)}))
	// Finish all but one job, two of them (and the batch) 8 days ago.
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now() - interval '8 days' WHERE id = ANY($1)`,
		[]any{expired.ID, deletedTenants.ID})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now() - interval '6 days' WHERE id = $1`, fresh.ID)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `UPDATE batch_records SET status = 'done'; UPDATE batches SET queued = 0, done = 1, status = 'done', finished_at = now() - interval '8 days'`)
	require.NoError(t, err)
	for _, j := range []*paprika.Job{expired, fresh, deletedTenants} {
		require.NoError(t, out.Put(ctx, JobKey(j.TenantID, j.ID, "html"), []byte("x")))
	}
	recKey := RecordKey("old", b.ID, 1, "html")
	require.NoError(t, out.Put(ctx, recKey, []byte("x")))
	// An object no row names, as a worker that lost its lease may leave:
	// it goes with its deleted tenant's folder.
	stray := RecordKey("gone", uuid.New(), 3, "html")
	require.NoError(t, out.Put(ctx, stray, []byte("x")))
	require.NoError(t, store.DeleteTenant(ctx, "gone"))
	_, err = pool.Exec(ctx, `UPDATE jobs SET finished_at = now() WHERE id = $1`, deletedTenants.ID) // recent, but its tenant is deleted
	require.NoError(t, err)

	s := &Sweeper{Store: store, Outputs: out}
	n, err := s.Sweep(ctx)
	require.NoError(t, err)
	require.Equal(t, 3, n, "the expired job, the deleted tenant's job and the expired batch")

	_, err = store.Job(ctx, "old", expired.ID)
	require.ErrorContains(t, err, "not-found")
	_, err = store.Job(ctx, "old", fresh.ID)
	require.NoError(t, err, "within retention: kept")
	_, err = store.Job(ctx, "old", queued.ID)
	require.NoError(t, err, "queued work is never swept")
	_, err = store.Batch(ctx, "old", b.ID)
	require.ErrorContains(t, err, "not-found")
	gone := func(key string) {
		t.Helper()
		_, err := out.Stat(ctx, key)
		require.ErrorIs(t, err, ErrNotExist, key)
	}
	gone(JobKey("old", expired.ID, "html"))
	gone(JobKey("gone", deletedTenants.ID, "html"))
	gone(recKey)
	gone(stray)
	_, err = out.Stat(ctx, JobKey("old", fresh.ID, "html"))
	require.NoError(t, err, "within retention: kept")

	n, err = s.Sweep(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "nothing left to sweep")
}
