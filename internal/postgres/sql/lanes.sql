{{/*
Lanes: queued work grouped by (tenant, key tier), carrying the queue's
counters. Every change to queued work takes its lane's row lock first
(lock-lane), then moves the counters.
*/}}

{{define "lock-lane"}}
SELECT 1 FROM lanes WHERE id = $1 FOR UPDATE
{{end}}

{{define "lock-tenant-lanes"}}
SELECT id FROM lanes WHERE tenant_id = $1 ORDER BY id FOR UPDATE
{{end}}

{{/* enqueue-lane adds $3 jobs and $4 records, submitted at $5, to the lane of
($1 tenant, $2 key tier), creating it on first use; the upsert takes the
lane's row lock. */}}
{{define "enqueue-lane"}}
INSERT INTO lanes AS l (tenant_id, key_tier, queued_jobs, queued_records, waiting_since)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, key_tier) DO UPDATE SET
    queued_jobs = l.queued_jobs + excluded.queued_jobs,
    queued_records = l.queued_records + excluded.queued_records,
    waiting_since = least(l.waiting_since, excluded.waiting_since)
RETURNING id
{{end}}

{{/* requeue-lane puts $2 jobs and $3 records, submitted at $4, back on lane
$1 (its lock held). */}}
{{define "requeue-lane"}}
UPDATE lanes SET queued_jobs = queued_jobs + $2, queued_records = queued_records + $3,
    waiting_since = least(waiting_since, $4)
WHERE id = $1
{{end}}

{{/* dequeue-lanes takes $2[i] jobs and $3[i] records off lane $1[i] (claimed or
canceled; the locks held) and recomputes since when each lane's oldest
queued work waits: the oldest queued job by the jobs_queued index (ids sort
by submission), not a min() over every queued job, and the oldest batch
with records queued, a min() the planner reads from the turns index (whose
predicate the status test matches) in submit order, stopping at the first
with records queued. */}}
{{define "dequeue-lanes"}}
UPDATE lanes l SET queued_jobs = l.queued_jobs - x.jobs, queued_records = l.queued_records - x.records,
    waiting_since = CASE WHEN l.queued_jobs - x.jobs + l.queued_records - x.records > 0 THEN least(
        (SELECT created_at FROM jobs WHERE lane_id = l.id AND status = {{status "queued"}} ORDER BY id LIMIT 1),
        (SELECT min(created_at) FROM batches WHERE lane_id = l.id AND status IN ({{status "queued"}}, {{status "running"}}) AND queued > 0)) END
FROM unnest($1::bigint[], $2::int[], $3::int[]) AS x(id, jobs, records)
WHERE l.id = x.id
{{end}}

{{/* empty-tenant-lanes zeroes a tenant's lanes once all its queued work is
canceled (their locks held). */}}
{{define "empty-tenant-lanes"}}
UPDATE lanes SET queued_jobs = 0, queued_records = 0, waiting_since = NULL
WHERE tenant_id = $1
{{end}}

{{/* notify-work wakes the workers (LISTEN paprika_work) when the transaction
commits. */}}
{{define "notify-work"}}
SELECT pg_notify('paprika_work', '')
{{end}}

{{/* resolve-tier is the tier work runs at (docs/scheduler.md, A tenant's tier), in SQL: the key's tier
if configured, else the tenant's if configured, else the default (the
first configured). Its arguments: the key's tier, the tenant's, and the
configured names (a text[] expression). It must agree with
config.Tiers.Resolve; TestResolveTierAgrees checks that it does. */}}
{{define "resolve-tier"}}CASE WHEN {{index . 0}} = ANY({{index . 2}}) THEN {{index . 0}} WHEN {{index . 1}} = ANY({{index . 2}}) THEN {{index . 1}} ELSE ({{index . 2}})[1] END{{end}}
