{{/*
The retention sweeper's statements (internal/storage.Sweeper): deleting
finished work and what a deleted tenant leaves, never a state change of
work still queued or running. Each pick takes at most $1 rows, so a sweep
never holds long locks; the sweeper loops until nothing is left. Outputs
are deleted before the rows that name them.
*/}}

{{/* sweep-jobs picks finished jobs past their tenant's retention, and every
finished job of a deleted tenant; delete-jobs deletes them once their
outputs are gone. */}}
{{define "sweep-jobs"}}
SELECT j.tenant_id, j.id, j.format FROM jobs j JOIN tenants t ON t.id = j.tenant_id
WHERE (t.deleted_at IS NOT NULL AND j.status NOT IN ({{status "queued"}}, {{status "running"}}))
   OR j.finished_at < now() - make_interval(days => t.retention_days)
LIMIT $1
{{end}}

{{define "delete-jobs"}}
DELETE FROM jobs WHERE id = ANY($1)
{{end}}

{{/* emptied-tenants are the deleted tenants among $1 with no work left:
their folder of outputs goes too, whatever a lost worker left in it. */}}
{{define "emptied-tenants"}}
SELECT t.id FROM tenants t
WHERE t.id = ANY($1) AND t.deleted_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = t.id)
{{end}}

{{/* sweep-batches picks finished batches past retention (or of deleted
tenants); delete-batch deletes one, its records first. */}}
{{define "sweep-batches"}}
SELECT b.id, b.tenant_id FROM batches b JOIN tenants t ON t.id = b.tenant_id
WHERE b.finished_at IS NOT NULL
  AND (t.deleted_at IS NOT NULL OR b.finished_at < now() - make_interval(days => t.retention_days))
LIMIT $1
{{end}}

{{define "delete-batch"}}
WITH r AS (DELETE FROM batch_records WHERE batch_id = $1)
DELETE FROM batches WHERE id = $1
{{end}}

{{/* sweep-measures keeps a day of measures: the admin API reads at most
1,440 minutes. */}}
{{define "sweep-measures"}}
DELETE FROM measures WHERE at < now() - interval '25 hours'
{{end}}

{{define "sweep-rates"}}
DELETE FROM rate_counts c USING tenants t
WHERE t.id = c.tenant_id
  AND (t.deleted_at IS NOT NULL OR c.minute < now() - make_interval(days => t.retention_days))
{{end}}

{{/* sweep-deleted-templates drops deleted templates no work can still need. */}}
{{define "sweep-deleted-templates"}}
DELETE FROM templates tp USING tenants t
WHERE t.id = tp.tenant_id AND (t.deleted_at IS NOT NULL OR tp.deleted_at < now() - make_interval(days => t.retention_days))
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = tp.tenant_id AND j.template_id = tp.id AND j.status IN ({{status "queued"}}, {{status "running"}}))
  AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.tenant_id = tp.tenant_id AND b.template_id = tp.id AND b.finished_at IS NULL)
{{end}}

{{/* sweep-certificates deletes a deleted tenant's signing certificates,
sealed keys and all. */}}
{{define "sweep-certificates"}}
DELETE FROM certificates c USING tenants t
WHERE t.id = c.tenant_id AND t.deleted_at IS NOT NULL
{{end}}

{{/* sweep-lock and sweep-unlock make one sweeper at a time. */}}
{{define "sweep-lock"}}
SELECT pg_try_advisory_lock(727270001)
{{end}}

{{define "sweep-unlock"}}
SELECT pg_advisory_unlock(727270001)
{{end}}
