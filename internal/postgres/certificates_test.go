package postgres_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
)

// TestCertificates stores, replaces, lists and deletes a tenant's
// certificates, never reaching another tenant's, and purges a deleted
// tenant's with the sweeper: its certificates stop signing at once.
func TestCertificates(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	createTenant(t, s, "acme")
	createTenant(t, s, "globex")
	now := time.Now().UTC().Truncate(time.Millisecond)
	put := func(tenant, name, subject string) *paprika.Certificate {
		c, err := s.PutCertificate(t.Context(), paprika.Certificate{TenantID: tenant, Name: name, Subject: subject, Issuer: "CN=CA",
			NotBefore: now, NotAfter: now.Add(time.Hour), Sealed: []byte("sealed " + tenant + name)})
		require.NoError(t, err)
		require.Nil(t, c.Sealed, "an answer carries no sealed key")
		return c
	}
	put("acme", "b", "CN=B")
	put("acme", "a", "CN=old")
	put("acme", "a", "CN=A") // replaces
	put("globex", "a", "CN=Globex")

	list, err := s.Certificates(t.Context(), "acme", "", 10)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, []string{"a", "b"}, []string{list[0].Name, list[1].Name})
	require.Equal(t, "CN=A", list[0].Subject)
	require.True(t, list[0].NotAfter.Equal(now.Add(time.Hour)))
	page, err := s.Certificates(t.Context(), "acme", "a", 10)
	require.NoError(t, err)
	require.Len(t, page, 1)

	c, err := s.Certificate(t.Context(), "globex", "a")
	require.NoError(t, err)
	require.Equal(t, "sealed globexa", string(c.Sealed))
	_, err = postgres.NewQueue(pool).Certificate(t.Context(), "globex", "b")
	requireCode(t, paprika.CodeNotFound, err, "acme's b is not globex's")

	requireCode(t, paprika.CodeNotFound, s.DeleteCertificate(t.Context(), "globex", "b"))
	require.NoError(t, s.DeleteCertificate(t.Context(), "acme", "b"))

	require.NoError(t, s.DeleteTenant(t.Context(), "acme"))
	_, err = s.Certificate(t.Context(), "acme", "a")
	requireCode(t, paprika.CodeNotFound, err, "a deleted tenant's certificate signs nothing")
	require.NoError(t, s.SweepRows(t.Context()))
	var left int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM certificates WHERE tenant_id = 'acme'`).Scan(&left))
	require.Zero(t, left, "the sweeper purges a deleted tenant's certificates")
	one, err := s.AnyCertificate(t.Context())
	require.NoError(t, err)
	require.Equal(t, "globex", one.TenantID)
	require.NotEmpty(t, one.Sealed)
}
