package postgres_test

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// newStore returns a store on a fresh database, and its pool for checks
// the store has no query for.
func newStore(t *testing.T) (*postgres.Store, *pgxpool.Pool) {
	t.Helper()
	pool, _ := pgtest.NewPool(t)
	return &postgres.Store{Pool: pool}, pool
}

func requireCode(t *testing.T, code string, err error, msgAndArgs ...any) {
	t.Helper()
	require.Error(t, err, msgAndArgs...)
	require.Equal(t, code, paprika.ErrorCode(err), "error: %v %s", err, fmt.Sprint(msgAndArgs...))
}

func createTenant(t *testing.T, s *postgres.Store, id string) *paprika.Tenant {
	t.Helper()
	tn, err := s.CreateTenant(t.Context(), paprika.Tenant{ID: id, Name: "Tenant " + id, RetentionDays: 30})
	require.NoError(t, err)
	return tn
}

func createKey(t *testing.T, s *postgres.Store, tenantID string, scopes ...string) *paprika.Key {
	t.Helper()
	k, err := s.CreateKey(t.Context(), paprika.Key{TenantID: tenantID, Name: "key", Scopes: scopes})
	require.NoError(t, err)
	return k
}

func TestCreateTenant(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	before := time.Now()

	tn, err := s.CreateTenant(ctx, paprika.Tenant{ID: "fabrikam", Name: "Fabrikam", Tier: "priority", RetentionDays: 90})
	require.NoError(t, err)
	require.Equal(t, "fabrikam", tn.ID)
	require.Equal(t, "Fabrikam", tn.Name)
	require.Equal(t, "priority", tn.Tier)
	require.Equal(t, 90, tn.RetentionDays)
	require.WithinDuration(t, before, tn.CreatedAt, time.Minute)
	require.Nil(t, tn.SuspendedAt)
	require.Nil(t, tn.DeletedAt)

	got, err := s.Tenant(ctx, "fabrikam")
	require.NoError(t, err)
	require.Equal(t, tn, got)

	plain, err := s.CreateTenant(ctx, paprika.Tenant{ID: "contoso", Name: "Contoso", RetentionDays: 30})
	require.NoError(t, err)
	require.Empty(t, plain.Tier, "no tier is the default")

	_, err = s.CreateTenant(ctx, paprika.Tenant{ID: "fabrikam", Name: "Again", RetentionDays: 30})
	requireCode(t, paprika.CodeConflict, err)
	require.NoError(t, s.DeleteTenant(ctx, "fabrikam"))
	_, err = s.CreateTenant(ctx, paprika.Tenant{ID: "fabrikam", Name: "Again", RetentionDays: 30})
	requireCode(t, paprika.CodeConflict, err, "an id stays taken after its tenant is deleted")

	_, err = s.Tenant(ctx, "nope")
	requireCode(t, paprika.CodeNotFound, err)
}

func TestTenants(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	for _, id := range []string{"c", "a", "d", "b"} {
		createTenant(t, s, id)
	}
	ids := func(after string, limit int) []string {
		t.Helper()
		rows, err := s.Tenants(t.Context(), after, limit)
		require.NoError(t, err)
		var out []string
		for _, r := range rows {
			out = append(out, r.ID)
		}
		return out
	}
	require.Equal(t, []string{"a", "b", "c", "d"}, ids("", 10))
	require.Equal(t, []string{"a", "b"}, ids("", 2))
	require.Equal(t, []string{"c", "d"}, ids("b", 10))
	require.Empty(t, ids("d", 10))
}

func TestUpdateTenant(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	orig := createTenant(t, s, "acme")
	str := func(v string) *string { return &v }
	yes, no, days := true, false, 7

	tn, err := s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Name: str("Acme"), Tier: str("priority")})
	require.NoError(t, err)
	require.Equal(t, "Acme", tn.Name)
	require.Equal(t, "priority", tn.Tier)
	require.Equal(t, 30, tn.RetentionDays)
	require.Equal(t, orig.CreatedAt, tn.CreatedAt)

	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{RetentionDays: &days})
	require.NoError(t, err)
	require.Equal(t, "priority", tn.Tier, "a nil field is left as it is")
	require.Equal(t, "Acme", tn.Name)
	require.Equal(t, 7, tn.RetentionDays)

	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Tier: str("")})
	require.NoError(t, err)
	require.Empty(t, tn.Tier, `"" is back to the default`)
	var tier *string
	require.NoError(t, s.Pool.QueryRow(ctx, `SELECT tier FROM tenants WHERE id = 'acme'`).Scan(&tier))
	require.Nil(t, tier, "the default is stored as NULL")

	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Suspended: &yes})
	require.NoError(t, err)
	require.NotNil(t, tn.SuspendedAt)
	first := *tn.SuspendedAt
	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Suspended: &yes})
	require.NoError(t, err)
	require.Equal(t, first, *tn.SuspendedAt, "suspending again keeps the first time")
	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Name: str("Acme Inc")})
	require.NoError(t, err)
	require.NotNil(t, tn.SuspendedAt)
	tn, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Suspended: &no})
	require.NoError(t, err)
	require.Nil(t, tn.SuspendedAt)

	_, err = s.UpdateTenant(ctx, "nope", paprika.TenantPatch{Name: str("X")})
	requireCode(t, paprika.CodeNotFound, err)
	require.NoError(t, s.DeleteTenant(ctx, "acme"))
	_, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Name: str("X")})
	requireCode(t, paprika.CodeNotFound, err, "a deleted tenant cannot be changed")
	tn, err = s.Tenant(ctx, "acme")
	require.NoError(t, err)
	require.Equal(t, "Acme Inc", tn.Name)
	require.NotNil(t, tn.DeletedAt)
}

func TestDeleteTenantRevokesKeys(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	createTenant(t, s, "acme")
	createTenant(t, s, "other")
	k1 := createKey(t, s, "acme", "render")
	k2 := createKey(t, s, "acme", "read")
	old := createKey(t, s, "acme", "read")
	otherKey := createKey(t, s, "other", "render")
	require.NoError(t, s.RevokeKey(ctx, "acme", old.ID))
	keys, err := s.Keys(ctx, "acme", "", 10)
	require.NoError(t, err)
	oldRevokedAt := *keys[2].RevokedAt

	require.NoError(t, s.DeleteTenant(ctx, "acme"))
	tn, err := s.Tenant(ctx, "acme")
	require.NoError(t, err)
	require.NotNil(t, tn.DeletedAt)
	for _, k := range []*paprika.Key{k1, k2, old} {
		_, err := s.Authenticate(ctx, k.Secret)
		requireCode(t, paprika.CodeUnauthorized, err)
	}
	keys, err = s.Keys(ctx, "acme", "", 10)
	require.NoError(t, err)
	require.Len(t, keys, 3)
	for _, k := range keys {
		require.NotNil(t, k.RevokedAt, k.ID)
	}
	require.Equal(t, oldRevokedAt, *keys[2].RevokedAt, "a key revoked earlier keeps its time")

	p, err := s.Authenticate(ctx, otherKey.Secret)
	require.NoError(t, err, "another tenant's keys are untouched")
	require.Equal(t, "other", p.Tenant.ID)

	requireCode(t, paprika.CodeNotFound, s.DeleteTenant(ctx, "acme"))
	requireCode(t, paprika.CodeNotFound, s.DeleteTenant(ctx, "nope"))
	_, err = s.CreateKey(ctx, paprika.Key{TenantID: "acme", Name: "late", Scopes: []string{"render"}})
	requireCode(t, paprika.CodeNotFound, err)
}

// Deleting a tenant cancels its queued jobs and batch records, and leaves
// what is running and other tenants' work alone.
func TestDeleteTenantCancelsQueuedWork(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	ctx := t.Context()
	createTenant(t, s, "acme")
	createTenant(t, s, "other")
	exec := func(sql string, args ...any) {
		t.Helper()
		_, err := pool.Exec(ctx, sql, args...)
		require.NoError(t, err)
	}
	var lane, otherLane int64
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, queued_jobs, queued_records, waiting_since) VALUES ('acme', 1, 3, now()) RETURNING id`).Scan(&lane))
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO lanes (tenant_id, queued_jobs, waiting_since) VALUES ('other', 1, now()) RETURNING id`).Scan(&otherLane))
	job := func(id, tenant string, lane int64, status string) {
		t.Helper()
		exec(`INSERT INTO jobs (id, tenant_id, lane_id, key_id, status, format, data, options, created_at)
			VALUES ($1, $2, $3, 'key_x', $4, 'pdf', '{}', '{}', now())`, id, tenant, lane, status)
	}
	job("00000000-0000-0000-0000-000000000001", "acme", lane, "queued")
	job("00000000-0000-0000-0000-000000000002", "acme", lane, "running")
	job("00000000-0000-0000-0000-000000000003", "acme", lane, "done")
	job("00000000-0000-0000-0000-000000000004", "other", otherLane, "queued")
	batch := func(id string, queued, running, done int, records ...string) {
		t.Helper()
		exec(`INSERT INTO batches (id, tenant_id, lane_id, key_id, status, format, options, total, queued, running, done, created_at)
			VALUES ($1, 'acme', $2, 'key_x', 'running', 'pdf', '{}', $3, $4, $5, $6, now())`, id, lane, len(records), queued, running, done)
		for i, st := range records {
			exec(`INSERT INTO batch_records (batch_id, idx, status, data) VALUES ($1, $2, $3, '{}')`, id, i, st)
		}
	}
	// A: one done, two queued: all settled, so canceled. B: one running,
	// one queued: its running record still has to finish.
	const batchA, batchB = "00000000-0000-0000-0000-00000000000a", "00000000-0000-0000-0000-00000000000b"
	batch(batchA, 2, 0, 1, "done", "queued", "queued")
	batch(batchB, 1, 1, 0, "running", "queued")

	require.NoError(t, s.DeleteTenant(ctx, "acme"))

	status := func(sql, id string) string {
		t.Helper()
		var st string
		require.NoError(t, pool.QueryRow(ctx, sql, id).Scan(&st))
		return st
	}
	jobStatus := func(id string) string { return status(`SELECT status FROM jobs WHERE id = $1`, id) }
	require.Equal(t, "canceled", jobStatus("00000000-0000-0000-0000-000000000001"))
	require.Equal(t, "running", jobStatus("00000000-0000-0000-0000-000000000002"))
	require.Equal(t, "done", jobStatus("00000000-0000-0000-0000-000000000003"))
	require.Equal(t, "queued", jobStatus("00000000-0000-0000-0000-000000000004"), "another tenant's work is not touched")

	type counts struct {
		Status                                 string
		Queued, Running, Done, Canceled, Total int
		Finished                               bool
	}
	batchCounts := func(id string) counts {
		t.Helper()
		var c counts
		require.NoError(t, pool.QueryRow(ctx, `SELECT status, queued, running, done, canceled, total, finished_at IS NOT NULL FROM batches WHERE id = $1`, id).
			Scan(&c.Status, &c.Queued, &c.Running, &c.Done, &c.Canceled, &c.Total, &c.Finished))
		return c
	}
	require.Equal(t, counts{Status: "canceled", Done: 1, Canceled: 2, Total: 3, Finished: true}, batchCounts(batchA))
	require.Equal(t, counts{Status: "running", Running: 1, Canceled: 1, Total: 2}, batchCounts(batchB))
	var canceledRecords int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM batch_records WHERE status = 'canceled'`).Scan(&canceledRecords))
	require.Equal(t, 3, canceledRecords)

	var qj, qr int64
	var waiting *time.Time
	require.NoError(t, pool.QueryRow(ctx, `SELECT queued_jobs, queued_records, waiting_since FROM lanes WHERE id = $1`, lane).Scan(&qj, &qr, &waiting))
	require.Zero(t, qj)
	require.Zero(t, qr)
	require.Nil(t, waiting)
	require.NoError(t, pool.QueryRow(ctx, `SELECT queued_jobs FROM lanes WHERE id = $1`, otherLane).Scan(&qj))
	require.EqualValues(t, 1, qj)
}

func TestCreateKey(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	ctx := t.Context()
	createTenant(t, s, "acme")

	k, err := s.CreateKey(ctx, paprika.Key{TenantID: "acme", Name: "urgent", Scopes: []string{"render", "read"}, Tier: "priority"})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(k.ID, "key_"), k.ID)
	require.Equal(t, "acme", k.TenantID)
	require.Equal(t, "urgent", k.Name)
	require.Equal(t, []string{"render", "read"}, k.Scopes)
	require.Equal(t, "priority", k.Tier)
	require.True(t, strings.HasPrefix(k.Secret, "pk_"), k.Secret)
	require.True(t, strings.HasPrefix(k.Secret, k.Prefix))
	require.Less(t, len(k.Prefix), len(k.Secret)/2, "the prefix gives little of the secret away")
	require.Nil(t, k.RevokedAt)

	var hash []byte
	var row string
	require.NoError(t, pool.QueryRow(ctx, `SELECT secret_hash, k::text FROM api_keys k WHERE id = $1`, k.ID).Scan(&hash, &row))
	want := sha256.Sum256([]byte(k.Secret))
	require.Equal(t, want[:], hash)
	require.Equal(t, postgres.HashSecret(k.Secret), hash)
	require.NotContains(t, row, k.Secret[len(k.Prefix):], "the secret is stored only hashed")

	listed, err := s.Keys(ctx, "acme", "", 10)
	require.NoError(t, err)
	require.Len(t, listed, 1)
	require.Empty(t, listed[0].Secret, "a listed key has no secret")
	k.Secret = ""
	require.Equal(t, *k, listed[0])

	_, err = s.CreateKey(ctx, paprika.Key{TenantID: "nope", Name: "k", Scopes: []string{"render"}})
	requireCode(t, paprika.CodeNotFound, err)
}

func TestKeysAndRevokeKey(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	createTenant(t, s, "a")
	createTenant(t, s, "b")
	var want []string
	for range 3 {
		want = append(want, createKey(t, s, "a", "read").ID)
	}
	keyB := createKey(t, s, "b", "read")
	ids := func(tenant, after string, limit int) []string {
		t.Helper()
		keys, err := s.Keys(ctx, tenant, after, limit)
		require.NoError(t, err)
		var out []string
		for _, k := range keys {
			require.Equal(t, tenant, k.TenantID)
			out = append(out, k.ID)
		}
		return out
	}
	require.Equal(t, want, ids("a", "", 10))
	require.Equal(t, want[:2], ids("a", "", 2))
	require.Equal(t, want[1:], ids("a", want[0], 10))
	require.Empty(t, ids("a", keyB.ID, 10), "another tenant's key is no cursor")
	require.Equal(t, []string{keyB.ID}, ids("b", "", 10))

	requireCode(t, paprika.CodeNotFound, s.RevokeKey(ctx, "a", keyB.ID))
	requireCode(t, paprika.CodeNotFound, s.RevokeKey(ctx, "a", "key_nope"))
	_, err := s.Authenticate(ctx, keyB.Secret)
	require.NoError(t, err, "revoking through another tenant changes nothing")

	require.NoError(t, s.RevokeKey(ctx, "a", want[0]))
	keys, err := s.Keys(ctx, "a", "", 1)
	require.NoError(t, err)
	first := *keys[0].RevokedAt
	require.NoError(t, s.RevokeKey(ctx, "a", want[0]), "revoking twice is no error")
	keys, err = s.Keys(ctx, "a", "", 1)
	require.NoError(t, err)
	require.Equal(t, first, *keys[0].RevokedAt, "and keeps the first time")
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	tn, err := s.CreateTenant(ctx, paprika.Tenant{ID: "acme", Name: "Acme", Tier: "priority", RetentionDays: 14})
	require.NoError(t, err)
	k, err := s.CreateKey(ctx, paprika.Key{TenantID: "acme", Name: "ci", Scopes: []string{"render", "templates"}, Tier: "standard"})
	require.NoError(t, err)
	other := createKey(t, s, "acme", "read")

	p, err := s.Authenticate(ctx, k.Secret)
	require.NoError(t, err)
	secret := k.Secret
	k.Secret = ""
	require.Equal(t, *k, p.Key)
	require.Equal(t, *tn, p.Tenant)

	p, err = s.Authenticate(ctx, other.Secret)
	require.NoError(t, err)
	require.Equal(t, other.ID, p.Key.ID)
	require.Empty(t, p.Key.Tier)

	for _, bad := range []string{"", "pk_nope", secret + "x", secret[:len(secret)-1], k.Prefix, strings.ToUpper(secret)} {
		_, err := s.Authenticate(ctx, bad)
		requireCode(t, paprika.CodeUnauthorized, err)
	}

	// A suspended tenant's key still authenticates: the API answers 403
	// for it, which needs the tenant.
	yes := true
	_, err = s.UpdateTenant(ctx, "acme", paprika.TenantPatch{Suspended: &yes})
	require.NoError(t, err)
	p, err = s.Authenticate(ctx, secret)
	require.NoError(t, err)
	require.NotNil(t, p.Tenant.SuspendedAt)

	require.NoError(t, s.RevokeKey(ctx, "acme", k.ID))
	_, err = s.Authenticate(ctx, secret)
	requireCode(t, paprika.CodeUnauthorized, err, "revoked at once")
	_, err = s.Authenticate(ctx, other.Secret)
	require.NoError(t, err)
}
