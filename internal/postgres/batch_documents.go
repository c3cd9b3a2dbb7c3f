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
	rows, err := s.Pool.Query(ctx, `
		SELECT r.idx, coalesce(r.output_pages, 0), coalesce(CASE WHEN $3 = '' THEN NULL ELSE r.data->>$3 END, '')
		FROM batch_records r JOIN batches b ON b.id = r.batch_id
		WHERE b.tenant_id = $1 AND r.batch_id = $2 AND r.status = 'done'
		ORDER BY r.idx`, tenantID, batchID, field)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (paprika.DoneDocument, error) {
		var d paprika.DoneDocument
		err := row.Scan(&d.Index, &d.Pages, &d.Field)
		return d, err
	})
}
