package main

import (
	"net"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// Dev mode prints its admin token, so without PAPRIKA_HOST it listens on
// loopback only: not reachable at the machine's other addresses. Its banner
// says where it listens (URL and console with the real host and port).
// PAPRIKA_HOST=0.0.0.0 puts it on every interface.
func TestDevListensOnLoopbackUnlessTold(t *testing.T) {
	t.Parallel()
	other := nonLoopbackAddr(t)
	start := func(host string) (*serving, welcome, string) {
		vars := map[string]string{"PORT": "0", "PAPRIKA_DATA_DIR": t.TempDir(), "PAPRIKA_TIERS": seedTiers,
			"PAPRIKA_DATABASE_URL": pgtest.NewDB(t), "PAPRIKA_HOST": host}
		s, w := startDevEnv(t, vars)
		m := regexp.MustCompile(`(?m)^\s+listening\s+(\S+)`).FindStringSubmatch(w.Out)
		require.NotNil(t, m, "a listening line in the welcome:\n%s", w.Out)
		return s, w, m[1]
	}

	s, w, listening := start("")
	host, port, err := net.SplitHostPort(listening)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1", host, "dev listens on loopback")
	require.Equal(t, "http://127.0.0.1:"+port, w.URL)
	require.Regexp(t, `(?m)^\s+console\s+http://127\.0\.0\.1:`+port+`/console/ `, w.Out)
	s.waitOK(t, w.URL+"/healthz", 30*time.Second)
	if other != nil {
		conn, err := net.DialTimeout("tcp", net.JoinHostPort(other.String(), port), 10*time.Second)
		if err == nil {
			conn.Close()
		}
		require.Error(t, err, "dev without PAPRIKA_HOST is reachable at %s", other)
	}
	require.NoError(t, s.stop(t))

	s, w, listening = start("0.0.0.0")
	host, port, err = net.SplitHostPort(listening)
	require.NoError(t, err)
	require.Equal(t, "0.0.0.0", host)
	require.Equal(t, "http://localhost:"+port, w.URL)
	s.waitOK(t, "http://127.0.0.1:"+port+"/healthz", 30*time.Second)
	if other != nil {
		resp, err := s.client.Get("http://" + net.JoinHostPort(other.String(), port) + "/healthz")
		require.NoError(t, err, "PAPRIKA_HOST=0.0.0.0: reachable at %s", other)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
}

// nonLoopbackAddr is an IPv4 address of this machine other than loopback
// (a container may have none: nil).
func nonLoopbackAddr(t *testing.T) net.IP {
	t.Helper()
	ifaces, err := net.Interfaces()
	require.NoError(t, err)
	for _, iface := range ifaces {
		if iface.Flags&net.FlagUp == 0 || iface.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := iface.Addrs()
		require.NoError(t, err)
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLoopback() && !ipn.IP.IsLinkLocalUnicast() {
				t.Logf("this machine's other address: %s (%s)", ipn.IP, iface.Name)
				return ipn.IP
			}
		}
	}
	t.Log("this machine has no address but loopback: checking the listener's address only")
	return nil
}
