-- +goose Up
CREATE TABLE tenants (
    id             text PRIMARY KEY,
    name           text NOT NULL,
    tier           text,
    retention_days integer NOT NULL DEFAULT 30,
    webhook_secret text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    suspended_at   timestamptz,
    deleted_at     timestamptz
);

CREATE TABLE api_keys (
    id          text PRIMARY KEY,
    tenant_id   text NOT NULL REFERENCES tenants (id),
    name        text NOT NULL,
    scopes      text[] NOT NULL,
    tier        text,
    prefix      text NOT NULL,
    secret_hash bytea NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);
CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at, id);

-- +goose Down
DROP TABLE api_keys;
DROP TABLE tenants;
