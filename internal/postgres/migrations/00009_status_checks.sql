-- +goose NO TRANSACTION
-- +goose Up
-- Every status column admits only the statuses the domain defines
-- (internal/paprika: Statuses for jobs, batches and batch records,
-- WebhookStatuses for webhook events), the words the statements of
-- internal/postgres/sql spell through {{status}}; TestStatusChecksAgree
-- checks that these lists and paprika's agree. (webhook_attempts.status is
-- an HTTP status code, not one of these.)
--
-- The tables may be big: each constraint is added NOT VALID, which holds
-- the table's lock only for a moment and checks only rows written from
-- then on, and its own statement then checks the rows already there under
-- a lock that lets reads and writes go on. The migration runs outside a
-- transaction so that each lock ends with its statement; each step may run
-- again after an interruption (the constraint is dropped and added in one
-- statement).
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_status_check,
    ADD CONSTRAINT jobs_status_check CHECK (status IN ('queued', 'running', 'done', 'failed', 'canceled')) NOT VALID;
ALTER TABLE jobs VALIDATE CONSTRAINT jobs_status_check;

ALTER TABLE batches DROP CONSTRAINT IF EXISTS batches_status_check,
    ADD CONSTRAINT batches_status_check CHECK (status IN ('queued', 'running', 'done', 'failed', 'canceled')) NOT VALID;
ALTER TABLE batches VALIDATE CONSTRAINT batches_status_check;

ALTER TABLE batch_records DROP CONSTRAINT IF EXISTS batch_records_status_check,
    ADD CONSTRAINT batch_records_status_check CHECK (status IN ('queued', 'running', 'done', 'failed', 'canceled')) NOT VALID;
ALTER TABLE batch_records VALIDATE CONSTRAINT batch_records_status_check;

ALTER TABLE webhook_events DROP CONSTRAINT IF EXISTS webhook_events_status_check,
    ADD CONSTRAINT webhook_events_status_check CHECK (status IN ('pending', 'delivered', 'failed')) NOT VALID;
ALTER TABLE webhook_events VALIDATE CONSTRAINT webhook_events_status_check;

-- +goose Down
ALTER TABLE webhook_events DROP CONSTRAINT IF EXISTS webhook_events_status_check;
ALTER TABLE batch_records DROP CONSTRAINT IF EXISTS batch_records_status_check;
ALTER TABLE batches DROP CONSTRAINT IF EXISTS batches_status_check;
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_status_check;
