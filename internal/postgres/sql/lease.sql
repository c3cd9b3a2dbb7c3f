{{/*
Leases. Each step is written out for jobs and for batch records, which are
kept in two tables (docs/architecture.md says why); TestItemStatementsPair
checks that each pair differs only in the table, its key columns (a job's
id, a record's batch_id and idx) and the parameter numbers the second key
shifts.
*/}}

{{/* renew-jobs and renew-records extend the leases a worker still holds
(the items' keys, then their lease tokens, then the lease) and return them;
what is missing was lost (expired and taken over, or canceled). */}}
{{define "renew-jobs"}}
UPDATE jobs r SET lease_expires_at = now() + $3::interval
FROM unnest($1::uuid[], $2::bigint[]) AS x(id, token)
WHERE r.id = x.id AND r.lease_token = x.token AND r.status = {{status "running"}}
RETURNING r.lease_token
{{end}}

{{define "renew-records"}}
UPDATE batch_records r SET lease_expires_at = now() + $4::interval
FROM unnest($1::uuid[], $2::int[], $3::bigint[]) AS x(batch_id, idx, token)
WHERE r.batch_id = x.batch_id AND r.idx = x.idx AND r.lease_token = x.token AND r.status = {{status "running"}}
RETURNING r.lease_token
{{end}}

{{/* expired-jobs and expired-records find running items whose lease ran out
(their worker died) by the time $1 (NULL: the database's now(), as in
production), for the reaper. */}}
{{define "expired-jobs"}}
SELECT id, lease_token FROM jobs WHERE status = {{status "running"}} AND lease_expires_at < coalesce($1::timestamptz, now()) LIMIT 100
{{end}}

{{define "expired-records"}}
SELECT batch_id, idx, lease_token FROM batch_records WHERE status = {{status "running"}} AND lease_expires_at < coalesce($1::timestamptz, now()) LIMIT 100
{{end}}
