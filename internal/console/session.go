package console

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"time"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/paprika"
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

// Sessions is what the console keeps in the database: its sessions and
// the playground's previews (*postgres.Store, statements of
// internal/postgres/sql/console.sql). A session is found by the hash of its
// cookie's value, never the value.
type Sessions interface {
	// CreateConsoleSession deletes the sessions idle past idle, then stores
	// one; tenantID and keyID are "" for the admin, adminTokenHash nil for
	// a key.
	CreateConsoleSession(ctx context.Context, tokenHash []byte, csrf, tenantID, keyID, keyName string, scopes []string, adminTokenHash []byte, idle time.Duration) error
	// ConsoleSession returns the session seen within idle and marks it
	// seen; none is paprika.NotFound.
	ConsoleSession(ctx context.Context, tokenHash []byte, idle time.Duration) (csrf, tenantID, keyID, keyName string, scopes []string, adminTokenHash []byte, err error)
	EndConsoleSession(ctx context.Context, tokenHash []byte) error
	// SaveConsolePreview keeps a preview for the session, and only its
	// newest keep.
	SaveConsolePreview(ctx context.Context, id string, tokenHash []byte, contentType string, body []byte, keep int) error
	ConsolePreview(ctx context.Context, id string, tokenHash []byte) (contentType string, body []byte, ok bool, err error)
	// TakeConsolePreview returns a kept item and deletes it (shown once).
	TakeConsolePreview(ctx context.Context, id string, tokenHash []byte) (contentType string, body []byte, ok bool, err error)
}

// sessions are the console's sessions and previews, kept in db.
type sessions struct {
	db Sessions
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
	token := randomString(32)
	var keyID, tenantID string
	var adminHash []byte
	if id.Admin {
		adminHash = id.AdminTokenHash[:]
	} else {
		keyID, tenantID = id.KeyID, id.TenantID
	}
	scopes := id.Scopes
	if scopes == nil {
		scopes = []string{}
	}
	err := q.db.CreateConsoleSession(ctx, hashToken(token), randomString(32), tenantID, keyID, id.KeyName, scopes, adminHash, IdleExpiry)
	return token, err
}

// get returns the live session of a cookie's value and marks it seen, or
// nil when there is none (unknown, ended or idle too long).
func (q *sessions) get(ctx context.Context, token string) (*session, error) {
	s := &session{tokenHash: hashToken(token)}
	var err error
	s.CSRF, s.TenantID, s.KeyID, s.KeyName, s.Scopes, s.adminHash, err = q.db.ConsoleSession(ctx, s.tokenHash, IdleExpiry)
	if paprika.ErrorCode(err) == paprika.CodeNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// end deletes a session (sign-out, or its key found revoked).
func (q *sessions) end(ctx context.Context, s *session) error {
	return q.db.EndConsoleSession(ctx, s.tokenHash)
}

// previewsKept is how many previews a session keeps: the one shown, and the
// ones still loading in its frame.
const previewsKept = 4

// savePreview keeps a rendered preview for the session and returns its id.
func (q *sessions) savePreview(ctx context.Context, s *session, contentType string, body []byte) (string, error) {
	id := randomString(16)
	return id, q.db.SaveConsolePreview(ctx, id, s.tokenHash, contentType, body, previewsKept)
}

// preview returns one of the session's previews, or ok false.
func (q *sessions) preview(ctx context.Context, s *session, id string) (contentType string, body []byte, ok bool, err error) {
	return q.db.ConsolePreview(ctx, id, s.tokenHash)
}
