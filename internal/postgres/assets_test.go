package postgres_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// A render looks up the assets its page names, not its tenant's whole
// index: the api's and the worker's lookups return those of the names
// the tenant has, and read only their rows, by the primary key, however
// many assets the tenant and the others have.
func TestAssetsNamedReadsOnlyThoseNamed(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewPool(t)
	ctx := t.Context()
	_, err := pool.Exec(ctx, `INSERT INTO tenants (id, name, webhook_secret) VALUES ('many', 'm', 's'), ('other', 'o', 's')`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO assets (tenant_id, name, content_type, bytes, sha256, object)
		SELECT t, 'img/' || i || '.png', 'image/png', 100, md5(t || i), t || i
		FROM unnest(ARRAY['many', 'other']) AS t, generate_series(1, 5000) AS i`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `ANALYZE assets`)
	require.NoError(t, err)

	names := []string{"img/7.png", "img/4999.png", "img/none.png"}
	for _, lookup := range []func() ([]paprika.Asset, error){
		func() ([]paprika.Asset, error) { return (&postgres.Store{Pool: pool}).AssetsNamed(ctx, "many", names) },
		func() ([]paprika.Asset, error) { return postgres.NewQueue(pool).AssetsNamed(ctx, "many", names) },
	} {
		found, err := lookup()
		require.NoError(t, err)
		got := []string{}
		for _, a := range found {
			require.Equal(t, "many", a.TenantID)
			got = append(got, a.Name)
		}
		slices.Sort(got)
		require.Equal(t, []string{"img/4999.png", "img/7.png"}, got)
	}
	read := rowsRead(t, pool, "assets", postgres.Statements()["assets-named"], "many", names)
	require.LessOrEqual(t, read, len(names), "the rows of the names only, of 10000")
}
