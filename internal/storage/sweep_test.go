package storage

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

func TestSweepDeletesExpiredWorkAndItsOutputs(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewPool(t)
	ctx := context.Background()
	store := &postgres.Store{Pool: pool}
	out := &Store{Dir: t.TempDir()}
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
		require.NoError(t, out.Write(out.JobPath(j.TenantID, j.ID, "html"), []byte("x")))
	}
	recPath := out.RecordPath("old", b.ID, 1, "html")
	require.NoError(t, out.Write(recPath, []byte("x")))
	require.NoError(t, store.DeleteTenant(ctx, "gone"))
	_, err = pool.Exec(ctx, `UPDATE jobs SET finished_at = now() WHERE id = $1`, deletedTenants.ID) // recent, but its tenant is deleted
	require.NoError(t, err)

	s := &Sweeper{Pool: pool, Outputs: out}
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
	_, err = os.Stat(out.JobPath("old", expired.ID, "html"))
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = os.Stat(out.JobPath("gone", deletedTenants.ID, "html"))
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = os.Stat(recPath)
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = os.Stat(out.JobPath("old", fresh.ID, "html"))
	require.NoError(t, err)

	n, err = s.Sweep(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "nothing left to sweep")
}
