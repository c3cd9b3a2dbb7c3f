package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// What a tenant stores, checked against its quotas (sql/storage.sql).
var (
	sqlLockStorage      = Statement("lock-storage")
	sqlAddTemplateBytes = Statement("add-template-bytes")
)

// lockStorage takes tenantID's row lock for a write to what it stores,
// until tx ends, and returns the bytes its templates hold; a deleted
// tenant is paprika.NotFound.
func lockStorage(ctx context.Context, tx pgx.Tx, tenantID string) (templateBytes int64, err error) {
	err = tx.QueryRow(ctx, sqlLockStorage, tenantID).Scan(&templateBytes)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, paprika.NotFound("tenant")
	}
	return templateBytes, err
}

// templateBytes is what one version of a template holds toward
// PAPRIKA_TEMPLATE_QUOTA, as sql/storage.sql's template-bytes counts it:
// its content (or its source's name), sample data and options as the text
// the store returns.
func templateBytes(t *paprika.Template) int64 {
	return int64(len(t.Content) + len(t.Source) + len(t.SampleData) + len(t.Options))
}

// storeTemplate runs insert, which stores one version of a template in tx,
// under the tenant's row lock, and keeps it only when the tenant's
// templates stay within quota bytes with it (paprika.Storage.Check): the
// version is inserted first, since what it holds may be the last
// version's sample data and options, then checked, and counted in the
// tenant's running total in the same transaction.
func storeTemplate(ctx context.Context, tx pgx.Tx, tenantID string, quota int64, insert func() (*paprika.Template, error)) (*paprika.Template, error) {
	held, err := lockStorage(ctx, tx, tenantID)
	if err != nil {
		return nil, err
	}
	t, err := insert()
	if err != nil {
		return nil, err
	}
	n := templateBytes(t)
	s := paprika.Storage{Kind: "templates", Variable: "PAPRIKA_TEMPLATE_QUOTA", Held: held}
	if err := s.Check(n, quota); err != nil {
		return nil, err
	}
	_, err = tx.Exec(ctx, sqlAddTemplateBytes, tenantID, n)
	return t, err
}
