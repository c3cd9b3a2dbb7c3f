package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

const templateColumns = `tenant_id, id, name, content, version, created_at, updated_at`

func scanTemplate(row pgx.Row) (*paprika.Template, error) {
	var t paprika.Template
	err := row.Scan(&t.TenantID, &t.ID, &t.Name, &t.Content, &t.Version, &t.CreatedAt, &t.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("template")
	}
	return &t, err
}

// CreateTemplate stores version 1 of a new template; an id taken by a live
// template is a conflict. A deleted template's id can be used again: its
// versions go on from where they stopped, so work that pinned an old version
// never sees other content under that number.
func (s *Store) CreateTemplate(ctx context.Context, t paprika.Template) (*paprika.Template, error) {
	var out *paprika.Template
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var live bool
		var last int
		if err := tx.QueryRow(ctx, `
			SELECT coalesce(bool_or(deleted_at IS NULL), false), coalesce(max(version), 0)
			FROM templates WHERE tenant_id = $1 AND id = $2`, t.TenantID, t.ID).Scan(&live, &last); err != nil {
			return err
		}
		if live {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: template %q exists; PUT makes a new version", t.ID)
		}
		var err error
		out, err = scanTemplate(tx.QueryRow(ctx, `
			INSERT INTO templates (tenant_id, id, version, name, content, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, now(), now()) RETURNING `+templateColumns,
			t.TenantID, t.ID, last+1, t.Name, t.Content))
		if isUniqueViolation(err) {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: template %q exists", t.ID)
		}
		return err
	})
	return out, err
}

// PutTemplate stores a new version of a live template.
func (s *Store) PutTemplate(ctx context.Context, t paprika.Template) (*paprika.Template, error) {
	out, err := scanTemplate(s.Pool.QueryRow(ctx, `
		INSERT INTO templates (tenant_id, id, version, name, content, created_at, updated_at)
		SELECT tenant_id, id, version + 1, coalesce(nullif($3, ''), name), $4, created_at, now()
		FROM templates WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL
		ORDER BY version DESC LIMIT 1
		RETURNING `+templateColumns, t.TenantID, t.ID, t.Name, t.Content))
	if isUniqueViolation(err) {
		return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: template %q changed at the same time; try again", t.ID)
	}
	return out, err
}

// Template returns a live template at version, or its latest when version is 0.
func (s *Store) Template(ctx context.Context, tenantID, id string, version int) (*paprika.Template, error) {
	return scanTemplate(s.Pool.QueryRow(ctx, `
		SELECT `+templateColumns+` FROM templates
		WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL AND ($3 = 0 OR version = $3)
		ORDER BY version DESC LIMIT 1`, tenantID, id, version))
}

// Templates lists a tenant's live templates (latest versions) by id.
func (s *Store) Templates(ctx context.Context, tenantID, after string, limit int) ([]paprika.Template, error) {
	rows, err := s.Pool.Query(ctx, `
		SELECT DISTINCT ON (id) `+templateColumns+` FROM templates
		WHERE tenant_id = $1 AND deleted_at IS NULL AND id > $2
		ORDER BY id, version DESC LIMIT $3`, tenantID, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanTemplate)
}

// DeleteTemplate deletes every version of a template. Work already queued
// with it fails with template-error when it is claimed.
func (s *Store) DeleteTemplate(ctx context.Context, tenantID, id string) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE templates SET deleted_at = now() WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, tenantID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return paprika.NotFound("template")
	}
	return err
}
