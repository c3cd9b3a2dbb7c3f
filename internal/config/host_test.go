package config

import (
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
)

// PAPRIKA_HOST: unset, every interface for the api and the worker and
// loopback for dev mode (it prints its admin token); set, an IP literal or a
// host name, anything else stopping the process naming the variable.
func TestLoadHost(t *testing.T) {
	t.Parallel()
	vars := func(host string) func(string) string {
		return env(map[string]string{"PAPRIKA_DATABASE_URL": "postgres://u:p@localhost/paprika",
			"PAPRIKA_ADMIN_TOKEN": "0123456789abcdef0123", "PAPRIKA_HOST": host})
	}
	for _, tc := range []struct {
		role       Role
		host, want string
	}{
		{RoleAPI, "", ""},
		{RoleWorker, "", ""},
		{RoleDev, "", "127.0.0.1"},
		{RoleDev, "0.0.0.0", "0.0.0.0"},
		{RoleAPI, "::", "::"},
		{RoleAPI, "[::1]", "::1"},
		{RoleWorker, " 10.0.0.7 ", "10.0.0.7"},
		{RoleAPI, "paprika-api.internal", "paprika-api.internal"},
		{RoleDev, "localhost", "localhost"},
	} {
		c, err := Load(tc.role, vars(tc.host))
		require.NoError(t, err, "PAPRIKA_HOST=%q", tc.host)
		require.Equal(t, tc.want, c.Host, "PAPRIKA_HOST=%q", tc.host)
	}
	for _, bad := range []string{"0.0.0.0:4180", "http://example.com", "exa mple.com", "-x.example", "a..b", "host/path", "ünïcode.example"} {
		_, err := Load(RoleAPI, vars(bad))
		var cfgErr *Error
		require.ErrorAs(t, err, &cfgErr, "PAPRIKA_HOST=%q", bad)
		require.Equal(t, "PAPRIKA_HOST", cfgErr.Var)
		require.Contains(t, cfgErr.Reason, bad)
	}
}

func TestLogLevel(t *testing.T) {
	for v, want := range map[string]slog.Level{"": slog.LevelInfo, "info": slog.LevelInfo, "DEBUG": slog.LevelDebug, "warn": slog.LevelWarn, "error": slog.LevelError} {
		got, err := LogLevel(func(string) string { return v })
		if err != nil || got != want {
			t.Errorf("PAPRIKA_LOG_LEVEL=%q: %v, %v; want %v", v, got, err, want)
		}
	}
	_, err := LogLevel(func(string) string { return "loud" })
	if err == nil || err.Error() != `PAPRIKA_LOG_LEVEL: must be debug, info, warn or error, not "loud"` {
		t.Errorf("PAPRIKA_LOG_LEVEL=loud: %v", err)
	}
}
