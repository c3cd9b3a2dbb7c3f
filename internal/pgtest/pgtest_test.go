package pgtest_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	if code == 0 {
		if err := goleak.Find(); err != nil {
			os.Stderr.WriteString("goleak: " + err.Error() + "\n")
			code = 1
		}
	}
	os.Exit(code)
}

// Both tests create the same table: each must have a database of its own.
func TestDatabasesAreSeparate(t *testing.T) {
	urls := make(chan string, 2)
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pool, url := pgtest.NewPool(t)
			urls <- url
			_, err := pool.Exec(t.Context(), "CREATE TABLE scratch (id int)")
			require.NoError(t, err)

			// And each starts from the migrated schema.
			var n int
			require.NoError(t, pool.QueryRow(t.Context(), "SELECT count(*) FROM tenants").Scan(&n))
			require.Zero(t, n)
		})
	}
	t.Cleanup(func() {
		close(urls)
		require.NotEqual(t, <-urls, <-urls)
	})
}

func TestServer(t *testing.T) {
	require.NotNil(t, pgtest.Server())
}
