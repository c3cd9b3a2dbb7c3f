package scheduler_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

func TestClaimJobsThenRecords(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	b := f.Batch("acme", 3)
	j1 := f.Job("acme", "")
	j2 := f.Job("acme", "")
	items, err := f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 4)
	require.Equal(t, paprika.KindJob, items[0].Kind)
	require.Equal(t, j1.ID, items[0].JobID)
	require.Equal(t, j2.ID, items[1].JobID)
	require.Equal(t, paprika.KindRecord, items[2].Kind)
	require.Equal(t, b.ID, items[2].BatchID)
	require.Equal(t, 1, items[2].Index)
	require.Equal(t, 2, items[3].Index)
	require.Equal(t, "standard", items[0].Tier)
	require.Equal(t, "acme", items[3].TenantID)

	items, err = f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.Equal(t, 3, items[0].Index)
	items, err = f.Claimer().Claim(context.Background(), 4)
	require.NoError(t, err)
	require.Empty(t, items)
}

// TestClaimKnowsItsGroups checks that a claimer which has seen a group's
// row skips making it, and that a row gone from under it (a database reset
// while the process runs) fails one claim and is made again by the next,
// with its starts counted.
func TestClaimKnowsItsGroups(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	ctx := context.Background()
	f.Tenant("acme", "")
	f.Job("acme", "")
	f.Job("acme", "")
	f.Job("acme", "")
	c := f.Claimer()
	items, err := c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	items, err = c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	var started int
	require.NoError(t, f.Pool.QueryRow(ctx, "SELECT started FROM group_starts WHERE tenant_id = 'acme'").Scan(&started))
	require.Equal(t, 2, started)

	_, err = f.Pool.Exec(ctx, "DELETE FROM group_starts")
	require.NoError(t, err)
	_, err = c.Claim(ctx, 1)
	require.ErrorContains(t, err, "groups' rows found")
	items, err = c.Claim(ctx, 1)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.NoError(t, f.Pool.QueryRow(ctx, "SELECT started FROM group_starts WHERE tenant_id = 'acme'").Scan(&started))
	require.Equal(t, 1, started)
}
