{{/* enqueue-webhooks writes the webhook events (docs/webhooks.md) of the jobs $1
(uuid[]) and batches $2 (uuid[]) that are finished and were submitted with a
webhookUrl, and wakes the deliverers (LISTEN paprika_webhooks) when the
transaction commits. Every path that finishes work runs it in the
transaction that finishes it, with the ids it touched: ids not finished,
without a webhookUrl or already announced are skipped (job_id and batch_id
are unique), so a path may pass more ids than it finished. */}}
{{define "enqueue-webhooks"}}
WITH e AS (
    INSERT INTO webhook_events (id, tenant_id, type, job_id, batch_id, url)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), tenant_id, 'job.finished', id, NULL::uuid, webhook_url
    FROM jobs WHERE id = ANY($1::uuid[]) AND webhook_url IS NOT NULL AND status IN ({{status "done"}}, {{status "failed"}}, {{status "canceled"}})
    UNION ALL
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), tenant_id, 'batch.finished', NULL::uuid, id, webhook_url
    FROM batches WHERE id = ANY($2::uuid[]) AND webhook_url IS NOT NULL AND finished_at IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT pg_notify('paprika_webhooks', '') FROM (SELECT 1 FROM e LIMIT 1) x
{{end}}
