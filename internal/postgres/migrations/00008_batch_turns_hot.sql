-- +goose Up
-- The turns index held each batch's running count (and its predicate the
-- queued count), so every claim's and completion's update of a batch row
-- was a non-HOT update: a copy of the row and three new index entries, and
-- a busy batches table bloated 38 times over in 20 s of bench/scheduler.
-- The new one holds only what never changes while a batch is unfinished,
-- so those updates are HOT; lane-batches and dequeue-lanes read the lane's
-- unfinished batches in submit order and stop early (sql/claim.sql).
-- The new index is built inside the migration's transaction, which holds
-- the batches table until it is built.
DROP INDEX batches_turns;
CREATE INDEX batches_turns ON batches (lane_id, created_at, id) WHERE status IN ('queued', 'running');

-- +goose Down
DROP INDEX batches_turns;
CREATE INDEX batches_turns ON batches (lane_id, running, id) WHERE queued > 0;
