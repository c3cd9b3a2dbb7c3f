package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWebhookAllowHosts(t *testing.T) {
	t.Parallel()
	load := func(v string) (*Config, error) {
		return Load(RoleWorker, func(k string) string {
			return map[string]string{"PAPRIKA_DATABASE_URL": "postgres://localhost/paprika", "PAPRIKA_WEBHOOK_ALLOW_HOSTS": v}[k]
		})
	}
	c, err := load("")
	require.NoError(t, err)
	require.Empty(t, c.WebhookAllowHosts)
	c, err = load(" Hooks.Internal. , 10.0.0.7,[FD00:0::7], ::ffff:127.0.0.1")
	require.NoError(t, err)
	require.Equal(t, []string{"hooks.internal", "10.0.0.7", "fd00::7", "::ffff:127.0.0.1"}, c.WebhookAllowHosts)
	for _, bad := range []string{"http://hooks.internal", "hooks.internal:8080", "a,,b", "hooks/x", "user@host"} {
		_, err := load(bad)
		var ce *Error
		require.ErrorAs(t, err, &ce, bad)
		require.Equal(t, "PAPRIKA_WEBHOOK_ALLOW_HOSTS", ce.Var)
	}
}
