package config

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoad(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"PAPRIKA_DATABASE_URL": "postgres://u:p@localhost/paprika",
		"PAPRIKA_ADMIN_TOKEN":  "0123456789abcdef0123",
	}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range base {
			m[a] = b
		}
		m[k] = v
		return m
	}
	c, err := Load(RoleAPI, env(base))
	require.NoError(t, err)
	require.Equal(t, 4180, c.Port)
	require.Equal(t, 30*time.Second, c.RenderTimeout)
	require.Equal(t, 30*time.Second, c.Lease)
	require.Equal(t, int64(10<<20), c.MaxRequestBytes)
	require.Equal(t, int64(100<<20), c.MaxBatchBytes)
	require.Equal(t, "/data", c.DataDir)
	require.Equal(t, []string{"standard"}, c.WorkerTiers)
	require.False(t, c.ChromiumNoSandbox, "Chromium's sandbox is on unless turned off")

	bad := []struct {
		role     Role
		env      map[string]string
		variable string
	}{
		{RoleAPI, with("PAPRIKA_DATABASE_URL", ""), "PAPRIKA_DATABASE_URL"},
		{RoleWorker, with("PAPRIKA_DATABASE_URL", "mysql://x"), "PAPRIKA_DATABASE_URL"},
		{RoleAPI, with("PAPRIKA_ADMIN_TOKEN", ""), "PAPRIKA_ADMIN_TOKEN"},
		{RoleAPI, with("PAPRIKA_ADMIN_TOKEN", "short"), "PAPRIKA_ADMIN_TOKEN"},
		{RoleAPI, with("PAPRIKA_TIERS", `{"gold": {"weight": 0}}`), "PAPRIKA_TIERS"},
		{RoleWorker, with("PAPRIKA_WORKER_TIERS", "gold"), "PAPRIKA_WORKER_TIERS"},
		{RoleAPI, with("PORT", "http"), "PORT"},
		{RoleAPI, with("PAPRIKA_WORKERS", "0"), "PAPRIKA_WORKERS"},
		{RoleWorker, with("PAPRIKA_CLAIM_AHEAD", "-1"), "PAPRIKA_CLAIM_AHEAD"},
		{RoleWorker, with("PAPRIKA_CLAIM_AHEAD", "many"), "PAPRIKA_CLAIM_AHEAD"},
		{RoleAPI, with("PAPRIKA_RENDER_TIMEOUT", "30"), "PAPRIKA_RENDER_TIMEOUT"},
		{RoleWorker, with("PAPRIKA_LEASE", "30"), "PAPRIKA_LEASE"},
		{RoleWorker, with("PAPRIKA_LEASE", "1s"), "PAPRIKA_LEASE"},
		{RoleAPI, with("PAPRIKA_MAX_REQUEST_BYTES", "ten"), "PAPRIKA_MAX_REQUEST_BYTES"},
		{RoleAPI, with("PAPRIKA_MAX_BATCH_BYTES", "-1"), "PAPRIKA_MAX_BATCH_BYTES"},
		{RoleAPI, with("PAPRIKA_RENDER_ALLOW_HOSTS", "http://x/"), "PAPRIKA_RENDER_ALLOW_HOSTS"},
		{RoleWorker, with("PAPRIKA_CHROMIUM_NO_SANDBOX", "yes"), "PAPRIKA_CHROMIUM_NO_SANDBOX"},
	}
	for _, b := range bad {
		_, err := Load(b.role, env(b.env))
		var ce *Error
		require.ErrorAs(t, err, &ce, b.variable)
		require.Equal(t, b.variable, ce.Var)
	}

	// dev needs neither a database URL nor a token, and keeps data in ./data.
	c, err = Load(RoleDev, env(map[string]string{"PAPRIKA_WORKERS": "3", "PAPRIKA_RENDER_ALLOW_HOSTS": "cdn.example.com, Fonts.example.com"}))
	require.NoError(t, err)
	require.Equal(t, "./data", c.DataDir)
	require.Equal(t, 3, c.Workers)
	require.Equal(t, []string{"cdn.example.com", "fonts.example.com"}, c.AllowHosts)
	require.Equal(t, ClaimAheadAuto, c.ClaimAhead, "claiming ahead sized by the worker unless set")
	for v, want := range map[string]int{"8": 8, "0": 0, "auto": ClaimAheadAuto} {
		c, err = Load(RoleWorker, env(with("PAPRIKA_CLAIM_AHEAD", v)))
		require.NoError(t, err)
		require.Equal(t, want, c.ClaimAhead, v)
	}

	for v, want := range map[string]bool{"true": true, "TRUE": true, "1": true, "false": false, "0": false, "": false} {
		c, err = Load(RoleWorker, env(with("PAPRIKA_CHROMIUM_NO_SANDBOX", v)))
		require.NoError(t, err, v)
		require.Equal(t, want, c.ChromiumNoSandbox, v)
	}
}
