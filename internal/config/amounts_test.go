package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The variables that take an amount of bytes: each has its default, reads
// the units it promises, and stops the process naming itself and an
// example on anything else.
func TestAmountsOfBytes(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"PAPRIKA_DATABASE_URL": "postgres://u:p@localhost/paprika",
		"PAPRIKA_ADMIN_TOKEN":  "0123456789abcdef0123",
	}
	for _, tc := range []struct {
		name     string
		get      func(*Config) int64
		fallback int64
		example  string
		good     map[string]int64
		bad      []string
	}{
		{
			name: "PAPRIKA_RENDER_MAX_MEMORY", get: func(c *Config) int64 { return c.RenderMaxMemory },
			fallback: 1 << 30, example: "like 1GiB",
			good: map[string]int64{
				"1GiB": 1 << 30, "512MiB": 512 << 20, "512 MiB": 512 << 20, "2gib": 2 << 30, "1.5GiB": 3 << 29,
				"536870912": 512 << 20, "1G": 1 << 30, "768M": 768 << 20, "2GB": 2e9, "300MB": 300e6, "131072KiB": 128 << 20,
			},
			bad: []string{"lots", "1TiB", "-1GiB", "0", "1024", "100MiB", "65GiB", "GiB", "1.5", "1GiBs", "nanGiB", "infGiB", "9223372036854775807GiB"},
		},
		{
			name: "PAPRIKA_ASSET_QUOTA", get: func(c *Config) int64 { return c.AssetQuota },
			fallback: 100 << 20, example: "like 100MiB",
			good: map[string]int64{
				"100MiB": 100 << 20, "1GiB": 1 << 30, "1.5 GiB": 3 << 29, "500MB": 500e6, "0": 0, "1048576": 1 << 20,
				"1024GiB": 1 << 40,
			},
			bad: []string{"lots", "-1MiB", "1025GiB", "MiB", "1.5", "10MiBs", "nanMiB"},
		},
		{
			name: "PAPRIKA_TEMPLATE_QUOTA", get: func(c *Config) int64 { return c.TemplateQuota },
			fallback: 50 << 20, example: "like 100MiB",
			good: map[string]int64{
				"50MiB": 50 << 20, "1GiB": 1 << 30, "0": 0, "1048576": 1 << 20, "1024GiB": 1 << 40,
			},
			bad: []string{"lots", "-1MiB", "1025GiB", "MiB", "1.5", "10MiBs", "nanMiB"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			with := func(v string) func(string) string {
				return func(k string) string {
					if k == tc.name {
						return v
					}
					return base[k]
				}
			}
			c, err := Load(RoleAPI, env(base))
			require.NoError(t, err)
			require.Equal(t, tc.fallback, tc.get(c), "the default")
			for v, want := range tc.good {
				c, err := Load(RoleWorker, with(v))
				require.NoError(t, err, v)
				require.Equal(t, want, tc.get(c), v)
			}
			for _, v := range tc.bad {
				_, err := Load(RoleWorker, with(v))
				var ce *Error
				require.ErrorAs(t, err, &ce, v)
				require.Equal(t, tc.name, ce.Var, v)
				require.Contains(t, ce.Error(), tc.example, v)
			}
		})
	}
}
