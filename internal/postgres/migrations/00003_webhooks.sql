-- +goose Up

-- The webhook outbox (docs/webhooks.md): one event per finished job or batch that
-- was submitted with a webhookUrl, written in the transaction that finishes
-- it. The unique job_id and batch_id make the insert idempotent, so every
-- finishing path can run it for the ids it touched. Events go with their
-- work when the retention sweeper deletes it.
CREATE TABLE webhook_events (
    id          text PRIMARY KEY, -- evt_…, the webhook-id of every attempt
    tenant_id   text NOT NULL,
    type        text NOT NULL,    -- job.finished or batch.finished
    job_id      uuid UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
    batch_id    uuid UNIQUE REFERENCES batches (id) ON DELETE CASCADE,
    url         text NOT NULL,
    status      text NOT NULL DEFAULT 'pending', -- pending, delivered, failed
    created_at  timestamptz NOT NULL DEFAULT now(),
    -- When the next attempt is due; a claim moves it past the attempt's
    -- limit, so a worker that dies mid-attempt leaves the event due again.
    next_at     timestamptz NOT NULL DEFAULT now(),
    attempts    integer NOT NULL DEFAULT 0,
    -- The body, made at the first attempt from the finished work and sent
    -- unchanged on every retry.
    body        bytea,
    finished_at timestamptz,
    CHECK ((job_id IS NULL) <> (batch_id IS NULL))
);
CREATE INDEX webhook_events_due ON webhook_events (next_at) WHERE status = 'pending';

-- Every attempt, for GET /v1/jobs/{id}/deliveries and /v1/batches/{id}/deliveries.
CREATE TABLE webhook_attempts (
    event_id    text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    attempt     integer NOT NULL,
    at          timestamptz NOT NULL,
    status      integer,          -- the HTTP status; NULL when none came
    duration_ms integer NOT NULL,
    error       text,
    PRIMARY KEY (event_id, attempt)
);

-- Secrets replaced by a rotation keep signing until expires_at (24 h).
CREATE TABLE webhook_old_secrets (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    secret     text NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX webhook_old_secrets_tenant ON webhook_old_secrets (tenant_id, expires_at);

ALTER TABLE tenants ADD COLUMN webhook_secret_rotated_at timestamptz;

-- +goose Down
ALTER TABLE tenants DROP COLUMN webhook_secret_rotated_at;
DROP TABLE webhook_old_secrets;
DROP TABLE webhook_attempts;
DROP TABLE webhook_events;
