-- +goose Up
-- The console studio's previews, counted apart from renders (docs/operations.md,
-- Usage): a preview adds one here and nothing to the other columns, so that
-- billing by renders, pages or render seconds does not charge an author for
-- typing.
ALTER TABLE usage_days ADD COLUMN previews bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE usage_days DROP COLUMN previews;
