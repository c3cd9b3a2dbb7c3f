{{/* What tenants read of the queue. queue-ahead-count is job $2's place: the
tenant's own queued jobs submitted before it (docs/scheduler.md, What tenants see); queue-ahead gives
it for every queued job up to $2 in one scan. */}}
{{define "queue-ahead-count"}}
SELECT count(*) FROM jobs WHERE tenant_id = $1 AND status = {{status "queued"}} AND id < $2
{{end}}

{{define "queue-ahead"}}
SELECT id, row_number() OVER (ORDER BY id) - 1 FROM jobs
WHERE tenant_id = $1 AND status = {{status "queued"}} AND id <= $2
{{end}}

{{/* done-records lists a batch's finished records in index order (its ZIP). */}}
{{define "done-records"}}
SELECT idx FROM batch_records WHERE batch_id = $1 AND status = {{status "done"}} ORDER BY idx
{{end}}

{{/* job-columns, batch-columns and record-columns are the columns scanJob,
scanBatch and scanRecord read, in their order. */}}
{{define "job-columns"}}j.id, j.tenant_id, j.key_id, l.key_tier, j.status, coalesce(j.tier, ''), j.format,
    coalesce(j.template, ''), coalesce(j.template_id, ''), coalesce(j.template_version, 0), j.options, coalesce(j.source, ''),
    j.metadata, coalesce(j.webhook_url, ''), j.created_at, j.started_at, j.finished_at, j.attempts,
    j.output_type, j.output_bytes, j.output_pages, coalesce(j.error_code, ''), coalesce(j.error_message, ''){{end}}

{{define "batch-columns"}}b.id, b.tenant_id, b.key_id, l.key_tier, b.status, coalesce(b.tier, ''), b.format,
    coalesce(b.template, ''), coalesce(b.template_id, ''), coalesce(b.template_version, 0), b.options, coalesce(b.source, ''),
    b.metadata, coalesce(b.webhook_url, ''), b.total, b.queued, b.running, b.done, b.failed, b.canceled,
    b.created_at, b.started_at, b.finished_at{{end}}

{{define "record-columns"}}idx, status, started_at, finished_at, output_type, output_bytes, output_pages,
    coalesce(error_code, ''), coalesce(error_message, ''){{end}}

{{/* job returns job $2 of tenant $1. */}}
{{define "job"}}
SELECT {{template "job-columns"}}
FROM jobs j JOIN lanes l ON l.id = j.lane_id WHERE j.tenant_id = $1 AND j.id = $2
{{end}}

{{/* jobs lists a tenant's jobs, newest first, of status $2 ('' = any), before
the job $3 (NULL = from the newest). */}}
{{define "jobs"}}
SELECT {{template "job-columns"}}
FROM jobs j JOIN lanes l ON l.id = j.lane_id
WHERE j.tenant_id = $1 AND ($2 = '' OR j.status = $2) AND ($3::uuid IS NULL OR j.id < $3)
ORDER BY j.id DESC LIMIT $4
{{end}}

{{/* batch returns batch $2 of tenant $1 with its counts. */}}
{{define "batch"}}
SELECT {{template "batch-columns"}}
FROM batches b JOIN lanes l ON l.id = b.lane_id WHERE b.tenant_id = $1 AND b.id = $2
{{end}}

{{/* batches lists a tenant's batches as jobs lists its jobs. */}}
{{define "batches"}}
SELECT {{template "batch-columns"}}
FROM batches b JOIN lanes l ON l.id = b.lane_id
WHERE b.tenant_id = $1 AND ($2 = '' OR b.status = $2) AND ($3::uuid IS NULL OR b.id < $3)
ORDER BY b.id DESC LIMIT $4
{{end}}

{{/* records lists batch $1's records of status $2 ('' = any) in index order
after index $3; record returns record $3 of batch $2 when the batch is
tenant $1's. */}}
{{define "records"}}
SELECT {{template "record-columns"}} FROM batch_records
WHERE batch_id = $1 AND ($2 = '' OR status = $2) AND idx > $3 ORDER BY idx LIMIT $4
{{end}}

{{define "record"}}
SELECT {{template "record-columns"}} FROM batch_records r
WHERE batch_id = $2 AND idx = $3 AND EXISTS (SELECT 1 FROM batches b WHERE b.id = $2 AND b.tenant_id = $1)
{{end}}

{{/* done-documents lists a batch's finished records in index order with their
page counts and the text of the data field $3 ('' = none), for the merged
PDF. */}}
{{define "done-documents"}}
SELECT r.idx, coalesce(r.output_pages, 0), coalesce(CASE WHEN $3 = '' THEN NULL ELSE r.data->>$3 END, '')
FROM batch_records r JOIN batches b ON b.id = r.batch_id
WHERE b.tenant_id = $1 AND r.batch_id = $2 AND r.status = {{status "done"}}
ORDER BY r.idx
{{end}}
