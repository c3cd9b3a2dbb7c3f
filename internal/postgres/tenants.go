package postgres

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Store runs Paprika's queries on a pool.
type Store struct {
	Pool *pgxpool.Pool
	// Now, when set, is the clock the per-minute rate limits count by
	// (CountRequest), so that a test sets the minute instead of waiting for
	// the next one. Nil, as in production, is PostgreSQL's now(): the one
	// clock every api process counts alike by.
	Now func() time.Time
}

func scanTenant(row pgx.Row) (*paprika.Tenant, error) {
	var t paprika.Tenant
	err := row.Scan(&t.ID, &t.Name, &t.Tier, &t.RetentionDays, &t.CreatedAt, &t.SuspendedAt, &t.DeletedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("tenant")
	}
	return &t, err
}

// CreateTenant adds a tenant; an id taken (even by a deleted tenant) is a conflict.
func (s *Store) CreateTenant(ctx context.Context, t paprika.Tenant) (*paprika.Tenant, error) {
	row := s.Pool.QueryRow(ctx, sqlCreateTenant, t.ID, t.Name, t.Tier, t.RetentionDays, NewWebhookSecret())
	out, err := scanTenant(row)
	if isUniqueViolation(err) {
		return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: tenant %q exists", t.ID)
	}
	return out, err
}

// Tenant returns one tenant, deleted ones included.
func (s *Store) Tenant(ctx context.Context, id string) (*paprika.Tenant, error) {
	return scanTenant(s.Pool.QueryRow(ctx, sqlTenant, id))
}

// Tenants lists tenants in id order after the cursor.
func (s *Store) Tenants(ctx context.Context, after string, limit int) ([]paprika.Tenant, error) {
	rows, err := s.Pool.Query(ctx, sqlTenants, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanTenant)
}

// UpdateTenant applies a patch to a tenant that is not deleted.
func (s *Store) UpdateTenant(ctx context.Context, id string, p paprika.TenantPatch) (*paprika.Tenant, error) {
	row := s.Pool.QueryRow(ctx, sqlUpdateTenant, id, p.Name, p.Tier != nil, deref(p.Tier), p.RetentionDays, p.Suspended)
	return scanTenant(row)
}

// DeleteTenant marks a tenant deleted, revokes its keys and cancels its
// queued work, in one transaction. Its data is left to the retention sweeper.
func (s *Store) DeleteTenant(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, sqlDeleteTenant, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return paprika.NotFound("tenant")
		}
		if _, err := tx.Exec(ctx, sqlRevokeTenantKeys, id); err != nil {
			return err
		}
		return cancelTenantQueued(ctx, tx, id)
	})
}

// NewSecret returns a new key secret and its hash.
func NewSecret() (secret string, hash []byte) {
	secret = "pk_" + randomToken(32)
	return secret, HashSecret(secret)
}

// HashSecret is how secrets are stored and looked up.
func HashSecret(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

func scanKey(row pgx.Row) (*paprika.Key, error) {
	var k paprika.Key
	err := row.Scan(&k.ID, &k.TenantID, &k.Name, &k.Scopes, &k.Tier, &k.Prefix, &k.CreatedAt, &k.RevokedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("key")
	}
	return &k, err
}

// CreateKey adds a key to a live tenant and returns it with its secret.
func (s *Store) CreateKey(ctx context.Context, k paprika.Key) (*paprika.Key, error) {
	secret, hash := NewSecret()
	row := s.Pool.QueryRow(ctx, sqlCreateKey,
		"key_"+randomToken(16), k.TenantID, k.Name, k.Scopes, k.Tier, secret[:11], hash)
	out, err := scanKey(row)
	if err != nil {
		if paprika.ErrorCode(err) == paprika.CodeNotFound {
			return nil, paprika.NotFound("tenant")
		}
		return nil, err
	}
	out.Secret = secret
	return out, nil
}

// Keys lists a tenant's keys in creation order after the cursor (a key id).
func (s *Store) Keys(ctx context.Context, tenantID, after string, limit int) ([]paprika.Key, error) {
	rows, err := s.Pool.Query(ctx, sqlKeys, tenantID, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanKey)
}

// RevokeKey revokes a key at once.
func (s *Store) RevokeKey(ctx context.Context, tenantID, keyID string) error {
	tag, err := s.Pool.Exec(ctx, sqlRevokeKey, tenantID, keyID)
	if err == nil && tag.RowsAffected() == 0 {
		return paprika.NotFound("key")
	}
	return err
}

// Authenticate resolves a key secret to its key and tenant. A revoked or
// unknown key, or one of a deleted tenant, is unauthorized.
func (s *Store) Authenticate(ctx context.Context, secret string) (*paprika.Principal, error) {
	return s.authenticate(ctx, sqlAuthenticateSecret, HashSecret(secret))
}

// AuthenticateKey resolves a key id to its key and tenant, with the same
// checks as Authenticate: the console's sessions hold a key's id, never its
// secret, and are let in by the key's state at every request.
func (s *Store) AuthenticateKey(ctx context.Context, keyID string) (*paprika.Principal, error) {
	return s.authenticate(ctx, sqlAuthenticateKey, keyID)
}

func (s *Store) authenticate(ctx context.Context, sql string, arg any) (*paprika.Principal, error) {
	var p paprika.Principal
	k, t := &p.Key, &p.Tenant
	err := s.Pool.QueryRow(ctx, sql, arg).Scan(
		&k.ID, &k.TenantID, &k.Name, &k.Scopes, &k.Tier, &k.Prefix, &k.CreatedAt, &k.RevokedAt,
		&t.ID, &t.Name, &t.Tier, &t.RetentionDays, &t.CreatedAt, &t.SuspendedAt, &t.DeletedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.Errorf(paprika.CodeUnauthorized, "Unauthorized: unknown or revoked key")
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// inTx runs fn in a transaction; a canceled ctx cannot leave it open, since
// the rollback runs without the caller's cancellation.
func (s *Store) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // after Commit it is a no-op
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// randomToken returns n random bytes as lower-case base32.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err)) // never fails on Linux
	}
	return strings.ToLower(tokenEncoding.EncodeToString(b))
}

// collect reads every row with one of the scan functions, which return
// pointers so that QueryRow callers can use them too.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (*T, error)) ([]T, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) {
		v, err := scan(r)
		if err != nil {
			var zero T
			return zero, err
		}
		return *v, nil
	})
}

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
