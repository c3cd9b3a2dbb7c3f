package postgres_test

import (
	"context"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
)

// finishedJobs queues n jobs of tenant (with webhookUrl when hook is set)
// and marks them done, returning their ids.
func finishedJobs(t testing.TB, s *postgres.Store, tenant string, n int, hook string) []uuid.UUID {
	t.Helper()
	ids := make([]uuid.UUID, n)
	for i := range ids {
		j := &paprika.Job{TenantID: tenant, KeyID: "k", Source: paprika.Source{Template: "x", Format: "html", Options: json.RawMessage(`{}`)},
			Data: json.RawMessage(`{}`), WebhookURL: hook}
		require.NoError(t, s.CreateJob(context.Background(), j))
		ids[i] = j.ID
	}
	_, err := s.Pool.Exec(context.Background(), `UPDATE jobs SET status = 'done', finished_at = now() WHERE id = ANY($1)`, ids)
	require.NoError(t, err)
	return ids
}

func enqueue(t testing.TB, pool *pgxpool.Pool, jobs, batches []uuid.UUID) {
	t.Helper()
	require.NoError(t, pgx.BeginFunc(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), postgres.Statement("enqueue-webhooks"), jobs, batches)
		return err
	}))
}

// TestEnqueueWebhooks: one event per finished job with a webhookUrl,
// however often and with whatever other ids the statement runs.
func TestEnqueueWebhooks(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	createTenant(t, s, "acme")
	hooked := finishedJobs(t, s, "acme", 2, "https://example.com/hook")
	plain := finishedJobs(t, s, "acme", 1, "")
	queued := &paprika.Job{TenantID: "acme", KeyID: "k", Source: paprika.Source{Template: "x", Format: "html", Options: json.RawMessage(`{}`)},
		Data: json.RawMessage(`{}`), WebhookURL: "https://example.com/hook"}
	require.NoError(t, s.CreateJob(t.Context(), queued))
	all := append(append(append([]uuid.UUID{}, hooked...), plain...), queued.ID, uuid.Nil)
	enqueue(t, pool, all, []uuid.UUID{uuid.Nil})
	enqueue(t, pool, all, nil)
	enqueue(t, pool, nil, nil)
	var n int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM webhook_events`).Scan(&n))
	require.Equal(t, 2, n)
	for _, id := range hooked {
		ev, attempts, err := s.Deliveries(t.Context(), "acme", "job", id)
		require.NoError(t, err)
		require.Equal(t, "job.finished", ev.Type)
		require.Equal(t, paprika.WebhookPending, ev.Status)
		require.Empty(t, attempts)
	}
	ev, _, err := s.Deliveries(t.Context(), "acme", "job", queued.ID)
	require.NoError(t, err)
	require.Nil(t, ev, "queued work has no event yet")
	createTenant(t, s, "globex")
	_, _, err = s.Deliveries(t.Context(), "globex", "job", hooked[0])
	requireCode(t, "not-found", err)
}

// TestNextWebhookDue: nothing pending says so (an idle deliverer then
// sleeps its poll), an event due says zero, one later says how long.
func TestNextWebhookDue(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	createTenant(t, s, "acme")
	_, ok, err := s.NextWebhookDue(t.Context())
	require.NoError(t, err)
	require.False(t, ok, "no event pending")

	enqueue(t, pool, finishedJobs(t, s, "acme", 1, "https://example.com/hook"), nil)
	due, ok, err := s.NextWebhookDue(t.Context())
	require.NoError(t, err)
	require.True(t, ok)
	require.Zero(t, due)

	_, err = pool.Exec(t.Context(), `UPDATE webhook_events SET next_at = now() + interval '1 hour'`)
	require.NoError(t, err)
	due, ok, err = s.NextWebhookDue(t.Context())
	require.NoError(t, err)
	require.True(t, ok)
	require.InDelta(t, time.Hour.Seconds(), due.Seconds(), 60)
}

// TestWebhookSecrets: secrets are whsec_ and 32 bytes, rotations keep the
// last 10 replaced ones signing, and a tenant made before webhooks keeps
// its secret's bytes.
func TestWebhookSecrets(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	createTenant(t, s, "acme")
	ws, err := s.WebhookSecrets(t.Context(), "acme")
	require.NoError(t, err)
	first := ws.Secret
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(first, "whsec_"))
	require.NoError(t, err)
	require.Len(t, key, 32)
	var seen []string
	for range 12 {
		ws, err = s.RotateWebhookSecret(t.Context(), "acme")
		require.NoError(t, err)
		seen = append(seen, ws.Secret)
	}
	require.Len(t, ws.Previous, 10)
	require.Equal(t, seen[10], ws.Previous[0].Secret, "newest first")
	signing, err := s.SigningSecrets(t.Context(), "acme")
	require.NoError(t, err)
	require.Len(t, signing, 11)
	require.Equal(t, seen[11], signing[0])
	require.NotContains(t, signing, first, "the oldest stopped signing early")

	// A secret stored in the key alphabet (tenants made before webhooks).
	raw := make([]byte, 32)
	raw[0], raw[31] = 7, 9
	legacy := strings.ToLower(base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding).EncodeToString(raw))
	_, err = pool.Exec(t.Context(), `INSERT INTO tenants (id, name, webhook_secret) VALUES ('old', 'Old', $1)`, legacy)
	require.NoError(t, err)
	ws, err = s.WebhookSecrets(t.Context(), "old")
	require.NoError(t, err)
	require.Equal(t, "whsec_"+base64.StdEncoding.EncodeToString(raw), ws.Secret)
	ws, err = s.RotateWebhookSecret(t.Context(), "old")
	require.NoError(t, err)
	require.Equal(t, "whsec_"+base64.StdEncoding.EncodeToString(raw), ws.Previous[0].Secret)

	_, err = s.RotateWebhookSecret(t.Context(), "nobody")
	requireCode(t, "not-found", err)
}

// BenchmarkEnqueueWebhooks is what the outbox adds to a completion flush
// of 64 jobs: each iteration finishes 64 jobs of its own in a transaction
// (an UPDATE, as completeJobs does) and runs EnqueueWebhooks for them; none
// of them with a webhookUrl (the common case), or all of them. "baseline"
// is the transaction without EnqueueWebhooks, to subtract.
func BenchmarkEnqueueWebhooks(b *testing.B) {
	pool, _ := pgtest.NewPool(b)
	s := &postgres.Store{Pool: pool}
	_, err := s.CreateTenant(b.Context(), paprika.Tenant{ID: "acme", Name: "Acme", RetentionDays: 30})
	require.NoError(b, err)
	run := func(b *testing.B, hook string) {
		proto := finishedJobs(b, s, "acme", 1, hook)[0]
		rows, err := pool.Query(b.Context(), `
			INSERT INTO jobs (id, tenant_id, lane_id, key_id, status, format, data, options, webhook_url, created_at, finished_at)
			SELECT gen_random_uuid(), tenant_id, lane_id, key_id, 'done', format, data, options, webhook_url, created_at, now()
			FROM jobs, generate_series(1, $2) WHERE id = $1 RETURNING id`, proto, b.N*64)
		require.NoError(b, err)
		ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		require.NoError(b, err)
		_, err = pool.Exec(b.Context(), `ANALYZE jobs`)
		require.NoError(b, err)
		b.ResetTimer()
		for i := range b.N {
			tx, err := pool.Begin(b.Context())
			require.NoError(b, err)
			_, err = tx.Exec(b.Context(), `UPDATE jobs SET finished_at = now() WHERE id = ANY($1)`, ids[i*64:(i+1)*64])
			require.NoError(b, err)
			if hook != "-" {
				_, err = tx.Exec(b.Context(), postgres.Statement("enqueue-webhooks"), ids[i*64:(i+1)*64], []uuid.UUID(nil))
				require.NoError(b, err)
			}
			require.NoError(b, tx.Commit(b.Context()))
		}
	}
	b.Run("baseline", func(b *testing.B) { run(b, "-") })
	b.Run("none", func(b *testing.B) { run(b, "") })
	b.Run("all", func(b *testing.B) { run(b, "https://example.com/hook") })
}
