package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/paprikahq/paprika/internal/paprika"
)

// DoneDocuments returns a batch's finished records in index order with
// their page counts and the text of one field of their data (none when
// field is ""), for the batch's merged PDF.
func (s *Store) DoneDocuments(ctx context.Context, tenantID string, batchID uuid.UUID, field string) ([]paprika.DoneDocument, error) {
	rows, err := s.Pool.Query(ctx, sqlDoneDocuments, tenantID, batchID, field)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (paprika.DoneDocument, error) {
		var d paprika.DoneDocument
		err := row.Scan(&d.Index, &d.Pages, &d.Field)
		return d, err
	})
}
