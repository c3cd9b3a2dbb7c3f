{{/*
Release: running work taken off its lease, back to the queue or failed for
good once it has used its attempts (max attempts). Hand back returns it
without counting the attempt: a worker stopping.
*/}}

{{define "job-lane"}}
SELECT lane_id, tenant_id FROM jobs WHERE id = $1
{{end}}

{{define "batch-lane"}}
SELECT lane_id, tenant_id FROM batches WHERE id = $1
{{end}}

{{/* release-job and release-record take an item off its lease: its keys
(a job's $1; a record's $1 batch and $2 index), then the lease token, hand
back, max attempts, error code and message, and answer the item's status,
tier and submit time (a record's is its batch's). No row: the lease was
lost already, not ours to change. TestItemStatementsPair keeps the two in
step. */}}
{{define "release-job"}}
UPDATE jobs SET
    status = CASE WHEN NOT $3 AND attempts >= $4 THEN {{status "failed"}} ELSE {{status "queued"}} END,
    attempts = CASE WHEN $3 THEN attempts - 1 ELSE attempts END,
    finished_at = CASE WHEN NOT $3 AND attempts >= $4 THEN now() END,
    error_code = CASE WHEN NOT $3 AND attempts >= $4 THEN $5 END,
    error_message = CASE WHEN NOT $3 AND attempts >= $4 THEN $6 END,
    started_at = CASE WHEN NOT $3 AND attempts >= $4 THEN started_at END,
    lease_token = NULL, lease_expires_at = NULL
WHERE id = $1 AND lease_token = $2 AND status = {{status "running"}}
RETURNING status, tier, created_at
{{end}}

{{define "release-record"}}
UPDATE batch_records SET
    status = CASE WHEN NOT $4 AND attempts >= $5 THEN {{status "failed"}} ELSE {{status "queued"}} END,
    attempts = CASE WHEN $4 THEN attempts - 1 ELSE attempts END,
    finished_at = CASE WHEN NOT $4 AND attempts >= $5 THEN now() END,
    error_code = CASE WHEN NOT $4 AND attempts >= $5 THEN $6 END,
    error_message = CASE WHEN NOT $4 AND attempts >= $5 THEN $7 END,
    started_at = CASE WHEN NOT $4 AND attempts >= $5 THEN started_at END,
    lease_token = NULL, lease_expires_at = NULL
WHERE batch_id = $1 AND idx = $2 AND lease_token = $3 AND status = {{status "running"}}
RETURNING status, tier, (SELECT created_at FROM batches WHERE id = $1)
{{end}}

{{/* released-record moves a batch's counts for record $3 released: back to
queued ($2 true; the batch's next_index goes back to it so it keeps its
place) or failed. */}}
{{define "released-record"}}
UPDATE batches SET running = running - 1,
    queued = queued + CASE WHEN $2 THEN 1 ELSE 0 END,
    failed = failed + CASE WHEN $2 THEN 0 ELSE 1 END,
    next_index = CASE WHEN $2 THEN least(next_index, $3) ELSE next_index END
WHERE id = $1
{{end}}
