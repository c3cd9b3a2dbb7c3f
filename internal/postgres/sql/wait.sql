{{/*
What queued work waits for, and how long it should (docs/scheduler.md,
What tenants see): from its own group's figures alone — its tenant's
queued work, its group's starts and running work — and whether any live
worker claims its tier. Nothing here counts another tenant's work.
*/}}

{{/* beat-worker announces worker $1 claiming tiers $2, now. */}}
{{define "beat-worker"}}
INSERT INTO workers (id, tiers, seen_at) VALUES ($1, $2::text[], now())
ON CONFLICT (id) DO UPDATE SET tiers = excluded.tiers, seen_at = excluded.seen_at
{{end}}

{{/* worker-gone takes a stopping worker's announcement away. */}}
{{define "worker-gone"}}
DELETE FROM workers WHERE id = $1
{{end}}

{{/* sweep-workers forgets workers not seen for a day. */}}
{{define "sweep-workers"}}
DELETE FROM workers WHERE seen_at < now() - interval '1 day'
{{end}}

{{/* group-wait answers the figures of group ($1 tenant, $2 tier) at time $3:
its work running, its two-minute window of starts (count-starts), whether
its tenant is suspended or deleted, and whether a worker seen within $4
seconds of $3 claims the tier. */}}
{{define "group-wait"}}
SELECT coalesce(s.started, 0) - coalesce(f.finished, 0), s.minute, s.cur, s.prev, s.cur_since, s.prev_since,
    coalesce((SELECT t.suspended_at IS NOT NULL OR t.deleted_at IS NOT NULL FROM tenants t WHERE t.id = $1), false),
    EXISTS (SELECT 1 FROM workers w WHERE $2::text = ANY(w.tiers) AND w.seen_at > $3::timestamptz - make_interval(secs => $4::float8))
FROM (SELECT 1) AS one
LEFT JOIN group_starts s ON s.tenant_id = $1 AND s.tier = $2
LEFT JOIN group_finishes f ON f.tenant_id = $1 AND f.tier = $2
{{end}}

{{/* batch-ahead counts what goes before the next record of tenant $1's
batch $2: the tenant's queued single jobs (they go first) and the batches
of its lane before it in turn order (fewest running, then the older), as
lane-batches orders them from the turns index. */}}
{{define "batch-ahead"}}
SELECT (SELECT count(*) FROM jobs j WHERE j.tenant_id = $1 AND j.status = {{status "queued"}})
     + (SELECT count(*) FROM batches o WHERE o.lane_id = b.lane_id AND o.queued > 0 AND (o.running, o.id) < (b.running, b.id))
FROM batches b WHERE b.tenant_id = $1 AND b.id = $2
{{end}}
