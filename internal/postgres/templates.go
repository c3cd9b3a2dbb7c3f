package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

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
		if err := tx.QueryRow(ctx, sqlTemplateVersions, t.TenantID, t.ID).Scan(&live, &last); err != nil {
			return err
		}
		if live {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: template %q exists; PUT makes a new version", t.ID)
		}
		var err error
		out, err = scanTemplate(tx.QueryRow(ctx, sqlInsertTemplate,
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
	out, err := scanTemplate(s.Pool.QueryRow(ctx, sqlPutTemplate, t.TenantID, t.ID, t.Name, t.Content))
	if isUniqueViolation(err) {
		return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: template %q changed at the same time; try again", t.ID)
	}
	return out, err
}

// Template returns a live template at version, or its latest when version is 0.
func (s *Store) Template(ctx context.Context, tenantID, id string, version int) (*paprika.Template, error) {
	return scanTemplate(s.Pool.QueryRow(ctx, sqlTemplate, tenantID, id, version))
}

// Templates lists a tenant's live templates (latest versions) by id.
func (s *Store) Templates(ctx context.Context, tenantID, after string, limit int) ([]paprika.Template, error) {
	rows, err := s.Pool.Query(ctx, sqlTemplates, tenantID, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanTemplate)
}

// DeleteTemplate deletes every version of a template. Work already queued
// with it fails with template-error when it is claimed.
func (s *Store) DeleteTemplate(ctx context.Context, tenantID, id string) error {
	tag, err := s.Pool.Exec(ctx, sqlDeleteTemplate, tenantID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return paprika.NotFound("template")
	}
	return err
}
