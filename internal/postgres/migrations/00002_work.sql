-- +goose Up

-- Stored templates: every PUT adds a version; work records the version it used.
CREATE TABLE templates (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    id         text NOT NULL,
    version    integer NOT NULL,
    name       text NOT NULL,
    content    text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    deleted_at timestamptz,
    PRIMARY KEY (tenant_id, id, version)
);

-- A lane is the queued work of one tenant submitted under one key tier
-- ('' = the key has none). The claim resolves a lane's tier (key's, else the
-- tenant's, else the default) and ranks lanes by their group's share used.
-- Queue counters live here and are changed only by whoever holds the lane's
-- row lock, so choosing work reads a few thousand small rows, not the queue.
CREATE TABLE lanes (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id      text NOT NULL REFERENCES tenants (id),
    key_tier       text NOT NULL DEFAULT '',
    queued_jobs    integer NOT NULL DEFAULT 0,
    queued_records bigint NOT NULL DEFAULT 0,
    waiting_since  timestamptz,
    UNIQUE (tenant_id, key_tier)
);

-- Starts per group (tenant, tier it ran at), with a two-minute window counter
-- for "started in the last 60 s". Finishes are counted apart so completions
-- never touch the rows claimers lock; running = started - finished.
CREATE TABLE group_starts (
    tenant_id text NOT NULL,
    tier      text NOT NULL,
    started   bigint NOT NULL DEFAULT 0,
    minute    bigint NOT NULL DEFAULT 0,
    cur       integer NOT NULL DEFAULT 0,
    prev      integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, tier)
);

CREATE TABLE group_finishes (
    tenant_id text NOT NULL,
    tier      text NOT NULL,
    finished  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, tier)
);

CREATE TABLE jobs (
    id               uuid PRIMARY KEY,
    tenant_id        text NOT NULL REFERENCES tenants (id),
    lane_id          bigint NOT NULL REFERENCES lanes (id),
    key_id           text NOT NULL,
    status           text NOT NULL,
    tier             text,
    format           text NOT NULL,
    template         text,
    template_id      text,
    template_version integer,
    data             jsonb NOT NULL,
    options          jsonb NOT NULL,
    metadata         jsonb,
    webhook_url      text,
    created_at       timestamptz NOT NULL,
    started_at       timestamptz,
    finished_at      timestamptz,
    attempts         integer NOT NULL DEFAULT 0,
    lease_token      bigint,
    lease_expires_at timestamptz,
    output_type      text,
    output_bytes     bigint,
    output_pages     integer,
    error_code       text,
    error_message    text
);
CREATE INDEX jobs_queued ON jobs (lane_id, id) WHERE status = 'queued';
CREATE INDEX jobs_tenant_queued ON jobs (tenant_id, id) WHERE status = 'queued';
CREATE INDEX jobs_tenant ON jobs (tenant_id, id);
CREATE INDEX jobs_leases ON jobs (lease_expires_at) WHERE status = 'running';

CREATE TABLE batches (
    id               uuid PRIMARY KEY,
    tenant_id        text NOT NULL REFERENCES tenants (id),
    lane_id          bigint NOT NULL REFERENCES lanes (id),
    key_id           text NOT NULL,
    status           text NOT NULL,
    tier             text,
    format           text NOT NULL,
    template         text,
    template_id      text,
    template_version integer,
    options          jsonb NOT NULL,
    metadata         jsonb,
    webhook_url      text,
    total            integer NOT NULL,
    queued           integer NOT NULL,
    running          integer NOT NULL DEFAULT 0,
    done             integer NOT NULL DEFAULT 0,
    failed           integer NOT NULL DEFAULT 0,
    canceled         integer NOT NULL DEFAULT 0,
    -- No record below next_index is queued: claims start their index scan
    -- here instead of stepping over every record claimed before (dead index
    -- entries until vacuum). A record put back in the queue lowers it.
    next_index       integer NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL,
    started_at       timestamptz,
    finished_at      timestamptz
);
-- Batches with records waiting, in the order they take turns.
CREATE INDEX batches_turns ON batches (lane_id, running, id) WHERE queued > 0;
CREATE INDEX batches_tenant ON batches (tenant_id, id);

CREATE TABLE batch_records (
    batch_id         uuid NOT NULL REFERENCES batches (id),
    idx              integer NOT NULL,
    status           text NOT NULL,
    data             jsonb NOT NULL,
    tier             text,
    started_at       timestamptz,
    finished_at      timestamptz,
    attempts         integer NOT NULL DEFAULT 0,
    lease_token      bigint,
    lease_expires_at timestamptz,
    output_type      text,
    output_bytes     bigint,
    output_pages     integer,
    error_code       text,
    error_message    text,
    PRIMARY KEY (batch_id, idx)
);
CREATE INDEX batch_records_queued ON batch_records (batch_id, idx) WHERE status = 'queued';
CREATE INDEX batch_records_leases ON batch_records (lease_expires_at) WHERE status = 'running';

CREATE SEQUENCE lease_tokens;

-- One row per start (kind 's', seconds waited) and per finish (kind 'd',
-- seconds rendering), synchronous renders included, for the measures.
CREATE TABLE measures (
    at      timestamptz NOT NULL DEFAULT now(),
    tier    text NOT NULL,
    kind    "char" NOT NULL,
    seconds double precision NOT NULL
);
CREATE INDEX measures_at ON measures (at);

-- Renders and submissions per tenant per clock minute, for ratePerMinute.
CREATE TABLE rate_counts (
    tenant_id text NOT NULL,
    minute    timestamptz NOT NULL,
    n         integer NOT NULL,
    PRIMARY KEY (tenant_id, minute)
);

-- +goose Down
DROP TABLE rate_counts;
DROP TABLE measures;
DROP SEQUENCE lease_tokens;
DROP TABLE batch_records;
DROP TABLE batches;
DROP TABLE jobs;
DROP TABLE group_finishes;
DROP TABLE group_starts;
DROP TABLE lanes;
DROP TABLE templates;
