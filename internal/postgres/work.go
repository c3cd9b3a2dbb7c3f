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

// Work statuses.
const (
	StatusQueued   = "queued"
	StatusRunning  = "running"
	StatusDone     = "done"
	StatusFailed   = "failed"
	StatusCanceled = "canceled"
)

// Source is what to render: an inline template or a stored one at a version,
// its format and options. Shared by jobs and batches.
type Source struct {
	Template        string // inline; "" when TemplateID is set
	TemplateID      string
	TemplateVersion int
	Format          string
	Options         json.RawMessage
}

// Job is one queued document.
type Job struct {
	ID       uuid.UUID
	TenantID string
	KeyID    string
	KeyTier  string
	Status   string
	Tier     string // the tier it ran at; "" while queued
	Source
	Data       json.RawMessage
	Metadata   json.RawMessage
	WebhookURL string
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	Attempts   int
	Output     *Output
	ErrCode    string
	ErrMessage string
	Ahead      int // the tenant's own queued jobs ahead of this one, while queued
}

// Output describes a finished document.
type Output struct {
	ContentType string
	Bytes       int64
	Pages       int
}

// Batch is one template rendered for many records.
type Batch struct {
	ID       uuid.UUID
	TenantID string
	KeyID    string
	KeyTier  string
	Status   string
	Tier     string
	Source
	Metadata                                       json.RawMessage
	WebhookURL                                     string
	Total, Queued, Running, Done, Failed, Canceled int
	CreatedAt                                      time.Time
	StartedAt                                      *time.Time
	FinishedAt                                     *time.Time
}

// Record is one record of a batch.
type Record struct {
	Index      int
	Status     string
	StartedAt  *time.Time
	FinishedAt *time.Time
	Output     *Output
	ErrCode    string
	ErrMessage string
}

// NewID returns a time-ordered id (UUIDv7): ids sort in submission order,
// which is the queue's order within a lane.
func NewID() uuid.UUID {
	return uuid.Must(uuid.NewV7())
}

// enqueueLane adds queued work to the lane of (tenant, key tier), creating it
// on first use, and returns its id. The upsert takes the lane's row lock, as
// every change to queue counters does.
func enqueueLane(ctx context.Context, tx pgx.Tx, tenantID, keyTier string, jobs, records int, at time.Time) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `
		INSERT INTO lanes AS l (tenant_id, key_tier, queued_jobs, queued_records, waiting_since)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (tenant_id, key_tier) DO UPDATE SET
			queued_jobs = l.queued_jobs + excluded.queued_jobs,
			queued_records = l.queued_records + excluded.queued_records,
			waiting_since = least(l.waiting_since, excluded.waiting_since)
		RETURNING id`, tenantID, keyTier, jobs, records, at).Scan(&id)
	return id, err
}

// notifyWork wakes the workers (LISTEN paprika_work) when the transaction
// commits.
func notifyWork(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `SELECT pg_notify('paprika_work', '')`)
	return err
}

// CreateJob queues a job.
func (s *Store) CreateJob(ctx context.Context, j *Job) error {
	j.ID, j.Status, j.CreatedAt = NewID(), StatusQueued, time.Now().UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		lane, err := enqueueLane(ctx, tx, j.TenantID, j.KeyTier, 1, 0, j.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO jobs (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
			                  data, options, metadata, webhook_url, created_at)
			VALUES ($1, $2, $3, $4, 'queued', $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, $11, nullif($12, ''), $13)`,
			j.ID, j.TenantID, lane, j.KeyID, j.Format, j.Template, j.TemplateID, j.TemplateVersion,
			j.Data, j.Options, nullJSON(j.Metadata), j.WebhookURL, j.CreatedAt); err != nil {
			return err
		}
		return notifyWork(ctx, tx)
	})
}

const jobColumns = `j.id, j.tenant_id, j.key_id, l.key_tier, j.status, coalesce(j.tier, ''), j.format,
	coalesce(j.template, ''), coalesce(j.template_id, ''), coalesce(j.template_version, 0), j.options,
	j.metadata, coalesce(j.webhook_url, ''), j.created_at, j.started_at, j.finished_at, j.attempts,
	j.output_type, j.output_bytes, j.output_pages, coalesce(j.error_code, ''), coalesce(j.error_message, '')`

func scanJob(row pgx.Row) (*Job, error) {
	var j Job
	var otype *string
	var obytes *int64
	var opages *int
	err := row.Scan(&j.ID, &j.TenantID, &j.KeyID, &j.KeyTier, &j.Status, &j.Tier, &j.Format,
		&j.Template, &j.TemplateID, &j.TemplateVersion, &j.Options,
		&j.Metadata, &j.WebhookURL, &j.CreatedAt, &j.StartedAt, &j.FinishedAt, &j.Attempts,
		&otype, &obytes, &opages, &j.ErrCode, &j.ErrMessage)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("job")
	}
	if otype != nil {
		j.Output = &Output{ContentType: *otype, Bytes: deref(obytes), Pages: deref(opages)}
	}
	return &j, err
}

// Job returns one of a tenant's jobs, with queue.ahead while it is queued:
// the tenant's own queued jobs submitted before it. Other tenants' work is
// never counted.
func (s *Store) Job(ctx context.Context, tenantID string, id uuid.UUID) (*Job, error) {
	j, err := scanJob(s.Pool.QueryRow(ctx, `SELECT `+jobColumns+`
		FROM jobs j JOIN lanes l ON l.id = j.lane_id WHERE j.tenant_id = $1 AND j.id = $2`, tenantID, id))
	if err != nil || j.Status != StatusQueued {
		return j, err
	}
	err = s.Pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE tenant_id = $1 AND status = 'queued' AND id < $2`,
		tenantID, id).Scan(&j.Ahead)
	return j, err
}

// Jobs lists a tenant's jobs, newest first, after the cursor (a job id),
// optionally of one status.
func (s *Store) Jobs(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]Job, error) {
	rows, err := s.Pool.Query(ctx, `SELECT `+jobColumns+`
		FROM jobs j JOIN lanes l ON l.id = j.lane_id
		WHERE j.tenant_id = $1 AND ($2 = '' OR j.status = $2) AND ($3::uuid IS NULL OR j.id < $3)
		ORDER BY j.id DESC LIMIT $4`, tenantID, status, after, limit)
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
func (s *Store) queueAhead(ctx context.Context, tenantID string, jobs []Job) error {
	var newest *uuid.UUID
	for i := range jobs {
		if jobs[i].Status == StatusQueued && (newest == nil || jobs[i].ID.String() > newest.String()) {
			newest = &jobs[i].ID
		}
	}
	if newest == nil {
		return nil
	}
	rows, err := s.Pool.Query(ctx, `
		SELECT id, row_number() OVER (ORDER BY id) - 1 FROM jobs
		WHERE tenant_id = $1 AND status = 'queued' AND id <= $2`, tenantID, *newest)
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
func (s *Store) CancelJob(ctx context.Context, tenantID string, id uuid.UUID) (*Job, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var lane int64
		var status, tier string
		err := tx.QueryRow(ctx, `SELECT lane_id FROM jobs WHERE tenant_id = $1 AND id = $2`, tenantID, id).Scan(&lane)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.NotFound("job")
		}
		if err != nil {
			return err
		}
		// The lane lock first, as in every change to queued work.
		if _, err := tx.Exec(ctx, `SELECT 1 FROM lanes WHERE id = $1 FOR UPDATE`, lane); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `
			WITH old AS (SELECT id, status, coalesce(tier, '') AS tier FROM jobs WHERE id = $1 FOR UPDATE)
			UPDATE jobs j SET status = 'canceled', finished_at = now(), lease_token = NULL, lease_expires_at = NULL
			FROM old WHERE j.id = old.id AND old.status IN ('queued', 'running')
			RETURNING old.status, old.tier`, id).Scan(&status, &tier)
		if errors.Is(err, pgx.ErrNoRows) {
			return paprika.Errorf(paprika.CodeConflict, "Conflict: the job has already finished")
		}
		if err != nil {
			return err
		}
		if err := enqueueWebhooks[uuid.UUID, uuid.UUID](ctx, tx, []uuid.UUID{id}, nil); err != nil {
			return err
		}
		switch status {
		case StatusQueued:
			return dequeued(ctx, tx, lane, 1, 0)
		case StatusRunning:
			return finished(ctx, tx, tenantID, tier, 1)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Job(ctx, tenantID, id)
}

// dequeued takes jobs and records off a lane's counters (its lock held) and
// recomputes since when its oldest queued work waits, as the scheduler's
// dequeueLanes does for claims: the oldest queued job by the jobs_queued
// index (ids sort by submission), not a min() over every queued job.
func dequeued(ctx context.Context, tx pgx.Tx, lane int64, jobs, records int) error {
	_, err := tx.Exec(ctx, `
		UPDATE lanes SET queued_jobs = queued_jobs - $2, queued_records = queued_records - $3,
			waiting_since = CASE WHEN queued_jobs - $2 + queued_records - $3 > 0 THEN least(
				(SELECT created_at FROM jobs WHERE lane_id = $1 AND status = 'queued' ORDER BY id LIMIT 1),
				(SELECT min(created_at) FROM batches WHERE lane_id = $1 AND queued > 0)) END
		WHERE id = $1`, lane, jobs, records)
	return err
}

// finished counts work that stopped running in its group (tenant, tier).
func finished(ctx context.Context, tx pgx.Tx, tenantID, tier string, n int) error {
	_, err := tx.Exec(ctx, `
		INSERT INTO group_finishes AS g (tenant_id, tier, finished) VALUES ($1, $2, $3)
		ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + excluded.finished`, tenantID, tier, n)
	return err
}

func nullJSON(b json.RawMessage) any {
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	return b
}
