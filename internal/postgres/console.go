package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The web console's sessions and previews (internal/console.Sessions,
// statements of sql/console.sql; the tables are migration 00004's).

// CreateConsoleSession deletes the sessions idle past idle, then stores a
// new one: tokenHash is the hash of its cookie's value; tenantID and keyID
// are "" for the admin, adminTokenHash nil for a key.
func (s *Store) CreateConsoleSession(ctx context.Context, tokenHash []byte, csrf, tenantID, keyID, keyName string, scopes []string, adminTokenHash []byte, idle time.Duration) error {
	if _, err := s.Pool.Exec(ctx, sqlDeleteIdleSessions, idle); err != nil {
		return err
	}
	_, err := s.Pool.Exec(ctx, sqlInsertSession, tokenHash, csrf, tenantID, keyID, keyName, scopes, adminTokenHash)
	return err
}

// ConsoleSession returns the session of tokenHash seen within idle and marks
// it seen; none is paprika.NotFound.
func (s *Store) ConsoleSession(ctx context.Context, tokenHash []byte, idle time.Duration) (csrf, tenantID, keyID, keyName string, scopes []string, adminTokenHash []byte, err error) {
	err = s.Pool.QueryRow(ctx, sqlTouchSession, tokenHash, idle).Scan(&csrf, &tenantID, &keyID, &keyName, &scopes, &adminTokenHash)
	if errors.Is(err, pgx.ErrNoRows) {
		err = paprika.NotFound("session")
	}
	return csrf, tenantID, keyID, keyName, scopes, adminTokenHash, err
}

// EndConsoleSession deletes a session and its previews.
func (s *Store) EndConsoleSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.Pool.Exec(ctx, sqlDeleteSession, tokenHash)
	return err
}

// SaveConsolePreview keeps preview id for a session and drops the
// session's older ones past the newest keep.
func (s *Store) SaveConsolePreview(ctx context.Context, id string, tokenHash []byte, contentType string, body []byte, keep int) error {
	_, err := s.Pool.Exec(ctx, sqlSavePreview, id, tokenHash, contentType, body, keep-1)
	return err
}

// ConsolePreview returns one of a session's previews, or ok false.
func (s *Store) ConsolePreview(ctx context.Context, id string, tokenHash []byte) (contentType string, body []byte, ok bool, err error) {
	err = s.Pool.QueryRow(ctx, sqlPreview, id, tokenHash).Scan(&contentType, &body)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil, false, nil
	}
	return contentType, body, err == nil, err
}

// sqlTakePreview is console.sql's take-preview.
var sqlTakePreview = Statement("take-preview")

// TakeConsolePreview returns one of a session's kept items and deletes it,
// so that it is shown once; ok is false when there is none.
func (s *Store) TakeConsolePreview(ctx context.Context, id string, tokenHash []byte) (contentType string, body []byte, ok bool, err error) {
	err = s.Pool.QueryRow(ctx, sqlTakePreview, id, tokenHash).Scan(&contentType, &body)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil, false, nil
	}
	return contentType, body, err == nil, err
}
