{{/*
Release: running work taken off its lease, back to the queue or failed for
good once it has used its attempts ($MaxAttempts). handBack ($3/$4) returns
it without counting the attempt: a worker stopping.
*/}}

{{define "job-lane"}}
SELECT lane_id, tenant_id FROM jobs WHERE id = $1
{{end}}

{{define "batch-lane"}}
SELECT lane_id, tenant_id FROM batches WHERE id = $1
{{end}}

{{/* release takes an item off its lease: its keys, then $P1 the lease token,
$P2 hand back, $P3 max attempts, $P4 code, $P5 message ($Pn: the n-th
parameter after the keys), and answers the item's status, tier and submit
time (a record's is its batch's). No row: the lease was lost already, not ours to
change. */}}
{{define "release"}}
UPDATE {{.Table}} SET
    status = CASE WHEN NOT {{.P 2}} AND attempts >= {{.P 3}} THEN {{status "failed"}} ELSE {{status "queued"}} END,
    attempts = CASE WHEN {{.P 2}} THEN attempts - 1 ELSE attempts END,
    finished_at = CASE WHEN NOT {{.P 2}} AND attempts >= {{.P 3}} THEN now() END,
    error_code = CASE WHEN NOT {{.P 2}} AND attempts >= {{.P 3}} THEN {{.P 4}} END,
    error_message = CASE WHEN NOT {{.P 2}} AND attempts >= {{.P 3}} THEN {{.P 5}} END,
    started_at = CASE WHEN NOT {{.P 2}} AND attempts >= {{.P 3}} THEN started_at END,
    lease_token = NULL, lease_expires_at = NULL
WHERE {{.Keyed}} AND lease_token = {{.P 1}} AND status = {{status "running"}}
RETURNING status, tier, {{if eq .Table "jobs"}}created_at{{else}}(SELECT created_at FROM batches WHERE id = $1){{end}}
{{end}}

{{define "release-job"}}{{template "release" (items "job")}}{{end}}

{{define "release-record"}}{{template "release" (items "record")}}{{end}}

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
