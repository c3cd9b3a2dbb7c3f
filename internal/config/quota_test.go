package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAssetQuota(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"PAPRIKA_DATABASE_URL": "postgres://u:p@localhost/paprika",
		"PAPRIKA_ADMIN_TOKEN":  "0123456789abcdef0123",
	}
	with := func(v string) func(string) string {
		return func(k string) string {
			if k == "PAPRIKA_ASSET_QUOTA" {
				return v
			}
			return base[k]
		}
	}
	c, err := Load(RoleAPI, env(base))
	require.NoError(t, err)
	require.Equal(t, int64(100<<20), c.AssetQuota, "100 MiB unless set")

	for v, want := range map[string]int64{
		"100MiB": 100 << 20, "1GiB": 1 << 30, "1.5 GiB": 3 << 29, "500MB": 500e6, "0": 0, "1048576": 1 << 20,
	} {
		c, err := Load(RoleWorker, with(v))
		require.NoError(t, err, v)
		require.Equal(t, want, c.AssetQuota, v)
	}
	c, err = Load(RoleWorker, with("1024GiB"))
	require.NoError(t, err)
	require.Equal(t, int64(1<<40), c.AssetQuota)
	for _, v := range []string{"lots", "-1MiB", "1025GiB", "MiB", "1.5", "10MiBs", "nanMiB"} {
		_, err := Load(RoleAPI, with(v))
		var ce *Error
		require.ErrorAs(t, err, &ce, v)
		require.Equal(t, "PAPRIKA_ASSET_QUOTA", ce.Var, v)
		require.Contains(t, ce.Error(), "like 100MiB", v)
	}
}
