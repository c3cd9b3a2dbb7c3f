-- +goose Up
-- A tenant's running total of the bytes its live templates hold (every
-- version's content, sample data and options, as their text), checked
-- against PAPRIKA_TEMPLATE_QUOTA under the tenant's row lock and changed in
-- the same transaction as the versions: a PUT reads one row, not the sum
-- of every version it ever stored.
ALTER TABLE tenants ADD COLUMN template_bytes bigint NOT NULL DEFAULT 0;
UPDATE tenants t SET template_bytes = s.bytes
FROM (SELECT tenant_id, sum(octet_length(content) + octet_length(sample_data::text) + octet_length(options::text)) AS bytes
      FROM templates WHERE deleted_at IS NULL GROUP BY tenant_id) s
WHERE s.tenant_id = t.id;

-- +goose Down
ALTER TABLE tenants DROP COLUMN template_bytes;
