package main

import (
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/sealed"
)

func secretKey(t *testing.T) (string, *sealed.Key) {
	t.Helper()
	raw := make([]byte, sealed.KeySize)
	_, _ = rand.Read(raw)
	s := base64.StdEncoding.EncodeToString(raw)
	k, err := sealed.ParseKey(s)
	require.NoError(t, err)
	return s, k
}

// TestSecretKeyAtStart: with a certificate stored, api and worker start
// only with the PAPRIKA_SECRET_KEY it was sealed with; without one, with
// a malformed one or with another they stop at once, exit status 2, one
// line naming the variable. Without certificates, no key is needed.
func TestSecretKeyAtStart(t *testing.T) {
	t.Parallel()
	db := pgtest.NewDB(t)
	require.NoError(t, postgres.Migrate(t.Context(), db, slog.New(slog.DiscardHandler)))
	right, key := secretKey(t)
	other, _ := secretKey(t)
	base := map[string]string{"PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken, "PORT": "0", "PAPRIKA_WORKERS": "1"}

	t.Run("no certificates, no key", func(t *testing.T) {
		p := startChild(t, "api", with(base, "PAPRIKA_DATA_DIR", t.TempDir()))
		(&serving{client: &http.Client{Timeout: 10 * time.Second}}).waitHealthy(t, p.url(t)+"/healthz")
	})

	set := certtest.New(t, certtest.Options{})
	plain, err := set.SigningKey().Marshal()
	require.NoError(t, err)
	conn, err := pgx.Connect(t.Context(), db)
	require.NoError(t, err)
	_, err = conn.Exec(t.Context(), `INSERT INTO tenants (id, name, webhook_secret) VALUES ('acme', 'Acme', 'whsec_test')`)
	require.NoError(t, err)
	_, err = conn.Exec(t.Context(), `INSERT INTO certificates (tenant_id, name, subject, issuer, not_before, not_after, sealed)
		VALUES ('acme', 'main', 'CN=x', 'CN=y', now(), now() + interval '1 day', $1)`, key.Seal(plain, paprika.CertificatePlace("acme", "main")))
	require.NoError(t, err)
	require.NoError(t, conn.Close(t.Context()))

	for _, c := range []struct {
		name, key, says string
	}{
		{"no key", "", "is required: tenants have stored signing certificates"},
		{"a malformed key", "c2hvcnQ=", "must be 32 bytes in base64, not 5 bytes"},
		{"another key", other, "does not open the stored signing certificates"},
	} {
		for _, command := range []string{"api", "worker"} {
			t.Run(command+": "+c.name, func(t *testing.T) {
				vars := with(base, "PAPRIKA_DATA_DIR", t.TempDir())
				if c.key != "" {
					vars = with(vars, "PAPRIKA_SECRET_KEY", c.key)
				}
				code, stdout, stderr := runChild(t, command, vars)
				requireOneLine(t, code, stderr, command, "PAPRIKA_SECRET_KEY")
				require.Contains(t, stderr, c.says)
				if c.key != "" {
					require.NotContains(t, stderr, c.key)
				}
				require.Empty(t, stdout)
			})
		}
	}

	t.Run("the right key", func(t *testing.T) {
		p := startChild(t, "api", with(with(base, "PAPRIKA_DATA_DIR", t.TempDir()), "PAPRIKA_SECRET_KEY", right))
		(&serving{client: &http.Client{Timeout: 10 * time.Second}}).waitHealthy(t, p.url(t)+"/healthz")
		requireNoCrash(t, p.stderr.String())
	})
}

// TestDevSecretKey: dev mode makes a PAPRIKA_SECRET_KEY at its first start
// and finds the same one in its state file after a restart; a key given in
// the environment wins.
func TestDevSecretKey(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	load := func(key string) *config.Config {
		t.Helper()
		cfg, err := config.Load(config.RoleDev, func(k string) string {
			return map[string]string{"PAPRIKA_DATA_DIR": dir, "PAPRIKA_SECRET_KEY": key}[k]
		})
		require.NoError(t, err)
		_, err = loadDevState(cfg)
		require.NoError(t, err)
		require.NotNil(t, cfg.SecretKey)
		return cfg
	}
	place := []byte("acme\x00main")
	box := load("").SecretKey.Seal([]byte("a signing key"), place)
	plain, err := load("").SecretKey.Open(box, place)
	require.NoError(t, err, "a restarted dev opens what it sealed before")
	require.Equal(t, "a signing key", string(plain))

	given, key := secretKey(t)
	cfg := load(given)
	_, err = cfg.SecretKey.Open(key.Seal([]byte("x"), place), place)
	require.NoError(t, err, "the environment's key is the one used")
}
