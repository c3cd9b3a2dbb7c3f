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
