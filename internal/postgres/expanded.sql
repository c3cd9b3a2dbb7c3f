-- Every named statement of internal/postgres/sql/*.sql exactly as PostgreSQL
-- receives it (but the semicolon that ends it here), made from the templates by
--   go test ./internal/postgres -run TestExpanded -update
-- Do not edit: edit sql/*.sql and run that. Search for "-- name: <statement>".

-- name: asset-usage (sql/assets.sql)
SELECT coalesce(sum(bytes) FILTER (WHERE name <> $2), 0)::bigint,
       count(*) FILTER (WHERE name <> $2),
       coalesce(max(object) FILTER (WHERE name = $2), ''),
       coalesce(sum(bytes) FILTER (WHERE name = $2), 0)::bigint,
       (SELECT coalesce(sum(o.bytes), 0)::bigint FROM asset_orphans o WHERE o.tenant_id = $1 AND NOT o.upload)
FROM assets WHERE tenant_id = $1;

-- name: upsert-asset (sql/assets.sql)
INSERT INTO assets (tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, now(), now())
ON CONFLICT (tenant_id, name) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes,
    sha256 = excluded.sha256, object = excluded.object, updated_at = excluded.updated_at
RETURNING tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at;

-- name: orphan-asset-object (sql/assets.sql)
INSERT INTO asset_orphans (tenant_id, object, bytes, since) VALUES ($1, $2, $3, now())
ON CONFLICT (tenant_id, object) DO UPDATE SET since = excluded.since, upload = false;

-- name: upload-asset-object (sql/assets.sql)
INSERT INTO asset_orphans (tenant_id, object, bytes, upload, since) VALUES ($1, $2, $3, true, now());

-- name: adopt-asset-object (sql/assets.sql)
DELETE FROM asset_orphans WHERE tenant_id = $1 AND object = $2;

-- name: delete-asset (sql/assets.sql)
WITH d AS (DELETE FROM assets WHERE tenant_id = $1 AND name = $2 RETURNING tenant_id, object, bytes)
INSERT INTO asset_orphans (tenant_id, object, bytes, since) SELECT tenant_id, object, bytes, now() FROM d
ON CONFLICT (tenant_id, object) DO UPDATE SET since = excluded.since
RETURNING object;

-- name: asset (sql/assets.sql)
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets WHERE tenant_id = $1 AND name = $2;

-- name: assets (sql/assets.sql)
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets WHERE tenant_id = $1 AND name > $2
ORDER BY name LIMIT $3;

-- name: assets-named (sql/assets.sql)
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets
WHERE tenant_id = $1 AND name = ANY($2::text[]);

-- name: sweep-asset-orphans (sql/assets.sql)
SELECT tenant_id, object FROM asset_orphans WHERE since < now() - interval '1 hour'
ORDER BY since LIMIT $1;

-- name: delete-asset-orphans (sql/assets.sql)
DELETE FROM asset_orphans o USING unnest($1::text[], $2::text[]) AS d (tenant_id, object)
WHERE o.tenant_id = d.tenant_id AND o.object = d.object;

-- name: deleted-asset-tenants (sql/assets.sql)
SELECT t.id FROM tenants t
WHERE t.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM assets a WHERE a.tenant_id = t.id)
LIMIT $1;

-- name: delete-tenant-assets (sql/assets.sql)
DELETE FROM assets a USING tenants t WHERE a.tenant_id = $1 AND t.id = a.tenant_id AND t.deleted_at IS NOT NULL;

-- name: cancel-job (sql/cancel.sql)
WITH old AS (SELECT id, status, coalesce(tier, '') AS tier FROM jobs WHERE id = $1 FOR UPDATE)
UPDATE jobs j SET status = 'canceled', finished_at = now(), lease_token = NULL, lease_expires_at = NULL
FROM old WHERE j.id = old.id AND old.status IN ('queued', 'running')
RETURNING old.status, old.tier;

-- name: job-to-cancel (sql/cancel.sql)
SELECT lane_id FROM jobs WHERE tenant_id = $1 AND id = $2;

-- name: batch-to-cancel (sql/cancel.sql)
SELECT lane_id, finished_at FROM batches WHERE tenant_id = $1 AND id = $2;

-- name: cancel-batch-records (sql/cancel.sql)
WITH c AS (
    UPDATE batch_records r SET status = 'canceled', finished_at = now()
    WHERE r.batch_id = $1 AND r.status = 'queued'
    RETURNING 1
), n AS (SELECT count(*)::int AS n FROM c)
UPDATE batches SET queued = queued - n.n, canceled = canceled + n.n FROM n WHERE id = $1
RETURNING n.n;

-- name: cancel-tenant-jobs (sql/cancel.sql)
UPDATE jobs r SET status = 'canceled', finished_at = now()
WHERE r.tenant_id = $1 AND r.status = 'queued';

-- name: cancel-tenant-records (sql/cancel.sql)
WITH canceled AS (
    UPDATE batch_records r SET status = 'canceled', finished_at = now()
    FROM batches b WHERE b.tenant_id = $1 AND b.queued > 0 AND r.batch_id = b.id AND r.status = 'queued'
    RETURNING r.batch_id
), counts AS (
    SELECT batch_id, count(*) AS n FROM canceled GROUP BY batch_id
)
UPDATE batches b SET queued = b.queued - c.n, canceled = b.canceled + c.n
FROM counts c WHERE b.id = c.batch_id
RETURNING b.id;

-- name: tenant-canceled-jobs (sql/cancel.sql)
SELECT id FROM jobs
WHERE tenant_id = $1 AND status = 'canceled' AND finished_at = now() AND webhook_url IS NOT NULL;

-- name: put-certificate (sql/certificates.sql)
INSERT INTO certificates (tenant_id, name, subject, issuer, not_before, not_after, sealed, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now())
ON CONFLICT (tenant_id, name) DO UPDATE
SET subject = excluded.subject, issuer = excluded.issuer, not_before = excluded.not_before,
    not_after = excluded.not_after, sealed = excluded.sealed, created_at = excluded.created_at
RETURNING tenant_id, name, subject, issuer, not_before, not_after, created_at;

-- name: certificates (sql/certificates.sql)
SELECT tenant_id, name, subject, issuer, not_before, not_after, created_at
FROM certificates WHERE tenant_id = $1 AND name > $2
ORDER BY name LIMIT $3;

-- name: certificate (sql/certificates.sql)
SELECT c.tenant_id, c.name, c.subject, c.issuer, c.not_before, c.not_after, c.created_at, c.sealed
FROM certificates c JOIN tenants t ON t.id = c.tenant_id
WHERE c.tenant_id = $1 AND c.name = $2 AND t.deleted_at IS NULL;

-- name: delete-certificate (sql/certificates.sql)
DELETE FROM certificates WHERE tenant_id = $1 AND name = $2;

-- name: any-certificate (sql/certificates.sql)
SELECT tenant_id, name, subject, issuer, not_before, not_after, created_at, sealed
FROM certificates ORDER BY created_at DESC LIMIT 1;

-- name: generic-plans (sql/claim.sql)
SET LOCAL plan_cache_mode = force_generic_plan;

-- name: commit-async (sql/claim.sql)
SET LOCAL synchronous_commit = off;

-- name: rank-lanes (sql/claim.sql)
WITH ranked AS MATERIALIZED (
    SELECT x.id,
           (coalesce(s.started, 0) - coalesce(f.finished, 0)
            + CASE WHEN s.minute = $6 THEN s.cur + s.prev * (1 - $7::float8)
                   WHEN s.minute = $6 - 1 THEN s.cur * (1 - $7::float8)
                   ELSE 0 END) / x.weight AS share,
           x.waiting_since, x.lane_xmin, x.weight, x.max_running, x.tenant_id, x.tier
    FROM (
        SELECT l.id, l.xmin AS lane_xmin, l.tenant_id, l.waiting_since, r.tier, ($2::float8[])[r.i] AS weight, ($3::int[])[r.i] AS max_running
        FROM lanes l
        CROSS JOIN LATERAL (
            SELECT tier, array_position($1::text[], tier) AS i
            FROM (SELECT CASE WHEN l.key_tier = ANY($1::text[]) THEN l.key_tier WHEN l.tenant_tier = ANY($1::text[]) THEN l.tenant_tier ELSE ($1::text[])[1] END AS tier) c
        ) r
        WHERE l.waiting_since IS NOT NULL AND l.runnable
        OFFSET 0
    ) x
    LEFT JOIN group_starts s ON s.tenant_id = x.tenant_id AND s.tier = x.tier
    LEFT JOIN group_finishes f ON f.tenant_id = x.tenant_id AND f.tier = x.tier
    WHERE CASE WHEN x.tier = ANY($4::text[])
               THEN x.max_running = 0 OR coalesce(s.started, 0) - coalesce(f.finished, 0) < x.max_running
               ELSE false END
    ORDER BY share, x.waiting_since
    LIMIT $5 * 4
)
SELECT l.id, r.share, r.waiting_since, l.queued_jobs, l.queued_records, r.tenant_id, r.tier, r.weight, r.max_running,
       (SELECT CASE WHEN count(*) = $5 * 4 THEN max(share) END FROM ranked) AS bound
FROM ranked r JOIN lanes l ON l.id = r.id
WHERE l.waiting_since IS NOT NULL AND l.xmin = r.lane_xmin
ORDER BY r.share, r.waiting_since
LIMIT $5
FOR UPDATE OF l SKIP LOCKED;

-- name: ensure-groups (sql/claim.sql)
INSERT INTO group_starts (tenant_id, tier)
SELECT * FROM unnest($1::text[], $2::text[]) ORDER BY 1, 2
ON CONFLICT (tenant_id, tier) DO NOTHING;

-- name: lock-groups (sql/claim.sql)
SELECT g.tenant_id, g.tier, g.started - coalesce(f.finished, 0), g.minute, g.cur, g.prev
FROM group_starts g
LEFT JOIN group_finishes f ON f.tenant_id = g.tenant_id AND f.tier = g.tier
WHERE (g.tenant_id, g.tier) IN (SELECT * FROM unnest($1::text[], $2::text[]))
ORDER BY g.tenant_id, g.tier
FOR UPDATE OF g;

-- name: lane-batches (sql/claim.sql)
WITH idle AS MATERIALIZED (
    SELECT b.lane_id, b.id, b.running, b.queued, b.created_at, b.next_index
    FROM unnest($1::bigint[]) AS x(lane)
    CROSS JOIN LATERAL (
        SELECT lane_id, id, running, queued, created_at, next_index FROM batches
        WHERE lane_id = x.lane AND status IN ('queued', 'running') AND queued > 0 AND running = 0
        ORDER BY created_at, id LIMIT $2
    ) b
), edge AS (
    SELECT x.lane, CASE WHEN count(i.id) < $2 THEN 'infinity' ELSE max(i.created_at) END AS until
    FROM unnest($1::bigint[]) AS x(lane) LEFT JOIN idle i ON i.lane_id = x.lane
    GROUP BY x.lane
)
SELECT * FROM idle
UNION ALL
SELECT b.lane_id, b.id, b.running, b.queued, b.created_at, b.next_index
FROM edge e
CROSS JOIN LATERAL (
    SELECT lane_id, id, running, queued, created_at, next_index FROM batches
    WHERE lane_id = e.lane AND status IN ('queued', 'running') AND created_at <= e.until
        AND queued > 0 AND running > 0
    ORDER BY running, created_at, id LIMIT $2
) b;

-- name: take-jobs (sql/claim.sql)
WITH pick AS MATERIALIZED (
    SELECT q.id, x.tier FROM unnest($1::bigint[], $2::int[], $3::text[]) AS x(lane, n, tier)
    CROSS JOIN LATERAL (
        SELECT id FROM jobs WHERE lane_id = x.lane AND status = 'queued' ORDER BY id LIMIT x.n
    ) q
), taken AS (
    UPDATE jobs r SET status = 'running', tier = pick.tier, started_at = now(), attempts = r.attempts + 1,
        lease_token = nextval('lease_tokens'), lease_expires_at = now() + $4::interval
    FROM pick WHERE r.id = pick.id AND r.status = 'queued'
    RETURNING r.id, r.tenant_id, r.tier, r.created_at, r.attempts, r.lease_token, r.format,
        coalesce(r.template, ''), coalesce(r.template_id, ''), coalesce(r.template_version, 0), r.data, r.options,
        coalesce(r.source, '')
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 's', array_agg(extract(epoch FROM now() - created_at)::float8) FROM taken GROUP BY tier
)
SELECT * FROM taken;

-- name: lock-batches (sql/claim.sql)
SELECT 1 FROM batches WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE;

-- name: take-records (sql/claim.sql)
WITH pick AS MATERIALIZED (
    SELECT x.batch, q.ctid AS row, x.tier, x.submitted
    FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $6::int[]) AS x(batch, n, tier, submitted, from_idx)
    CROSS JOIN LATERAL (
        SELECT ctid FROM batch_records
        WHERE batch_id = x.batch AND status = 'queued' AND idx >= x.from_idx
        ORDER BY idx LIMIT x.n
    ) q
), taken AS (
    UPDATE batch_records r SET status = 'running', tier = pick.tier, started_at = now(), attempts = r.attempts + 1,
        lease_token = nextval('lease_tokens'), lease_expires_at = now() + $5::interval
    FROM pick WHERE r.ctid = pick.row AND r.status = 'queued'
    RETURNING r.batch_id, r.idx, r.tier, pick.submitted, r.attempts, r.lease_token, r.data
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 's', array_agg(extract(epoch FROM now() - submitted)::float8) FROM taken GROUP BY tier
), started AS (
    -- The batches' counts move by what was really taken, and next_index past
    -- it, in one update of each batch row.
    UPDATE batches b SET queued = b.queued - t.n, running = b.running + t.n, tier = t.tier,
        status = 'running', started_at = coalesce(b.started_at, now()), next_index = t.last + 1
    FROM (SELECT batch_id, count(*)::int AS n, max(idx) AS last, min(tier) AS tier FROM taken GROUP BY batch_id) t
    WHERE b.id = t.batch_id
)
SELECT * FROM taken;

-- name: count-starts (sql/claim.sql)
UPDATE group_starts g SET started = g.started + x.n,
    prev = CASE WHEN g.minute = $4 THEN g.prev WHEN g.minute = $4 - 1 THEN g.cur ELSE 0 END,
    prev_since = CASE WHEN g.minute = $4 THEN g.prev_since WHEN g.minute = $4 - 1 THEN g.cur_since END,
    cur = CASE WHEN g.minute = $4 THEN g.cur ELSE 0 END + x.n,
    cur_since = CASE WHEN g.minute = $4 THEN coalesce(g.cur_since, now()) ELSE now() END,
    minute = $4
FROM unnest($1::text[], $2::text[], $3::int[]) AS x(tenant_id, tier, n)
WHERE g.tenant_id = x.tenant_id AND g.tier = x.tier;

-- name: count-finish (sql/complete.sql)
INSERT INTO group_finishes AS g (tenant_id, tier, finished)
VALUES ($1, $2, $3::bigint)
ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + excluded.finished;

-- name: complete-jobs (sql/complete.sql)
WITH i AS (
    SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::float8[])
        AS i(id, token, status, otype, obytes, opages, ecode, emsg, secs)
), d AS (
    UPDATE jobs r SET status = i.status, finished_at = now(), lease_token = NULL, lease_expires_at = NULL,
        output_type = nullif(i.otype, ''), output_bytes = i.obytes, output_pages = i.opages,
        error_code = nullif(i.ecode, ''), error_message = nullif(i.emsg, '')
    FROM i WHERE r.id = i.id AND r.lease_token = i.token
    RETURNING r.id, r.tenant_id, r.tier, r.status, i.secs, i.obytes, i.opages, r.status = 'done' AS done
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 'd', array_agg(secs) FROM d WHERE status = 'done' GROUP BY tier
), f AS (
    
INSERT INTO group_finishes AS g (tenant_id, tier, finished)
SELECT tenant_id, tier, count(*) FROM d GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + excluded.finished

), u AS (
    
INSERT INTO usage_days AS u (tenant_id, tier, day, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews)
SELECT tenant_id, tier, (now() AT TIME ZONE 'UTC')::date, 0, count(*), 0, count(*) FILTER (WHERE done), coalesce(sum(opages), 0), coalesce(sum(secs), 0), coalesce(sum(obytes), 0), count(*) FILTER (WHERE NOT done), 0 FROM d GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (tenant_id, day, tier) DO UPDATE SET
    renders = u.renders + excluded.renders, jobs = u.jobs + excluded.jobs, records = u.records + excluded.records,
    documents = u.documents + excluded.documents, pages = u.pages + excluded.pages,
    render_seconds = u.render_seconds + excluded.render_seconds, bytes = u.bytes + excluded.bytes,
    failed = u.failed + excluded.failed, previews = u.previews + excluded.previews

)
SELECT id FROM d;

-- name: complete-records (sql/complete.sql)
WITH i AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::text[], $9::text[], $10::float8[])
        AS i(batch_id, idx, token, status, otype, obytes, opages, ecode, emsg, secs)
), d AS (
    UPDATE batch_records r SET status = i.status, finished_at = now(), lease_token = NULL, lease_expires_at = NULL,
        output_type = nullif(i.otype, ''), output_bytes = i.obytes, output_pages = i.opages,
        error_code = nullif(i.ecode, ''), error_message = nullif(i.emsg, '')
    FROM i WHERE r.batch_id = i.batch_id AND r.idx = i.idx AND r.lease_token = i.token
    RETURNING r.batch_id, r.idx, r.tier, r.status, i.secs, i.obytes, i.opages, r.status = 'done' AS done
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 'd', array_agg(secs) FROM d WHERE status = 'done' GROUP BY tier
), counts AS (
    SELECT batch_id, count(*) AS n, count(*) FILTER (WHERE status = 'done') AS done,
        count(*) FILTER (WHERE status = 'failed') AS failed, array_agg(tier) AS tiers,
        array_agg(done) AS dones, array_agg(opages) AS pages, array_agg(obytes) AS bytes, array_agg(secs) AS secs
    FROM d GROUP BY batch_id
), b AS (
    UPDATE batches b SET running = b.running - c.n, done = b.done + c.done, failed = b.failed + c.failed,
        status = CASE WHEN b.queued = 0 AND b.running = c.n AND b.finished_at IS NULL
                      THEN CASE WHEN b.canceled > 0 THEN 'canceled' ELSE 'done' END
                      ELSE b.status END,
        finished_at = CASE WHEN b.queued = 0 AND b.running = c.n AND b.finished_at IS NULL THEN now() ELSE b.finished_at END
    FROM counts c WHERE b.id = c.batch_id
    RETURNING b.id, b.tenant_id, c.tiers, c.dones, c.pages, c.bytes, c.secs
), f AS (
    
INSERT INTO group_finishes AS g (tenant_id, tier, finished)
SELECT b.tenant_id, t.tier, count(*) FROM b CROSS JOIN LATERAL unnest(b.tiers) AS t(tier) GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + excluded.finished

), u AS (
    
INSERT INTO usage_days AS u (tenant_id, tier, day, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews)
SELECT b.tenant_id, t.tier, (now() AT TIME ZONE 'UTC')::date, 0, 0, count(*), count(*) FILTER (WHERE t.done), coalesce(sum(t.pages), 0), coalesce(sum(t.secs), 0), coalesce(sum(t.bytes), 0), count(*) FILTER (WHERE NOT t.done), 0 FROM b CROSS JOIN LATERAL unnest(b.tiers, b.dones, b.pages, b.bytes, b.secs) AS t(tier, done, pages, bytes, secs) GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (tenant_id, day, tier) DO UPDATE SET
    renders = u.renders + excluded.renders, jobs = u.jobs + excluded.jobs, records = u.records + excluded.records,
    documents = u.documents + excluded.documents, pages = u.pages + excluded.pages,
    render_seconds = u.render_seconds + excluded.render_seconds, bytes = u.bytes + excluded.bytes,
    failed = u.failed + excluded.failed, previews = u.previews + excluded.previews

)
SELECT batch_id, idx FROM d;

-- name: settle-batches (sql/complete.sql)
UPDATE batches SET status = CASE WHEN canceled > 0 THEN 'canceled' ELSE 'done' END, finished_at = now()
WHERE id = ANY($1::uuid[]) AND queued = 0 AND running = 0 AND finished_at IS NULL;

-- name: delete-idle-sessions (sql/console.sql)
DELETE FROM console_sessions WHERE seen_at < now() - $1::interval;

-- name: insert-session (sql/console.sql)
INSERT INTO console_sessions (token_hash, csrf_token, tenant_id, key_id, key_name, scopes, admin_token_hash)
VALUES ($1, $2, nullif($3, ''), nullif($4, ''), $5, $6, $7);

-- name: touch-session (sql/console.sql)
UPDATE console_sessions SET seen_at = now()
WHERE token_hash = $1 AND seen_at >= now() - $2::interval
RETURNING csrf_token, coalesce(tenant_id, ''), coalesce(key_id, ''), key_name, scopes, admin_token_hash;

-- name: delete-session (sql/console.sql)
DELETE FROM console_sessions WHERE token_hash = $1;

-- name: save-preview (sql/console.sql)
WITH added AS (
    INSERT INTO console_previews (id, token_hash, content_type, body) VALUES ($1, $2, $3, $4)
)
DELETE FROM console_previews WHERE token_hash = $2 AND id IN (
    SELECT id FROM console_previews WHERE token_hash = $2 ORDER BY created_at DESC OFFSET $5);

-- name: preview (sql/console.sql)
SELECT content_type, body FROM console_previews WHERE id = $1 AND token_hash = $2;

-- name: take-preview (sql/console.sql)
DELETE FROM console_previews WHERE id = $1 AND token_hash = $2 RETURNING content_type, body;

-- name: insert-job (sql/enqueue.sql)
INSERT INTO jobs (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
                  data, options, metadata, webhook_url, created_at, source)
VALUES ($1, $2, $3, $4, 'queued', $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, $11, nullif($12, ''), $13,
        nullif($14, ''));

-- name: insert-batch (sql/enqueue.sql)
INSERT INTO batches (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
                     options, metadata, webhook_url, total, queued, created_at, source)
VALUES ($1, $2, $3, $4, 'queued', $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, nullif($11, ''), $12, $12, $13,
        nullif($14, ''));

-- name: lock-lane (sql/lanes.sql)
SELECT 1 FROM lanes WHERE id = $1 FOR UPDATE;

-- name: lock-tenant-lanes (sql/lanes.sql)
SELECT id FROM lanes WHERE tenant_id = $1 ORDER BY id FOR UPDATE;

-- name: enqueue-lane (sql/lanes.sql)
INSERT INTO lanes AS l (tenant_id, key_tier, queued_jobs, queued_records, waiting_since)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, key_tier) DO UPDATE SET
    queued_jobs = l.queued_jobs + excluded.queued_jobs,
    queued_records = l.queued_records + excluded.queued_records,
    waiting_since = least(l.waiting_since, excluded.waiting_since)
RETURNING id;

-- name: requeue-lane (sql/lanes.sql)
UPDATE lanes SET queued_jobs = queued_jobs + $2, queued_records = queued_records + $3,
    waiting_since = least(waiting_since, $4)
WHERE id = $1;

-- name: dequeue-lanes (sql/lanes.sql)
UPDATE lanes l SET queued_jobs = l.queued_jobs - x.jobs, queued_records = l.queued_records - x.records,
    waiting_since = CASE WHEN l.queued_jobs - x.jobs + l.queued_records - x.records > 0 THEN least(
        (SELECT created_at FROM jobs WHERE lane_id = l.id AND status = 'queued' ORDER BY id LIMIT 1),
        (SELECT min(created_at) FROM batches WHERE lane_id = l.id AND status IN ('queued', 'running') AND queued > 0)) END
FROM unnest($1::bigint[], $2::int[], $3::int[]) AS x(id, jobs, records)
WHERE l.id = x.id;

-- name: empty-tenant-lanes (sql/lanes.sql)
UPDATE lanes SET queued_jobs = 0, queued_records = 0, waiting_since = NULL
WHERE tenant_id = $1;

-- name: notify-work (sql/lanes.sql)
SELECT pg_notify('paprika_work', '');

-- name: renew-jobs (sql/lease.sql)
UPDATE jobs r SET lease_expires_at = now() + $3::interval
FROM unnest($1::uuid[], $2::bigint[]) AS x(id, token)
WHERE r.id = x.id AND r.lease_token = x.token AND r.status = 'running'
RETURNING r.lease_token;

-- name: renew-records (sql/lease.sql)
UPDATE batch_records r SET lease_expires_at = now() + $4::interval
FROM unnest($1::uuid[], $2::int[], $3::bigint[]) AS x(batch_id, idx, token)
WHERE r.batch_id = x.batch_id AND r.idx = x.idx AND r.lease_token = x.token AND r.status = 'running'
RETURNING r.lease_token;

-- name: expired-jobs (sql/lease.sql)
SELECT id, lease_token FROM jobs WHERE status = 'running' AND lease_expires_at < coalesce($1::timestamptz, now()) LIMIT 100;

-- name: expired-records (sql/lease.sql)
SELECT batch_id, idx, lease_token FROM batch_records WHERE status = 'running' AND lease_expires_at < coalesce($1::timestamptz, now()) LIMIT 100;

-- name: queued-by-tier (sql/measures.sql)
SELECT CASE WHEN l.key_tier = ANY($1::text[]) THEN l.key_tier WHEN t.tier = ANY($1::text[]) THEN t.tier ELSE ($1::text[])[1] END, sum(l.queued_jobs + l.queued_records)::bigint
FROM lanes l
JOIN tenants t ON t.id = l.tenant_id
WHERE l.waiting_since IS NOT NULL
GROUP BY 1;

-- name: queue-by-tier (sql/measures.sql)
SELECT CASE WHEN l.key_tier = ANY($1::text[]) THEN l.key_tier WHEN t.tier = ANY($1::text[]) THEN t.tier ELSE ($1::text[])[1] END, sum(l.queued_jobs + l.queued_records)::bigint,
    greatest(0, extract(epoch FROM now() - min(l.waiting_since)))::float8
FROM lanes l
JOIN tenants t ON t.id = l.tenant_id
WHERE l.waiting_since IS NOT NULL
GROUP BY 1;

-- name: running-by-tier (sql/measures.sql)
SELECT g.tier, sum(g.started - coalesce(f.finished, 0))::bigint
FROM group_starts g LEFT JOIN group_finishes f ON f.tenant_id = g.tenant_id AND f.tier = g.tier
GROUP BY 1;

-- name: measured-by-tier (sql/measures.sql)
SELECT m.tier, m.kind::text, count(*),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY s.seconds),
    percentile_cont(0.95) WITHIN GROUP (ORDER BY s.seconds)
FROM measures m CROSS JOIN LATERAL unnest(m.seconds) AS s(seconds)
WHERE m.at > now() - make_interval(mins => $1)
GROUP BY 1, 2;

-- name: record-sync-render (sql/measures.sql)
INSERT INTO measures (tier, kind, seconds) VALUES ($1, 's', ARRAY[0::float8]), ($1, 'd', ARRAY[$2::float8]);

-- name: queue-ahead-count (sql/reads.sql)
SELECT count(*) FROM jobs WHERE tenant_id = $1 AND status = 'queued' AND id < $2;

-- name: queue-ahead (sql/reads.sql)
SELECT id, row_number() OVER (ORDER BY id) - 1 FROM jobs
WHERE tenant_id = $1 AND status = 'queued' AND id <= $2;

-- name: done-records (sql/reads.sql)
SELECT idx FROM batch_records WHERE batch_id = $1 AND status = 'done' ORDER BY idx;

-- name: job (sql/reads.sql)
SELECT j.id, j.tenant_id, j.key_id, l.key_tier, j.status, coalesce(j.tier, ''), j.format,
    coalesce(j.template, ''), coalesce(j.template_id, ''), coalesce(j.template_version, 0), j.options, coalesce(j.source, ''),
    j.metadata, coalesce(j.webhook_url, ''), j.created_at, j.started_at, j.finished_at, j.attempts,
    j.output_type, j.output_bytes, j.output_pages, coalesce(j.error_code, ''), coalesce(j.error_message, '')
FROM jobs j JOIN lanes l ON l.id = j.lane_id WHERE j.tenant_id = $1 AND j.id = $2;

-- name: jobs (sql/reads.sql)
SELECT j.id, j.tenant_id, j.key_id, l.key_tier, j.status, coalesce(j.tier, ''), j.format,
    coalesce(j.template, ''), coalesce(j.template_id, ''), coalesce(j.template_version, 0), j.options, coalesce(j.source, ''),
    j.metadata, coalesce(j.webhook_url, ''), j.created_at, j.started_at, j.finished_at, j.attempts,
    j.output_type, j.output_bytes, j.output_pages, coalesce(j.error_code, ''), coalesce(j.error_message, '')
FROM jobs j JOIN lanes l ON l.id = j.lane_id
WHERE j.tenant_id = $1 AND ($2 = '' OR j.status = $2) AND ($3::uuid IS NULL OR j.id < $3)
ORDER BY j.id DESC LIMIT $4;

-- name: batch (sql/reads.sql)
SELECT b.id, b.tenant_id, b.key_id, l.key_tier, b.status, coalesce(b.tier, ''), b.format,
    coalesce(b.template, ''), coalesce(b.template_id, ''), coalesce(b.template_version, 0), b.options, coalesce(b.source, ''),
    b.metadata, coalesce(b.webhook_url, ''), b.total, b.queued, b.running, b.done, b.failed, b.canceled,
    b.created_at, b.started_at, b.finished_at
FROM batches b JOIN lanes l ON l.id = b.lane_id WHERE b.tenant_id = $1 AND b.id = $2;

-- name: batches (sql/reads.sql)
SELECT b.id, b.tenant_id, b.key_id, l.key_tier, b.status, coalesce(b.tier, ''), b.format,
    coalesce(b.template, ''), coalesce(b.template_id, ''), coalesce(b.template_version, 0), b.options, coalesce(b.source, ''),
    b.metadata, coalesce(b.webhook_url, ''), b.total, b.queued, b.running, b.done, b.failed, b.canceled,
    b.created_at, b.started_at, b.finished_at
FROM batches b JOIN lanes l ON l.id = b.lane_id
WHERE b.tenant_id = $1 AND ($2 = '' OR b.status = $2) AND ($3::uuid IS NULL OR b.id < $3)
ORDER BY b.id DESC LIMIT $4;

-- name: records (sql/reads.sql)
SELECT idx, status, started_at, finished_at, output_type, output_bytes, output_pages,
    coalesce(error_code, ''), coalesce(error_message, '') FROM batch_records
WHERE batch_id = $1 AND ($2 = '' OR status = $2) AND idx > $3 ORDER BY idx LIMIT $4;

-- name: record (sql/reads.sql)
SELECT idx, status, started_at, finished_at, output_type, output_bytes, output_pages,
    coalesce(error_code, ''), coalesce(error_message, '') FROM batch_records r
WHERE batch_id = $2 AND idx = $3 AND EXISTS (SELECT 1 FROM batches b WHERE b.id = $2 AND b.tenant_id = $1);

-- name: done-documents (sql/reads.sql)
SELECT r.idx, coalesce(r.output_pages, 0), coalesce(CASE WHEN $3 = '' THEN NULL ELSE r.data->>$3 END, '')
FROM batch_records r JOIN batches b ON b.id = r.batch_id
WHERE b.tenant_id = $1 AND r.batch_id = $2 AND r.status = 'done'
ORDER BY r.idx;

-- name: job-lane (sql/release.sql)
SELECT lane_id, tenant_id FROM jobs WHERE id = $1;

-- name: batch-lane (sql/release.sql)
SELECT lane_id, tenant_id FROM batches WHERE id = $1;

-- name: release-job (sql/release.sql)
UPDATE jobs SET
    status = CASE WHEN NOT $3 AND attempts >= $4 THEN 'failed' ELSE 'queued' END,
    attempts = CASE WHEN $3 THEN attempts - 1 ELSE attempts END,
    finished_at = CASE WHEN NOT $3 AND attempts >= $4 THEN now() END,
    error_code = CASE WHEN NOT $3 AND attempts >= $4 THEN $5 END,
    error_message = CASE WHEN NOT $3 AND attempts >= $4 THEN $6 END,
    started_at = CASE WHEN NOT $3 AND attempts >= $4 THEN started_at END,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = $1 AND lease_token = $2 AND status = 'running'
RETURNING status, tier, created_at;

-- name: release-record (sql/release.sql)
UPDATE batch_records SET
    status = CASE WHEN NOT $4 AND attempts >= $5 THEN 'failed' ELSE 'queued' END,
    attempts = CASE WHEN $4 THEN attempts - 1 ELSE attempts END,
    finished_at = CASE WHEN NOT $4 AND attempts >= $5 THEN now() END,
    error_code = CASE WHEN NOT $4 AND attempts >= $5 THEN $6 END,
    error_message = CASE WHEN NOT $4 AND attempts >= $5 THEN $7 END,
    started_at = CASE WHEN NOT $4 AND attempts >= $5 THEN started_at END,
    lease_token = NULL, lease_expires_at = NULL
WHERE batch_id = $1 AND idx = $2 AND lease_token = $3 AND status = 'running'
RETURNING status, tier, (SELECT created_at FROM batches WHERE id = $1);

-- name: released-record (sql/release.sql)
UPDATE batches SET running = running - 1,
    queued = queued + CASE WHEN $2 THEN 1 ELSE 0 END,
    failed = failed + CASE WHEN $2 THEN 0 ELSE 1 END,
    next_index = CASE WHEN $2 THEN least(next_index, $3) ELSE next_index END
WHERE id = $1;

-- name: batch-source (sql/sources.sql)
SELECT format, coalesce(template, ''), coalesce(template_id, ''), coalesce(template_version, 0), options, coalesce(source, '')
FROM batches WHERE id = $1;

-- name: template-content (sql/sources.sql)
SELECT content FROM templates WHERE tenant_id = $1 AND id = $2 AND version = $3 AND deleted_at IS NULL;

-- name: lock-storage (sql/storage.sql)
SELECT template_bytes FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE;

-- name: add-template-bytes (sql/storage.sql)
UPDATE tenants SET template_bytes = template_bytes + $2 WHERE id = $1;

-- name: sweep-jobs (sql/sweep.sql)
SELECT j.tenant_id, j.id, j.format FROM jobs j JOIN tenants t ON t.id = j.tenant_id
WHERE (t.deleted_at IS NOT NULL AND j.status NOT IN ('queued', 'running'))
   OR j.finished_at < now() - make_interval(days => t.retention_days)
LIMIT $1;

-- name: delete-jobs (sql/sweep.sql)
DELETE FROM jobs WHERE id = ANY($1);

-- name: emptied-tenants (sql/sweep.sql)
SELECT t.id FROM tenants t
WHERE t.id = ANY($1) AND t.deleted_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = t.id);

-- name: sweep-batches (sql/sweep.sql)
SELECT b.id, b.tenant_id FROM batches b JOIN tenants t ON t.id = b.tenant_id
WHERE b.finished_at IS NOT NULL
  AND (t.deleted_at IS NOT NULL OR b.finished_at < now() - make_interval(days => t.retention_days))
LIMIT $1;

-- name: delete-batch (sql/sweep.sql)
WITH r AS (DELETE FROM batch_records WHERE batch_id = $1)
DELETE FROM batches WHERE id = $1;

-- name: sweep-measures (sql/sweep.sql)
DELETE FROM measures WHERE at < now() - interval '25 hours';

-- name: sweep-rates (sql/sweep.sql)
DELETE FROM rate_counts c USING tenants t
WHERE t.id = c.tenant_id
  AND (t.deleted_at IS NOT NULL OR c.minute < now() - make_interval(days => t.retention_days));

-- name: sweep-deleted-templates (sql/sweep.sql)
DELETE FROM templates tp USING tenants t
WHERE t.id = tp.tenant_id AND (t.deleted_at IS NOT NULL OR tp.deleted_at < now() - make_interval(days => t.retention_days))
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = tp.tenant_id AND j.template_id = tp.id AND j.status IN ('queued', 'running'))
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = tp.tenant_id AND b.template_id = tp.id AND b.finished_at IS NULL);

-- name: sweep-certificates (sql/sweep.sql)
DELETE FROM certificates c USING tenants t
WHERE t.id = c.tenant_id AND t.deleted_at IS NOT NULL;

-- name: sweep-lock (sql/sweep.sql)
SELECT pg_try_advisory_lock(727270001);

-- name: sweep-unlock (sql/sweep.sql)
SELECT pg_advisory_unlock(727270001);

-- name: template-versions (sql/templates.sql)
SELECT coalesce(bool_or(deleted_at IS NULL), false), coalesce(max(version), 0)
FROM templates WHERE tenant_id = $1 AND id = $2;

-- name: insert-template (sql/templates.sql)
INSERT INTO templates (tenant_id, id, version, name, content, sample_data, options, source, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6::text::json, $7::text::jsonb, $8, now(), now()) RETURNING tenant_id, id, name, content, coalesce(source, ''), sample_data::text, options::text, version, created_at, updated_at;

-- name: put-template (sql/templates.sql)
INSERT INTO templates (tenant_id, id, version, name, content, sample_data, options, source, created_at, updated_at)
SELECT tenant_id, id, version + 1, coalesce(nullif($3, ''), name), $4,
    coalesce($5::text::json, sample_data), coalesce($6::text::jsonb, options), $7, created_at, now()
FROM templates WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL
ORDER BY version DESC LIMIT 1
RETURNING tenant_id, id, name, content, coalesce(source, ''), sample_data::text, options::text, version, created_at, updated_at;

-- name: template-version-list (sql/templates.sql)
SELECT version, updated_at, octet_length(content) + coalesce(octet_length(source), 0) FROM templates
WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL AND ($3 = 0 OR version < $3)
ORDER BY version DESC LIMIT $4;

-- name: template (sql/templates.sql)
SELECT tenant_id, id, name, content, coalesce(source, ''), sample_data::text, options::text, version, created_at, updated_at FROM templates
WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL AND ($3 = 0 OR version = $3)
ORDER BY version DESC LIMIT 1;

-- name: templates (sql/templates.sql)
SELECT DISTINCT ON (id) tenant_id, id, name, content, coalesce(source, ''), sample_data::text, options::text, version, created_at, updated_at FROM templates
WHERE tenant_id = $1 AND deleted_at IS NULL AND id > $2
ORDER BY id, version DESC LIMIT $3;

-- name: delete-template (sql/templates.sql)
WITH v AS (
    SELECT version, (octet_length(content) + coalesce(octet_length(source), 0) + octet_length(sample_data::text) + octet_length(options::text)) AS bytes FROM templates
    WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE
), d AS (
    UPDATE templates t SET deleted_at = now(), content = '', source = NULL, sample_data = '{}', options = '{}'
    FROM v WHERE t.tenant_id = $1 AND t.id = $2 AND t.version = v.version
    RETURNING v.bytes
), freed AS (
    UPDATE tenants SET template_bytes = template_bytes - (SELECT sum(bytes) FROM d)
    WHERE id = $1 AND EXISTS (SELECT 1 FROM d)
)
SELECT count(*) FROM d;

-- name: create-tenant (sql/tenants.sql)
INSERT INTO tenants (id, name, tier, retention_days, webhook_secret)
VALUES ($1, $2, nullif($3, ''), $4, $5)
RETURNING id, name, coalesce(tier, ''), retention_days, created_at, suspended_at, deleted_at;

-- name: tenant (sql/tenants.sql)
SELECT id, name, coalesce(tier, ''), retention_days, created_at, suspended_at, deleted_at FROM tenants WHERE id = $1;

-- name: tenants (sql/tenants.sql)
SELECT id, name, coalesce(tier, ''), retention_days, created_at, suspended_at, deleted_at FROM tenants WHERE id > $1 ORDER BY id LIMIT $2;

-- name: update-tenant (sql/tenants.sql)
UPDATE tenants SET
    name = coalesce($2, name),
    tier = CASE WHEN $3::boolean THEN nullif($4, '') ELSE tier END,
    retention_days = coalesce($5, retention_days),
    suspended_at = CASE
        WHEN $6::boolean IS NULL THEN suspended_at
        WHEN $6 THEN coalesce(suspended_at, now())
        ELSE NULL END
WHERE id = $1 AND deleted_at IS NULL
RETURNING id, name, coalesce(tier, ''), retention_days, created_at, suspended_at, deleted_at;

-- name: delete-tenant (sql/tenants.sql)
UPDATE tenants SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL;

-- name: revoke-tenant-keys (sql/tenants.sql)
UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND revoked_at IS NULL;

-- name: create-key (sql/tenants.sql)
INSERT INTO api_keys (id, tenant_id, name, scopes, tier, prefix, secret_hash)
SELECT $1, id, $3, $4, nullif($5, ''), $6, $7 FROM tenants WHERE id = $2 AND deleted_at IS NULL
RETURNING id, tenant_id, name, scopes, coalesce(tier, ''), prefix, created_at, revoked_at;

-- name: keys (sql/tenants.sql)
SELECT id, tenant_id, name, scopes, coalesce(tier, ''), prefix, created_at, revoked_at FROM api_keys
WHERE tenant_id = $1 AND ($2 = '' OR (created_at, id) > (SELECT created_at, id FROM api_keys WHERE id = $2 AND tenant_id = $1))
ORDER BY created_at, id LIMIT $3;

-- name: revoke-key (sql/tenants.sql)
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = $1 AND id = $2;

-- name: authenticate-secret (sql/tenants.sql)
SELECT k.id, k.tenant_id, k.name, k.scopes, coalesce(k.tier, ''), k.prefix, k.created_at, k.revoked_at,
       t.id, t.name, coalesce(t.tier, ''), t.retention_days, t.created_at, t.suspended_at, t.deleted_at
FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
WHERE k.secret_hash = $1 AND k.revoked_at IS NULL AND t.deleted_at IS NULL;

-- name: authenticate-key (sql/tenants.sql)
SELECT k.id, k.tenant_id, k.name, k.scopes, coalesce(k.tier, ''), k.prefix, k.created_at, k.revoked_at,
       t.id, t.name, coalesce(t.tier, ''), t.retention_days, t.created_at, t.suspended_at, t.deleted_at
FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
WHERE k.id = $1 AND k.revoked_at IS NULL AND t.deleted_at IS NULL;

-- name: count-request (sql/tenants.sql)
INSERT INTO rate_counts AS c (tenant_id, minute, n) VALUES ($1, date_trunc('minute', coalesce($3::timestamptz, now())), 1)
ON CONFLICT (tenant_id, minute) DO UPDATE SET n = c.n + 1 WHERE c.n < $2
RETURNING n, coalesce($3::timestamptz, now());

-- name: db-now (sql/tenants.sql)
SELECT coalesce($1::timestamptz, now());

-- name: record-render (sql/usage.sql)
WITH k AS (SELECT $4::text = 'done' AS done, $4::text = 'failed' AS failed, $7::bool AS preview), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT $2, s.kind::"char", ARRAY[s.seconds] FROM k, (VALUES ('s', 0::float8), ('d', $3::float8)) AS s(kind, seconds)
    WHERE k.done
)

INSERT INTO usage_days AS u (tenant_id, tier, day, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews)
SELECT $1::text, $2::text, (now() AT TIME ZONE 'UTC')::date, (NOT k.preview)::int, 0, 0, (k.done AND NOT k.preview)::int, CASE WHEN k.preview THEN 0 ELSE $5::bigint END, CASE WHEN k.preview THEN 0 ELSE $3::float8 END, CASE WHEN k.preview THEN 0 ELSE $6::bigint END, (k.failed AND NOT k.preview)::int, k.preview::int FROM k
ON CONFLICT (tenant_id, day, tier) DO UPDATE SET
    renders = u.renders + excluded.renders, jobs = u.jobs + excluded.jobs, records = u.records + excluded.records,
    documents = u.documents + excluded.documents, pages = u.pages + excluded.pages,
    render_seconds = u.render_seconds + excluded.render_seconds, bytes = u.bytes + excluded.bytes,
    failed = u.failed + excluded.failed, previews = u.previews + excluded.previews;

-- name: count-lost-usage (sql/usage.sql)
INSERT INTO usage_days AS u (tenant_id, tier, day, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews)
SELECT $1::text, $2::text, (now() AT TIME ZONE 'UTC')::date, 0, $3::bigint, $4::bigint, 0, 0, 0::float8, 0, 1, 0
ON CONFLICT (tenant_id, day, tier) DO UPDATE SET
    renders = u.renders + excluded.renders, jobs = u.jobs + excluded.jobs, records = u.records + excluded.records,
    documents = u.documents + excluded.documents, pages = u.pages + excluded.pages,
    render_seconds = u.render_seconds + excluded.render_seconds, bytes = u.bytes + excluded.bytes,
    failed = u.failed + excluded.failed, previews = u.previews + excluded.previews;

-- name: tenant-usage (sql/usage.sql)
SELECT tenant_id, day, tier, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews
FROM usage_days
WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date
ORDER BY day, tier;

-- name: all-usage (sql/usage.sql)
SELECT tenant_id, day, tier, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews
FROM usage_days
WHERE day BETWEEN $1::date AND $2::date AND ($3::text = '' OR tenant_id = $3)
ORDER BY day, tenant_id, tier;

-- name: sweep-usage (sql/usage.sql)
DELETE FROM usage_days u
WHERE u.day < (now() AT TIME ZONE 'UTC')::date - 400
  AND u.day < (now() AT TIME ZONE 'UTC')::date - greatest(400, coalesce((SELECT t.retention_days FROM tenants t WHERE t.id = u.tenant_id), 0));

-- name: beat-worker (sql/wait.sql)
INSERT INTO workers (id, tiers, seen_at) VALUES ($1, $2::text[], now())
ON CONFLICT (id) DO UPDATE SET tiers = excluded.tiers, seen_at = excluded.seen_at;

-- name: worker-gone (sql/wait.sql)
DELETE FROM workers WHERE id = $1;

-- name: sweep-workers (sql/wait.sql)
DELETE FROM workers WHERE seen_at < now() - interval '1 day';

-- name: group-wait (sql/wait.sql)
SELECT coalesce(s.started, 0) - coalesce(f.finished, 0), s.minute, s.cur, s.prev, s.cur_since, s.prev_since,
    coalesce((SELECT t.suspended_at IS NOT NULL OR t.deleted_at IS NOT NULL FROM tenants t WHERE t.id = $1), false),
    EXISTS (SELECT 1 FROM workers w WHERE $2::text = ANY(w.tiers) AND w.seen_at > $3::timestamptz - make_interval(secs => $4::float8))
FROM (SELECT 1) AS one
LEFT JOIN group_starts s ON s.tenant_id = $1 AND s.tier = $2
LEFT JOIN group_finishes f ON f.tenant_id = $1 AND f.tier = $2;

-- name: batch-ahead (sql/wait.sql)
SELECT (SELECT count(*) FROM jobs j WHERE j.tenant_id = $1 AND j.status = 'queued')
     + (SELECT count(*) FROM batches o WHERE o.lane_id = b.lane_id AND o.queued > 0 AND (o.running, o.id) < (b.running, b.id))
FROM batches b WHERE b.tenant_id = $1 AND b.id = $2;

-- name: enqueue-webhooks (sql/webhooks.sql)
WITH e AS (
    INSERT INTO webhook_events (id, tenant_id, type, job_id, batch_id, url)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), tenant_id, 'job.finished', id, NULL::uuid, webhook_url
    FROM jobs WHERE id = ANY($1::uuid[]) AND webhook_url IS NOT NULL AND status IN ('done', 'failed', 'canceled')
    UNION ALL
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), tenant_id, 'batch.finished', NULL::uuid, id, webhook_url
    FROM batches WHERE id = ANY($2::uuid[]) AND webhook_url IS NOT NULL AND finished_at IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT pg_notify('paprika_webhooks', '') FROM (SELECT 1 FROM e LIMIT 1) x;

-- name: job-webhook-event (sql/webhooks.sql)
SELECT e.id FROM jobs w LEFT JOIN webhook_events e ON e.job_id = w.id WHERE w.tenant_id = $1 AND w.id = $2;

-- name: batch-webhook-event (sql/webhooks.sql)
SELECT e.id FROM batches w LEFT JOIN webhook_events e ON e.batch_id = w.id WHERE w.tenant_id = $1 AND w.id = $2;

-- name: webhook-event (sql/webhooks.sql)
SELECT id, tenant_id, type, job_id, batch_id, url, status, created_at,
    CASE WHEN status = 'pending' THEN next_at END, attempts, body, finished_at FROM webhook_events WHERE id = $1;

-- name: webhook-attempts (sql/webhooks.sql)
SELECT attempt, at, coalesce(status, 0), duration_ms, coalesce(error, '')
FROM webhook_attempts WHERE event_id = $1 ORDER BY attempt;

-- name: claim-webhooks (sql/webhooks.sql)
WITH cand AS (
    SELECT id, tenant_id, next_at FROM webhook_events
    WHERE status = 'pending' AND next_at <= now() AND NOT (tenant_id = ANY($6::text[]))
    ORDER BY next_at LIMIT $1 * 4
), ranked AS (
    SELECT c.id, c.next_at, row_number() OVER (PARTITION BY c.tenant_id ORDER BY c.next_at) AS rn,
           coalesce(b.room, $3) AS room
    FROM cand c LEFT JOIN unnest($4::text[], $5::int[]) AS b(tenant, room) ON b.tenant = c.tenant_id
), due AS (
    SELECT e.id FROM webhook_events e JOIN ranked r ON r.id = e.id
    WHERE r.rn <= r.room AND e.status = 'pending' AND e.next_at <= now()
    ORDER BY r.next_at LIMIT $1
    FOR UPDATE OF e SKIP LOCKED
)
UPDATE webhook_events e SET attempts = e.attempts + 1, next_at = now() + make_interval(secs => $2)
FROM due WHERE e.id = due.id
RETURNING e.id, e.tenant_id, e.type, e.job_id, e.batch_id, e.url, e.status, e.created_at,
    e.next_at, e.attempts, e.body, e.finished_at;

-- name: set-webhook-body (sql/webhooks.sql)
UPDATE webhook_events SET body = coalesce(body, $2) WHERE id = $1 RETURNING body;

-- name: record-webhook-attempt (sql/webhooks.sql)
WITH a AS (
    INSERT INTO webhook_attempts (event_id, attempt, at, status, duration_ms, error)
    VALUES ($1, $2, $3, nullif($4, 0), $5, nullif($6, ''))
    ON CONFLICT DO NOTHING
)
UPDATE webhook_events SET
    status = CASE WHEN $7 THEN 'delivered'
                  WHEN now() + make_interval(secs => $8) > created_at + make_interval(secs => $9) THEN 'failed'
                  ELSE 'pending' END,
    next_at = now() + make_interval(secs => $8),
    finished_at = CASE WHEN $7 OR now() + make_interval(secs => $8) > created_at + make_interval(secs => $9) THEN now() END
WHERE id = $1 AND attempts = $2 AND status = 'pending'
RETURNING status;

-- name: next-webhook-due (sql/webhooks.sql)
SELECT extract(epoch FROM min(next_at) - clock_timestamp())::float8
FROM webhook_events WHERE status = 'pending';

-- name: webhook-secrets (sql/webhooks.sql)
SELECT t.webhook_secret, t.webhook_secret_rotated_at,
       coalesce(array_agg(o.secret ORDER BY o.expires_at DESC) FILTER (WHERE o.secret IS NOT NULL), '{}'),
       coalesce(array_agg(o.expires_at ORDER BY o.expires_at DESC) FILTER (WHERE o.secret IS NOT NULL), '{}')
FROM tenants t LEFT JOIN webhook_old_secrets o ON o.tenant_id = t.id AND o.expires_at > now()
WHERE t.id = $1
GROUP BY t.id;

-- name: lock-webhook-secret (sql/webhooks.sql)
SELECT webhook_secret FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR UPDATE;

-- name: keep-old-webhook-secret (sql/webhooks.sql)
WITH ins AS (
    INSERT INTO webhook_old_secrets (tenant_id, secret, expires_at)
    VALUES ($1, $2, now() + make_interval(secs => $3))
)
DELETE FROM webhook_old_secrets WHERE tenant_id = $1 AND (expires_at <= now() OR expires_at < (
    SELECT expires_at FROM webhook_old_secrets WHERE tenant_id = $1
    ORDER BY expires_at DESC OFFSET $4 - 2 LIMIT 1));

-- name: set-webhook-secret (sql/webhooks.sql)
UPDATE tenants SET webhook_secret = $2, webhook_secret_rotated_at = now() WHERE id = $1;
