-- +goose Up
-- A tenant's signing certificates, by name (docs/rendering.md, "Signed
-- documents"). sealed is the private key and certificate chain encrypted
-- with the operator's PAPRIKA_SECRET_KEY (AES-256-GCM, bound to the tenant
-- and the name); the other columns are the certificate's public facts the
-- API lists. A deleted tenant's rows go with the sweeper.
CREATE TABLE certificates (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    name       text NOT NULL,
    subject    text NOT NULL,
    issuer     text NOT NULL,
    not_before timestamptz NOT NULL,
    not_after  timestamptz NOT NULL,
    sealed     bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, name)
);

-- +goose Down
DROP TABLE certificates;
