-- +goose Up
-- A tenant's assets (docs/templates.md, Assets): the images, fonts,
-- stylesheets and scripts its pages use by name. The bytes live in the
-- output store, at outputs/TENANT/assets/OBJECT; a row names the object
-- that holds its bytes now. Every upload writes an object of its own, never
-- one a render may be reading, and names it in one commit.
CREATE TABLE assets (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    name         text NOT NULL,
    content_type text NOT NULL,
    bytes        bigint NOT NULL CHECK (bytes >= 0),
    sha256       text NOT NULL,
    object       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, name)
);

-- Objects of the store that no asset names, or may not yet: one an upload
-- is writing (the row goes when the upload names it), one a replace or a
-- delete left behind. The sweeper deletes them once no render can still be
-- reading them (an hour on), and every one of a deleted tenant. The bytes
-- of those left behind are bounded by the tenant's quota too
-- (postgres.Store.PutAsset); upload says the row is an upload's own.
CREATE TABLE asset_orphans (
    tenant_id text NOT NULL REFERENCES tenants (id),
    object    text NOT NULL,
    bytes     bigint NOT NULL CHECK (bytes >= 0),
    upload    boolean NOT NULL DEFAULT false,
    since     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, object)
);
CREATE INDEX asset_orphans_since ON asset_orphans (since);

-- +goose Down
DROP TABLE asset_orphans;
DROP TABLE assets;
