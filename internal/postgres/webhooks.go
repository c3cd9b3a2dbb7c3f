package postgres

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// enqueueWebhooks writes the webhook events (docs/webhooks.md) of the jobs and
// batches of ids that are finished and were submitted with a webhookUrl
// (statement enqueue-webhooks), in tx: every path that finishes work runs it
// in the transaction that finishes it.
func enqueueWebhooks(ctx context.Context, tx pgx.Tx, jobs, batches []uuid.UUID) error {
	_, err := tx.Exec(ctx, sqlEnqueueWebhooks, jobs, batches)
	return err
}

// enqueueTenantCanceled announces the jobs of a tenant that this
// transaction canceled (their finished_at is its now()).
func enqueueTenantCanceled(ctx context.Context, tx pgx.Tx, tenantID string) error {
	rows, err := tx.Query(ctx, sqlTenantCanceledJobs, tenantID)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil || len(ids) == 0 {
		return err
	}
	return enqueueWebhooks(ctx, tx, ids, nil)
}

func scanWebhookEvent(row pgx.Row) (*paprika.WebhookEvent, error) {
	var e paprika.WebhookEvent
	err := row.Scan(&e.ID, &e.TenantID, &e.Type, &e.JobID, &e.BatchID, &e.URL, &e.Status, &e.CreatedAt,
		&e.NextAt, &e.Attempts, &e.Body, &e.FinishedAt)
	return &e, err
}

// Deliveries returns the webhook event of one of a tenant's jobs or batches
// (what is "job" or "batch") and its attempts, oldest first. The event is nil
// when there is none (no webhookUrl, or not finished yet); work of another
// tenant is not found.
func (s *Store) Deliveries(ctx context.Context, tenantID, what string, id uuid.UUID) (*paprika.WebhookEvent, []paprika.WebhookAttempt, error) {
	q := sqlJobWebhookEvent
	if what == "batch" {
		q = sqlBatchWebhookEvent
	}
	var evID *string
	err := s.Pool.QueryRow(ctx, q, tenantID, id).Scan(&evID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, paprika.NotFound(what)
	}
	if err != nil || evID == nil {
		return nil, nil, err
	}
	ev, err := scanWebhookEvent(s.Pool.QueryRow(ctx, sqlWebhookEvent, *evID))
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.Pool.Query(ctx, sqlWebhookAttempts, ev.ID)
	if err != nil {
		return nil, nil, err
	}
	attempts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (paprika.WebhookAttempt, error) {
		var a paprika.WebhookAttempt
		return a, r.Scan(&a.Attempt, &a.At, &a.Status, &a.DurationMs, &a.Error)
	})
	return ev, attempts, err
}

// ListenWebhooks calls wake on every NOTIFY paprika_webhooks (sent by
// enqueue-webhooks when a transaction that wrote events commits), until ctx
// ends or the connection fails (the caller reconnects).
func (s *Store) ListenWebhooks(ctx context.Context, wake func()) error {
	return Listen(ctx, s.Pool, "paprika_webhooks", wake)
}

// ClaimWebhooks takes up to n due events for delivery, skipping those
// another deliverer holds, and moves each one's next attempt hold seconds
// away: a deliverer that dies mid-attempt leaves its event due again then.
// Each event's Attempts is the number of the attempt claimed.
//
// room bounds what one tenant may take: perTenant events, less what the
// tenant already has in flight here (room[tenant]), so that one tenant's
// hanging receivers cannot hold every attempt of a deliverer. The window
// function ranks a few candidates before the row locks, since it cannot
// sit under FOR UPDATE.
func (s *Store) ClaimWebhooks(ctx context.Context, n int, hold time.Duration, perTenant int, room map[string]int) ([]paprika.WebhookEvent, error) {
	tenants, rooms, full := make([]string, 0, len(room)), make([]int32, 0, len(room)), []string{}
	for t, r := range room {
		tenants, rooms = append(tenants, t), append(rooms, int32(r))
		if r <= 0 {
			full = append(full, t) // not even a candidate: others' events come first
		}
	}
	rows, err := s.Pool.Query(ctx, sqlClaimWebhooks, n, hold.Seconds(), perTenant, tenants, rooms, full)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanWebhookEvent)
}

// SetWebhookBody keeps body as the event's body unless one was kept before,
// and returns the one kept: every attempt sends the same bytes.
func (s *Store) SetWebhookBody(ctx context.Context, id string, body []byte) ([]byte, error) {
	var kept []byte
	err := s.Pool.QueryRow(ctx, sqlSetWebhookBody, id, body).Scan(&kept)
	return kept, err
}

// RecordWebhookAttempt logs attempt a of event id and moves the event on:
// delivered when ok, else pending again retry later, or failed when that
// would be past giveUp after the event was written. It returns the event's
// status after, or "" when the attempt was no longer the event's (it was
// claimed again after its hold ran out).
func (s *Store) RecordWebhookAttempt(ctx context.Context, id string, a paprika.WebhookAttempt, ok bool, retry, giveUp time.Duration) (string, error) {
	var status string
	err := s.Pool.QueryRow(ctx, sqlRecordWebhookAttempt,
		id, a.Attempt, a.At, a.Status, a.DurationMs, a.Error, ok, retry.Seconds(), giveUp.Seconds()).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return status, err
}

// NextWebhookDue says how long until the next pending event is due (zero
// when one is due now), and false when none is pending. (The zero is
// taken in Go: greatest(NULL, 0) is 0 in SQL, which made every idle
// deliverer poll 200 times a second.)
func (s *Store) NextWebhookDue(ctx context.Context) (time.Duration, bool, error) {
	var secs *float64
	err := s.Pool.QueryRow(ctx, sqlNextWebhookDue).Scan(&secs)
	if err != nil || secs == nil {
		return 0, false, err
	}
	return time.Duration(max(*secs, 0) * float64(time.Second)), true, nil
}

// maxOldSecrets bounds the replaced secrets that still sign: rotating again
// and again within a day adds no signature past this many.
const maxOldSecrets = 10

// NewWebhookSecret returns a signing secret: whsec_ and the base64 of 32
// random bytes (Standard Webhooks).
func NewWebhookSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

// webhookSecret reads a stored secret. Tenants made before webhooks were
// delivered hold 32 random bytes in the key alphabet: the same bytes, in
// the whsec_ form, are their secret.
func webhookSecret(stored string) string {
	if strings.HasPrefix(stored, "whsec_") {
		return stored
	}
	b, err := tokenEncoding.DecodeString(stored)
	if err != nil {
		return stored
	}
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

// WebhookSecrets returns a tenant's signing secrets, deleted tenants' too.
func (s *Store) WebhookSecrets(ctx context.Context, tenantID string) (*paprika.WebhookSecrets, error) {
	return s.webhookSecrets(ctx, s.Pool, tenantID)
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func (s *Store) webhookSecrets(ctx context.Context, q querier, tenantID string) (*paprika.WebhookSecrets, error) {
	var ws paprika.WebhookSecrets
	var old []string
	var expires []time.Time
	err := q.QueryRow(ctx, sqlWebhookSecrets, tenantID).Scan(&ws.Secret, &ws.RotatedAt, &old, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("tenant")
	}
	if err != nil {
		return nil, err
	}
	ws.Secret = webhookSecret(ws.Secret)
	for i := range old {
		ws.Previous = append(ws.Previous, paprika.OldWebhookSecret{Secret: old[i], ExpiresAt: expires[i]})
	}
	return &ws, nil
}

// SigningSecrets returns every secret that signs a tenant's events now: the
// current one first.
func (s *Store) SigningSecrets(ctx context.Context, tenantID string) ([]string, error) {
	ws, err := s.WebhookSecrets(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	out := []string{ws.Secret}
	for _, o := range ws.Previous {
		out = append(out, o.Secret)
	}
	return out, nil
}

// RotateWebhookSecret gives a tenant (not deleted) a new signing secret; the
// one it replaces keeps signing for paprika.WebhookSecretOverlap.
func (s *Store) RotateWebhookSecret(ctx context.Context, tenantID string) (*paprika.WebhookSecrets, error) {
	var out *paprika.WebhookSecrets
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var current string
		err := tx.QueryRow(ctx, sqlLockWebhookSecret, tenantID).Scan(&current)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.NotFound("tenant")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlKeepOldWebhookSecret,
			tenantID, webhookSecret(current), paprika.WebhookSecretOverlap.Seconds(), maxOldSecrets); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlSetWebhookSecret,
			tenantID, NewWebhookSecret()); err != nil {
			return err
		}
		out, err = s.webhookSecrets(ctx, tx, tenantID)
		return err
	})
	return out, err
}
