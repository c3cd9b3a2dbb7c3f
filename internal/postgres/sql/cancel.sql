{{/* cancel-job cancels job $1 if it is queued or running, answering what it
was and the tier it ran at. */}}
{{define "cancel-job"}}
WITH old AS (SELECT id, status, coalesce(tier, '') AS tier FROM jobs WHERE id = $1 FOR UPDATE)
UPDATE jobs j SET status = {{status "canceled"}}, finished_at = now(), lease_token = NULL, lease_expires_at = NULL
FROM old WHERE j.id = old.id AND old.status IN ({{status "queued"}}, {{status "running"}})
RETURNING old.status, old.tier
{{end}}

{{define "job-to-cancel"}}
SELECT lane_id FROM jobs WHERE tenant_id = $1 AND id = $2
{{end}}

{{define "batch-to-cancel"}}
SELECT lane_id, finished_at FROM batches WHERE tenant_id = $1 AND id = $2
{{end}}

{{/* cancel-batch-records cancels batch $1's records that have not started and
moves its counts (the batch row locked by lock-batches). */}}
{{define "cancel-batch-records"}}
WITH c AS (
    UPDATE batch_records r SET status = {{status "canceled"}}, finished_at = now()
    WHERE r.batch_id = $1 AND r.status = {{status "queued"}}
    RETURNING 1
), n AS (SELECT count(*)::int AS n FROM c)
UPDATE batches SET queued = queued - n.n, canceled = canceled + n.n FROM n WHERE id = $1
RETURNING n.n
{{end}}

{{/* cancel-tenant-jobs and cancel-tenant-records cancel every queued job and
batch record of tenant $1 (its lanes locked), the latter answering the
batches whose counts moved. TestItemStatementsPair keeps their updates of
the items in step. */}}
{{define "cancel-tenant-jobs"}}
UPDATE jobs r SET status = {{status "canceled"}}, finished_at = now()
WHERE r.tenant_id = $1 AND r.status = {{status "queued"}}
{{end}}

{{define "cancel-tenant-records"}}
WITH canceled AS (
    UPDATE batch_records r SET status = {{status "canceled"}}, finished_at = now()
    FROM batches b WHERE b.tenant_id = $1 AND b.queued > 0 AND r.batch_id = b.id AND r.status = {{status "queued"}}
    RETURNING r.batch_id
), counts AS (
    SELECT batch_id, count(*) AS n FROM canceled GROUP BY batch_id
)
UPDATE batches b SET queued = b.queued - c.n, canceled = b.canceled + c.n
FROM counts c WHERE b.id = c.batch_id
RETURNING b.id
{{end}}

{{/* tenant-canceled-jobs are the jobs of tenant $1 with a webhookUrl that
this transaction canceled (their finished_at is its now()), to announce. */}}
{{define "tenant-canceled-jobs"}}
SELECT id FROM jobs
WHERE tenant_id = $1 AND status = {{status "canceled"}} AND finished_at = now() AND webhook_url IS NOT NULL
{{end}}
