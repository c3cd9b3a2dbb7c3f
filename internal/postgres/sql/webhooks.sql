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

{{/* webhook-event-columns are the columns scanWebhookEvent reads, in its
order: next_at only while the event is pending. */}}
{{define "webhook-event-columns"}}id, tenant_id, type, job_id, batch_id, url, status, created_at,
    CASE WHEN status = {{status "pending"}} THEN next_at END, attempts, body, finished_at{{end}}

{{/* job-webhook-event and batch-webhook-event give the event of job or batch
$2 of tenant $1: no row when the work is not the tenant's, a NULL id when
it has no event. */}}
{{define "job-webhook-event"}}
SELECT e.id FROM jobs w LEFT JOIN webhook_events e ON e.job_id = w.id WHERE w.tenant_id = $1 AND w.id = $2
{{end}}

{{define "batch-webhook-event"}}
SELECT e.id FROM batches w LEFT JOIN webhook_events e ON e.batch_id = w.id WHERE w.tenant_id = $1 AND w.id = $2
{{end}}

{{define "webhook-event"}}
SELECT {{template "webhook-event-columns"}} FROM webhook_events WHERE id = $1
{{end}}

{{define "webhook-attempts"}}
SELECT attempt, at, coalesce(status, 0), duration_ms, coalesce(error, '')
FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt
{{end}}

{{/* claim-webhooks is the outbox's claim: it takes up to $1 due events,
skipping those another deliverer holds, and moves each one's next attempt
$2 seconds away (a deliverer that dies mid-attempt leaves its event due
again then). A tenant takes at most its room: $4/$5 the tenants with
events in flight here and the room each has left, $3 for the others; $6
the tenants with none left are not even candidates. The window function
ranks a few candidates ($1 × 4) before the row locks, since it cannot sit
under FOR UPDATE. */}}
{{define "claim-webhooks"}}
WITH cand AS (
    SELECT id, tenant_id, next_at FROM webhook_events
    WHERE status = {{status "pending"}} AND next_at <= now() AND NOT (tenant_id = ANY($6::text[]))
    ORDER BY next_at LIMIT $1 * 4
), ranked AS (
    SELECT c.id, c.next_at, row_number() OVER (PARTITION BY c.tenant_id ORDER BY c.next_at) AS rn,
           coalesce(b.room, $3) AS room
    FROM cand c LEFT JOIN unnest($4::text[], $5::int[]) AS b(tenant, room) ON b.tenant = c.tenant_id
), due AS (
    SELECT e.id FROM webhook_events e JOIN ranked r ON r.id = e.id
    WHERE r.rn <= r.room AND e.status = {{status "pending"}} AND e.next_at <= now()
    ORDER BY r.next_at LIMIT $1
    FOR UPDATE OF e SKIP LOCKED
)
UPDATE webhook_events e SET attempts = e.attempts + 1, next_at = now() + make_interval(secs => $2)
FROM due WHERE e.id = due.id
RETURNING e.id, e.tenant_id, e.type, e.job_id, e.batch_id, e.url, e.status, e.created_at,
    e.next_at, e.attempts, e.body, e.finished_at
{{end}}

{{/* set-webhook-body keeps $2 as event $1's body unless one was kept before,
and answers the one kept. */}}
{{define "set-webhook-body"}}
UPDATE webhook_events SET body = coalesce(body, $2) WHERE id = $1 RETURNING body
{{end}}

{{/* record-webhook-attempt logs attempt $2 of event $1 ($3 at, $4 HTTP
status, 0 = none, $5 ms, $6 error, '' = none) and moves the event on:
delivered when $7, else pending again $8 seconds later, or failed when
that would be past $9 seconds after the event was written. No row when the
attempt is no longer the event's. */}}
{{define "record-webhook-attempt"}}
WITH a AS (
    INSERT INTO webhook_attempts (event_id, attempt, at, status, duration_ms, error)
    VALUES ($1, $2, $3, nullif($4, 0), $5, nullif($6, ''))
    ON CONFLICT DO NOTHING
)
UPDATE webhook_events SET
    status = CASE WHEN $7 THEN {{status "delivered"}}
                  WHEN now() + make_interval(secs => $8) > created_at + make_interval(secs => $9) THEN {{status "failed"}}
                  ELSE {{status "pending"}} END,
    next_at = now() + make_interval(secs => $8),
    finished_at = CASE WHEN $7 OR now() + make_interval(secs => $8) > created_at + make_interval(secs => $9) THEN now() END
WHERE id = $1 AND attempts = $2 AND status = {{status "pending"}}
RETURNING status
{{end}}

{{/* next-webhook-due is the seconds until the next pending event is due
(negative when one is overdue; NULL when none is pending). */}}
{{define "next-webhook-due"}}
SELECT extract(epoch FROM min(next_at) - clock_timestamp())::float8
FROM webhook_events WHERE status = {{status "pending"}}
{{end}}

{{/* webhook-secrets reads tenant $1's signing secrets: the current one, when
it was rotated, and the replaced ones still signing, newest first. */}}
{{define "webhook-secrets"}}
SELECT t.webhook_secret, t.webhook_secret_rotated_at,
       coalesce(array_agg(o.secret ORDER BY o.expires_at DESC) FILTER (WHERE o.secret IS NOT NULL), '{}'),
       coalesce(array_agg(o.expires_at ORDER BY o.expires_at DESC) FILTER (WHERE o.secret IS NOT NULL), '{}')
FROM tenants t LEFT JOIN webhook_old_secrets o ON o.tenant_id = t.id AND o.expires_at > now()
WHERE t.id = $1
GROUP BY t.id
{{end}}

{{/* A rotation: lock-webhook-secret reads a live tenant's secret under lock;
keep-old-webhook-secret keeps it signing for $3 seconds, and drops the
expired ones and those past the newest $4 - 1; set-webhook-secret stores
the new one. */}}
{{define "lock-webhook-secret"}}
SELECT webhook_secret FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR UPDATE
{{end}}

{{define "keep-old-webhook-secret"}}
WITH ins AS (
    INSERT INTO webhook_old_secrets (tenant_id, secret, expires_at)
    VALUES ($1, $2, now() + make_interval(secs => $3))
)
DELETE FROM webhook_old_secrets WHERE tenant_id = $1 AND (expires_at <= now() OR expires_at < (
    SELECT expires_at FROM webhook_old_secrets WHERE tenant_id = $1
    ORDER BY expires_at DESC OFFSET $4 - 2 LIMIT 1))
{{end}}

{{define "set-webhook-secret"}}
UPDATE tenants SET webhook_secret = $2, webhook_secret_rotated_at = now() WHERE id = $1
{{end}}
