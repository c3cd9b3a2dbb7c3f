package postgres

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// sqlTemplateVersionList lists a template's versions (templates.sql).
var sqlTemplateVersionList = Statement("template-version-list")

func scanTemplate(row pgx.Row) (*paprika.Template, error) {
	var t paprika.Template
	var sample, opts string
	err := row.Scan(&t.TenantID, &t.ID, &t.Name, &t.Content, &t.Source, &sample, &opts, &t.Version, &t.CreatedAt, &t.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("template")
	}
	t.SampleData, t.Options = json.RawMessage(sample), json.RawMessage(opts)
	return &t, err
}

// jsonParam is a JSON value as a statement's text parameter: nil (NULL)
// when absent, so that put-template keeps the last version's; "{}" when
// inserting nothing.
func jsonParam(v json.RawMessage, absent *string) *string {
	if len(v) == 0 {
		return absent
	}
	s := string(v)
	return &s
}

// CreateTemplate stores version 1 of a new template, if the tenant's
// templates stay within quota bytes with it (storeTemplate); an id taken
// by a live template is a conflict. A deleted template's id can be used
// again: its versions go on from where they stopped, so work that pinned
// an old version never sees other content under that number.
func (s *Store) CreateTemplate(ctx context.Context, t paprika.Template, quota int64) (*paprika.Template, error) {
	var out *paprika.Template
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		out, err = storeTemplate(ctx, tx, t.TenantID, quota, func() (*paprika.Template, error) {
			var live bool
			var last int
			if err := tx.QueryRow(ctx, sqlTemplateVersions, t.TenantID, t.ID).Scan(&live, &last); err != nil {
				return nil, err
			}
			if live {
				return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: template %q exists; PUT makes a new version", t.ID)
			}
			out, err := scanTemplate(tx.QueryRow(ctx, sqlInsertTemplate,
				t.TenantID, t.ID, last+1, t.Name, t.Content, jsonParam(t.SampleData, &emptyObject), jsonParam(t.Options, &emptyObject), nullText(t.Source)))
			if isUniqueViolation(err) {
				return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: template %q exists", t.ID)
			}
			return out, err
		})
		return err
	})
	return out, err
}

var emptyObject = "{}"

// nullText is s as a nullable text parameter: NULL when "".
func nullText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// PutTemplate stores a new version of a live template, if the tenant's
// templates stay within quota bytes with it (storeTemplate); a SampleData
// or Options left nil is the last version's, and counts again.
func (s *Store) PutTemplate(ctx context.Context, t paprika.Template, quota int64) (*paprika.Template, error) {
	var out *paprika.Template
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		out, err = storeTemplate(ctx, tx, t.TenantID, quota, func() (*paprika.Template, error) {
			out, err := scanTemplate(tx.QueryRow(ctx, sqlPutTemplate, t.TenantID, t.ID, t.Name, t.Content,
				jsonParam(t.SampleData, nil), jsonParam(t.Options, nil), nullText(t.Source)))
			if isUniqueViolation(err) {
				return nil, paprika.Errorf(paprika.CodeConflict, "Conflict: template %q changed at the same time; try again", t.ID)
			}
			return out, err
		})
		return err
	})
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

// TemplateVersions lists the live versions of a template, newest first,
// below version before (0: from the latest); a template with none is
// paprika.NotFound.
func (s *Store) TemplateVersions(ctx context.Context, tenantID, id string, before, limit int) ([]paprika.TemplateVersion, error) {
	rows, err := s.Pool.Query(ctx, sqlTemplateVersionList, tenantID, id, before, limit)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (paprika.TemplateVersion, error) {
		var v paprika.TemplateVersion
		err := row.Scan(&v.Version, &v.CreatedAt, &v.Bytes)
		return v, err
	})
	if err == nil && len(out) == 0 && before == 0 {
		return nil, paprika.NotFound("template")
	}
	return out, err
}

// DeleteTemplate deletes every version of a template and frees the bytes
// they held toward PAPRIKA_TEMPLATE_QUOTA, under the tenant's row lock.
// The versions' rows stay, emptied, until the sweeper drops them, so that
// the id's versions go on from where they stopped. Work already queued
// with it fails with template-error when it is claimed.
func (s *Store) DeleteTemplate(ctx context.Context, tenantID, id string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := lockStorage(ctx, tx, tenantID); err != nil {
			return err
		}
		var versions int
		if err := tx.QueryRow(ctx, sqlDeleteTemplate, tenantID, id).Scan(&versions); err != nil {
			return err
		}
		if versions == 0 {
			return paprika.NotFound("template")
		}
		return nil
	})
}
