package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The statements of sql/certificates.sql, made once.
var (
	sqlPutCertificate    = Statement("put-certificate")
	sqlCertificates      = Statement("certificates")
	sqlCertificate       = Statement("certificate")
	sqlDeleteCertificate = Statement("delete-certificate")
	sqlAnyCertificate    = Statement("any-certificate")
	sqlSweepCertificates = Statement("sweep-certificates")
)

// scanCertificate reads a certificate's columns, and its sealed key when
// sealed is true.
func scanCertificate(row pgx.Row, sealed bool) (*paprika.Certificate, error) {
	var c paprika.Certificate
	dest := []any{&c.TenantID, &c.Name, &c.Subject, &c.Issuer, &c.NotBefore, &c.NotAfter, &c.CreatedAt}
	if sealed {
		dest = append(dest, &c.Sealed)
	}
	err := row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("certificate")
	}
	return &c, err
}

// PutCertificate stores a tenant's certificate, replacing one of the same
// name. The answer has no sealed key.
func (s *Store) PutCertificate(ctx context.Context, c paprika.Certificate) (*paprika.Certificate, error) {
	return scanCertificate(s.Pool.QueryRow(ctx, sqlPutCertificate,
		c.TenantID, c.Name, c.Subject, c.Issuer, c.NotBefore, c.NotAfter, c.Sealed), false)
}

// Certificates lists a tenant's certificates by name, without their keys.
func (s *Store) Certificates(ctx context.Context, tenantID, after string, limit int) ([]paprika.Certificate, error) {
	rows, err := s.Pool.Query(ctx, sqlCertificates, tenantID, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r pgx.Row) (*paprika.Certificate, error) { return scanCertificate(r, false) })
}

// Certificate returns a certificate with its sealed key, for a render.
func (s *Store) Certificate(ctx context.Context, tenantID, name string) (*paprika.Certificate, error) {
	return certificate(ctx, s.Pool, tenantID, name)
}

// Certificate returns a certificate with its sealed key, for a render.
func (q *Queue) Certificate(ctx context.Context, tenantID, name string) (*paprika.Certificate, error) {
	return certificate(ctx, q.pool, tenantID, name)
}

func certificate(ctx context.Context, db interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, tenantID, name string) (*paprika.Certificate, error) {
	return scanCertificate(db.QueryRow(ctx, sqlCertificate, tenantID, name), true)
}

// DeleteCertificate deletes a tenant's certificate; work that asks for it
// afterwards fails with template-error.
func (s *Store) DeleteCertificate(ctx context.Context, tenantID, name string) error {
	tag, err := s.Pool.Exec(ctx, sqlDeleteCertificate, tenantID, name)
	if err == nil && tag.RowsAffected() == 0 {
		return paprika.NotFound("certificate")
	}
	return err
}

// AnyCertificate returns one stored certificate with its sealed key, or
// nil when none is stored: a process starts only if its
// PAPRIKA_SECRET_KEY opens it.
func (s *Store) AnyCertificate(ctx context.Context) (*paprika.Certificate, error) {
	c, err := scanCertificate(s.Pool.QueryRow(ctx, sqlAnyCertificate), true)
	if paprika.ErrorCode(err) == paprika.CodeNotFound {
		return nil, nil
	}
	return c, err
}
