package console

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/api"
)

// IdleExpiry is how long a session lives without a request (docs/console.md, Signing in).
const IdleExpiry = 12 * time.Hour

// session is a signed-in browser: a row of console_sessions.
type session struct {
	tokenHash []byte
	CSRF      string
	TenantID  string   // "" for the admin
	KeyID     string   // "" for the admin
	KeyName   string   // the key's name, for the header
	Scopes    []string // the key's scopes, to show only what it may do
	adminHash []byte
}

// Admin tells an admin session from a tenant's.
func (s *session) Admin() bool { return s.KeyID == "" }

// Can tells whether the key holds one of scopes (the API decides; this only
// hides what would be refused).
func (s *session) Can(scopes ...string) bool {
	for _, want := range scopes {
		for _, have := range s.Scopes {
			if want == have {
				return true
			}
		}
	}
	return false
}

// caller is who the session's API calls act for.
func (s *session) caller() api.Caller {
	c := api.Caller{KeyID: s.KeyID}
	copy(c.AdminTokenHash[:], s.adminHash)
	return c
}

// sessions holds the queries of console_sessions and console_previews.
type sessions struct {
	pool *pgxpool.Pool
}

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails on Linux
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// create starts a session for id and returns the cookie's value. Sessions
// past their idle expiry are deleted on the way.
func (q *sessions) create(ctx context.Context, id *api.Identity) (string, error) {
	if _, err := q.pool.Exec(ctx, `DELETE FROM console_sessions WHERE seen_at < now() - $1::interval`, IdleExpiry); err != nil {
		return "", err
	}
	token := randomString(32)
	var keyID, tenantID, adminHash any
	if id.Admin {
		adminHash = id.AdminTokenHash[:]
	} else {
		keyID, tenantID = id.KeyID, id.TenantID
	}
	scopes := id.Scopes
	if scopes == nil {
		scopes = []string{}
	}
	_, err := q.pool.Exec(ctx, `
		INSERT INTO console_sessions (token_hash, csrf_token, tenant_id, key_id, key_name, scopes, admin_token_hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		hashToken(token), randomString(32), tenantID, keyID, id.KeyName, scopes, adminHash)
	return token, err
}

// get returns the live session of a cookie's value and marks it seen, or
// nil when there is none (unknown, ended or idle too long).
func (q *sessions) get(ctx context.Context, token string) (*session, error) {
	s := &session{tokenHash: hashToken(token)}
	var tenantID, keyID *string
	err := q.pool.QueryRow(ctx, `
		UPDATE console_sessions SET seen_at = now()
		WHERE token_hash = $1 AND seen_at >= now() - $2::interval
		RETURNING csrf_token, tenant_id, key_id, key_name, scopes, admin_token_hash`,
		s.tokenHash, IdleExpiry).Scan(&s.CSRF, &tenantID, &keyID, &s.KeyName, &s.Scopes, &s.adminHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if tenantID != nil {
		s.TenantID = *tenantID
	}
	if keyID != nil {
		s.KeyID = *keyID
	}
	return s, nil
}

// end deletes a session (sign-out, or its key found revoked).
func (q *sessions) end(ctx context.Context, s *session) error {
	_, err := q.pool.Exec(ctx, `DELETE FROM console_sessions WHERE token_hash = $1`, s.tokenHash)
	return err
}

// previewsKept is how many previews a session keeps: the one shown, and the
// ones still loading in its frame.
const previewsKept = 4

// savePreview keeps a rendered preview for the session and returns its id.
func (q *sessions) savePreview(ctx context.Context, s *session, contentType string, body []byte) (string, error) {
	id := randomString(16)
	_, err := q.pool.Exec(ctx, `
		WITH added AS (
			INSERT INTO console_previews (id, token_hash, content_type, body) VALUES ($1, $2, $3, $4)
		)
		DELETE FROM console_previews WHERE token_hash = $2 AND id IN (
			SELECT id FROM console_previews WHERE token_hash = $2 ORDER BY created_at DESC OFFSET $5)`,
		id, s.tokenHash, contentType, body, previewsKept-1)
	return id, err
}

// preview returns one of the session's previews, or ok false.
func (q *sessions) preview(ctx context.Context, s *session, id string) (contentType string, body []byte, ok bool, err error) {
	err = q.pool.QueryRow(ctx, `SELECT content_type, body FROM console_previews WHERE id = $1 AND token_hash = $2`,
		id, s.tokenHash).Scan(&contentType, &body)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil, false, nil
	}
	return contentType, body, err == nil, err
}
