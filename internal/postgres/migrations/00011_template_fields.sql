-- +goose Up
-- A stored template's version carries the data the studio previews it with
-- (sample_data, the JSON text as the author wrote it: json, not jsonb, keeps
-- its key order and layout) and its default rendering options (options,
-- checked by the API and stored in the API's shape), written with its
-- content: a new version copies none of them from the last unless the
-- request leaves them out. Both default to an empty object, so the rows
-- already there need no rewrite.
ALTER TABLE templates
    ADD COLUMN sample_data json NOT NULL DEFAULT '{}',
    ADD COLUMN options jsonb NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE templates DROP COLUMN sample_data, DROP COLUMN options;
