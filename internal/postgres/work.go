package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/paprika"
)

// CreateJob queues a job.
func (s *Store) CreateJob(ctx context.Context, j *paprika.Job) error {
	j.ID, j.Status, j.CreatedAt = paprika.NewID(), paprika.StatusQueued, time.Now().UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		lane, err := enqueueLane(ctx, tx, j.TenantID, j.KeyTier, 1, 0, j.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlInsertJob,
			j.ID, j.TenantID, lane, j.KeyID, j.Format, j.Template, j.TemplateID, j.TemplateVersion,
			j.Data, j.Options, nullJSON(j.Metadata), j.WebhookURL, j.CreatedAt, j.Asset); err != nil {
			return err
		}
		return notifyWork(ctx, tx)
	})
}

func scanJob(row pgx.Row) (*paprika.Job, error) {
	var j paprika.Job
	var otype *string
	var obytes *int64
	var opages *int
	err := row.Scan(&j.ID, &j.TenantID, &j.KeyID, &j.KeyTier, &j.Status, &j.Tier, &j.Format,
		&j.Template, &j.TemplateID, &j.TemplateVersion, &j.Options, &j.Asset,
		&j.Metadata, &j.WebhookURL, &j.CreatedAt, &j.StartedAt, &j.FinishedAt, &j.Attempts,
		&otype, &obytes, &opages, &j.ErrCode, &j.ErrMessage)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("job")
	}
	if otype != nil {
		j.Output = &paprika.Output{ContentType: *otype, Bytes: deref(obytes), Pages: deref(opages)}
	}
	return &j, err
}

// Job returns one of a tenant's jobs, with queue.ahead while it is queued:
// the tenant's own queued jobs submitted before it. Other tenants' work is
// never counted.
func (s *Store) Job(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Job, error) {
	j, err := scanJob(s.Pool.QueryRow(ctx, sqlJob, tenantID, id))
	if err != nil || j.Status != paprika.StatusQueued {
		return j, err
	}
	err = s.Pool.QueryRow(ctx, sqlQueueAheadCount,
		tenantID, id).Scan(&j.Ahead)
	return j, err
}

// Jobs lists a tenant's jobs, newest first, after the cursor (a job id),
// optionally of one status.
func (s *Store) Jobs(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]paprika.Job, error) {
	rows, err := s.Pool.Query(ctx, sqlJobs, tenantID, status, after, limit)
	if err != nil {
		return nil, err
	}
	jobs, err := collect(rows, scanJob)
	if err != nil {
		return nil, err
	}
	return jobs, s.queueAhead(ctx, tenantID, jobs)
}

// queueAhead fills Ahead for the queued jobs of a page with one scan of the
// tenant's queued jobs up to the newest of them.
func (s *Store) queueAhead(ctx context.Context, tenantID string, jobs []paprika.Job) error {
	var newest *uuid.UUID
	for i := range jobs {
		if jobs[i].Status == paprika.StatusQueued && (newest == nil || jobs[i].ID.String() > newest.String()) {
			newest = &jobs[i].ID
		}
	}
	if newest == nil {
		return nil
	}
	rows, err := s.Pool.Query(ctx, sqlQueueAhead, tenantID, *newest)
	if err != nil {
		return err
	}
	ahead := map[uuid.UUID]int{}
	var id uuid.UUID
	var n int
	if _, err := pgx.ForEachRow(rows, []any{&id, &n}, func() error { ahead[id] = n; return nil }); err != nil {
		return err
	}
	for i := range jobs {
		jobs[i].Ahead = ahead[jobs[i].ID]
	}
	return nil
}

// CancelJob cancels a queued or running job. A running job's worker loses
// its claim: its completion is refused and its lease renewal tells it to stop.
func (s *Store) CancelJob(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Job, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var lane int64
		var status, tier string
		err := tx.QueryRow(ctx, sqlJobToCancel, tenantID, id).Scan(&lane)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.NotFound("job")
		}
		if err != nil {
			return err
		}
		if err := lockLane(ctx, tx, lane); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, sqlCancelJob, id).Scan(&status, &tier)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: the job has already finished")
		}
		if err != nil {
			return err
		}
		if err := enqueueWebhooks(ctx, tx, []uuid.UUID{id}, nil); err != nil {
			return err
		}
		switch status {
		case paprika.StatusQueued:
			return dequeueLane(ctx, tx, lane, 1, 0)
		case paprika.StatusRunning:
			return countFinish(ctx, tx, tenantID, tier, 1)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Job(ctx, tenantID, id)
}

func nullJSON(b json.RawMessage) any {
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	return b
}
