{{/*
Usage per tenant, tier and UTC day (migrations 00013 and 00015;
docs/operations.md, Usage). Every way out of running that finishes work counts it here, in the
transaction that finishes it: complete-jobs and complete-records for what
a worker finished, count-lost-usage for what the reaper fails for good,
record-render for a synchronous render when it is answered (or a preview
of the console's studio, counted apart). Canceled work is not counted:
nothing of it was delivered.
*/}}

{{/* count-usage adds to the usage rows of the day: its argument is a query
answering (tenant_id, tier, day, renders, jobs, records, documents, pages,
render_seconds, bytes, failed, previews) rows, one a (tenant_id, tier) in that order,
so that a transaction makes one upsert a group, however many items it
finishes, and concurrent completers lock the rows in one order (the order
of count-finishes, whose rows they lock first). */}}
{{define "count-usage"}}
INSERT INTO usage_days AS u (tenant_id, tier, day, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews)
{{.}}
ON CONFLICT (tenant_id, day, tier) DO UPDATE SET
    renders = u.renders + excluded.renders, jobs = u.jobs + excluded.jobs, records = u.records + excluded.records,
    documents = u.documents + excluded.documents, pages = u.pages + excluded.pages,
    render_seconds = u.render_seconds + excluded.render_seconds, bytes = u.bytes + excluded.bytes,
    failed = u.failed + excluded.failed, previews = u.previews + excluded.previews
{{end}}

{{/* record-render counts a synchronous render when it is answered: $1
tenant, $2 tier, $3 render seconds, $4 status (done or failed), $5 pages,
$6 bytes, $7 whether it is a preview of the console's studio. A done one is
also a start that waited nothing and a finish of $3 seconds in the tier's
measures (as record-sync-render). A preview, done or failed, counts one
preview and nothing else: it is no render of the tenant's. */}}
{{define "record-render"}}
WITH k AS (SELECT $4::text = {{status "done"}} AS done, $4::text = {{status "failed"}} AS failed, $7::bool AS preview), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT $2, s.kind::"char", ARRAY[s.seconds] FROM k, (VALUES ('s', 0::float8), ('d', $3::float8)) AS s(kind, seconds)
    WHERE k.done
)
{{template "count-usage" "SELECT $1::text, $2::text, (now() AT TIME ZONE 'UTC')::date, (NOT k.preview)::int, 0, 0, (k.done AND NOT k.preview)::int, CASE WHEN k.preview THEN 0 ELSE $5::bigint END, CASE WHEN k.preview THEN 0 ELSE $3::float8 END, CASE WHEN k.preview THEN 0 ELSE $6::bigint END, (k.failed AND NOT k.preview)::int, k.preview::int FROM k"}}
{{end}}

{{/* count-lost-usage counts a job ($3 1) or record ($4 1) that the release
path failed for good ($1 tenant, $2 tier): worker-lost after its attempts,
or a retryable failure on its last. */}}
{{define "count-lost-usage"}}
{{template "count-usage" "SELECT $1::text, $2::text, (now() AT TIME ZONE 'UTC')::date, 0, $3::bigint, $4::bigint, 0, 0, 0::float8, 0, 1, 0"}}
{{end}}

{{/* tenant-usage answers tenant $1's days from $2 to $3 (dates, both
included), by day and tier. */}}
{{define "tenant-usage"}}
SELECT tenant_id, day, tier, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews
FROM usage_days
WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date
ORDER BY day, tier
{{end}}

{{/* all-usage answers every tenant's days from $1 to $2, or only tenant $3's
when it is not ''. */}}
{{define "all-usage"}}
SELECT tenant_id, day, tier, renders, jobs, records, documents, pages, render_seconds, bytes, failed, previews
FROM usage_days
WHERE day BETWEEN $1::date AND $2::date AND ($3::text = '' OR tenant_id = $3)
ORDER BY day, tenant_id, tier
{{end}}

{{/* sweep-usage keeps 400 days of usage, or a tenant's retention when it is
longer: the usage outlives the work it counts. */}}
{{define "sweep-usage"}}
DELETE FROM usage_days u
WHERE u.day < (now() AT TIME ZONE 'UTC')::date - 400
  AND u.day < (now() AT TIME ZONE 'UTC')::date - greatest(400, coalesce((SELECT t.retention_days FROM tenants t WHERE t.id = u.tenant_id), 0))
{{end}}
