package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRenderMaxMemory(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"PAPRIKA_DATABASE_URL": "postgres://u:p@localhost/paprika",
		"PAPRIKA_ADMIN_TOKEN":  "0123456789abcdef0123",
	}
	with := func(v string) func(string) string {
		return func(k string) string {
			if k == "PAPRIKA_RENDER_MAX_MEMORY" {
				return v
			}
			return base[k]
		}
	}
	c, err := Load(RoleAPI, env(base))
	require.NoError(t, err)
	require.Equal(t, int64(1<<30), c.RenderMaxMemory, "1 GiB unless set")

	for v, want := range map[string]int64{
		"1GiB": 1 << 30, "512MiB": 512 << 20, "512 MiB": 512 << 20, "2gib": 2 << 30, "1.5GiB": 3 << 29,
		"536870912": 512 << 20, "1G": 1 << 30, "768M": 768 << 20, "2GB": 2e9, "300MB": 300e6, "131072KiB": 128 << 20,
	} {
		c, err := Load(RoleWorker, with(v))
		require.NoError(t, err, v)
		require.Equal(t, want, c.RenderMaxMemory, v)
	}
	for _, v := range []string{"lots", "1TiB", "-1GiB", "0", "1024", "100MiB", "65GiB", "GiB", "1.5", "1GiBs", "nanGiB", "infGiB", "9223372036854775807GiB"} {
		_, err := Load(RoleWorker, with(v))
		var ce *Error
		require.ErrorAs(t, err, &ce, v)
		require.Equal(t, "PAPRIKA_RENDER_MAX_MEMORY", ce.Var, v)
		require.Contains(t, ce.Error(), "like 1GiB", v)
	}
}
