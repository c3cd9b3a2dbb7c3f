-- +goose Up
-- A row of measures holds every start (kind 's', seconds waited) or finish
-- (kind 'd', seconds rendering) of one tier that one claim or one
-- completion flush recorded, as an array: a claim of 64 items writes one
-- row where it wrote 64. The measures read them with unnest.
ALTER TABLE measures ALTER COLUMN seconds TYPE double precision[] USING ARRAY[seconds];

-- +goose Down
DELETE FROM measures WHERE cardinality(seconds) <> 1;
ALTER TABLE measures ALTER COLUMN seconds TYPE double precision USING seconds[1];
