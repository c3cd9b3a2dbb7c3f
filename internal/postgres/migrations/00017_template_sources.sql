-- +goose Up
-- A stored template may be an Office file among the tenant's assets rather
-- than HTML (docs/office.md, Stored Word templates): the asset's name,
-- "letter.docx", with content ''. Null for an HTML template. Adding a
-- nullable column rewrites no table.
ALTER TABLE templates ADD COLUMN source text;

-- +goose Down
ALTER TABLE templates DROP COLUMN source;
