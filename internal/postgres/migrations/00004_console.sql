-- +goose Up
-- The web console's sessions (internal/console). A session holds who it acts
-- for (a tenant key's id, or the SHA-256 of the admin token), never a
-- secret; the cookie's value is stored only hashed.
CREATE TABLE console_sessions (
    token_hash       bytea PRIMARY KEY,
    csrf_token       text NOT NULL,
    tenant_id        text,
    key_id           text,
    key_name         text NOT NULL DEFAULT '',
    scopes           text[] NOT NULL DEFAULT '{}',
    admin_token_hash bytea,
    created_at       timestamptz NOT NULL DEFAULT now(),
    seen_at          timestamptz NOT NULL DEFAULT now(),
    CHECK ((key_id IS NULL) <> (admin_token_hash IS NULL))
);
CREATE INDEX console_sessions_seen ON console_sessions (seen_at);

-- The playground's last previews, so that any api process can serve the
-- preview frame's document.
CREATE TABLE console_previews (
    id           text PRIMARY KEY,
    token_hash   bytea NOT NULL REFERENCES console_sessions ON DELETE CASCADE,
    content_type text NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX console_previews_session ON console_previews (token_hash, created_at);

-- +goose Down
DROP TABLE console_previews;
DROP TABLE console_sessions;
