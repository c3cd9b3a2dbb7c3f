-- +goose Up
-- Work rendered from an Office file among the tenant's assets rather than a
-- template (docs/office.md): the asset's name, "contract.docx". Null for
-- work from a template. Adding a nullable column rewrites no table.
ALTER TABLE jobs ADD COLUMN source text;
ALTER TABLE batches ADD COLUMN source text;

-- +goose Down
ALTER TABLE batches DROP COLUMN source;
ALTER TABLE jobs DROP COLUMN source;
