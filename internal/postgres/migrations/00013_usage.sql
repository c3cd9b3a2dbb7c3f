-- +goose Up
-- Usage per tenant, tier and UTC day (docs/operations.md, Usage): what
-- billing reads. Every way work finishes adds to its row in the
-- transaction that finishes it, one upsert per (tenant, tier, day) of the
-- transaction, so a record or job is counted once however often its
-- completion is retried. No foreign key to tenants: usage outlives the
-- work it counts and the tenant too (kept 400 days by the sweeper).
CREATE TABLE usage_days (
    tenant_id      text NOT NULL,
    tier           text NOT NULL,
    day            date NOT NULL,
    renders        bigint NOT NULL DEFAULT 0,
    jobs           bigint NOT NULL DEFAULT 0,
    records        bigint NOT NULL DEFAULT 0,
    documents      bigint NOT NULL DEFAULT 0,
    pages          bigint NOT NULL DEFAULT 0,
    render_seconds double precision NOT NULL DEFAULT 0,
    bytes          bigint NOT NULL DEFAULT 0,
    failed         bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, day, tier)
);
-- The operator's reads of every tenant over a range of days, and the sweep.
CREATE INDEX usage_days_day ON usage_days (day);

-- Workers announce themselves (worker.Worker's heartbeat): the tiers each
-- claims and when it was last seen, so that queued work can say it waits
-- for no worker of its tier (docs/scheduler.md, What tenants see).
CREATE TABLE workers (
    id      text PRIMARY KEY,
    tiers   text[] NOT NULL,
    seen_at timestamptz NOT NULL
);

-- When each group's two-minute window of starts (cur, prev) began: the
-- claim that first counted in each minute. A group's start rate over its
-- own last starts is (cur + prev) over the time since the first of them,
-- which a group that began starting mid-window measures right at once.
ALTER TABLE group_starts ADD COLUMN cur_since timestamptz, ADD COLUMN prev_since timestamptz;

-- +goose Down
ALTER TABLE group_starts DROP COLUMN cur_since, DROP COLUMN prev_since;
DROP TABLE workers;
DROP TABLE usage_days;
