{{/*
Completion: how work leaves running. Every way out counts the finish in its
group (count-finishes), in a row apart from the one claimers lock, so that
completions never wait on claims; a stale finished count only makes
maxRunning conservative.
*/}}

{{/* count-finishes adds finished work to its groups: its argument is a query
answering (tenant_id, tier, n) rows, in (tenant_id, tier) order so that
concurrent completers lock the rows in one order. */}}
{{define "count-finishes"}}
INSERT INTO group_finishes AS g (tenant_id, tier, finished)
{{.}}
ON CONFLICT (tenant_id, tier) DO UPDATE SET finished = g.finished + excluded.finished
{{end}}

{{/* count-finish counts $3 finishes of the group ($1 tenant, $2 tier). */}}
{{define "count-finish"}}{{template "count-finishes" "VALUES ($1, $2, $3::bigint)"}}{{end}}

{{/* complete-jobs records finished jobs. Its first CTEs, written alike in
complete-records (TestItemStatementsPair keeps them in step), are those of
every completion: i, the results given (the items' keys, then their lease
tokens, statuses, the outputs' types, bytes and pages, the errors' codes
and messages, the render seconds); d, the items they finish, fenced by
their lease tokens (a worker whose lease was taken over completes
nothing); and m, the render times of the documents done. A token is set
by a claim and cleared by every way out of running, so matching it means
running; testing status too made the planner read every running row
through its index. It counts the finishes in their groups and the usage of
their tenants (count-usage: one upsert a group and day, whatever the
number of jobs). */}}
{{define "complete-jobs"}}
WITH i AS (
    SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::float8[])
        AS i(id, token, status, otype, obytes, opages, ecode, emsg, secs)
), d AS (
    UPDATE jobs r SET status = i.status, finished_at = now(), lease_token = NULL, lease_expires_at = NULL,
        output_type = nullif(i.otype, ''), output_bytes = i.obytes, output_pages = i.opages,
        error_code = nullif(i.ecode, ''), error_message = nullif(i.emsg, '')
    FROM i WHERE r.id = i.id AND r.lease_token = i.token
    RETURNING r.id, r.tenant_id, r.tier, r.status, i.secs, i.obytes, i.opages, r.status = {{status "done"}} AS done
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 'd', array_agg(secs) FROM d WHERE status = {{status "done"}} GROUP BY tier
), f AS (
    {{template "count-finishes" "SELECT tenant_id, tier, count(*) FROM d GROUP BY 1, 2 ORDER BY 1, 2"}}
), u AS (
    {{template "count-usage" "SELECT tenant_id, tier, (now() AT TIME ZONE 'UTC')::date, 0, count(*), 0, count(*) FILTER (WHERE done), coalesce(sum(opages), 0), coalesce(sum(secs), 0), coalesce(sum(obytes), 0), count(*) FILTER (WHERE NOT done), 0 FROM d GROUP BY 1, 2 ORDER BY 1, 2"}}
)
SELECT id FROM d
{{end}}

{{/* complete-records does the same for batch records (the same first
CTEs, keyed by batch_id and idx) and moves the counts of
their batches (locked first with lock-batches), finishing those it leaves
with nothing queued or running as settle-batches would. It finishes them
in this one update of each batch row: a second update of a row this
transaction made runs the foreign-key check on batches.lane_id, whose
KEY SHARE lock on the lane waits for a claimer holding the lane, while
that claimer waits in lock-batches for this transaction's batches (a
deadlock that stalled both for deadlock_timeout, 1 s, in bench/river).
The finishes are counted from each batch's row as updated, with the tiers
of its records (counts.tiers): joining d to b on the batch instead ran, on
the generic plan, as a nested loop over both (its estimate is a row each),
16,384 comparisons for a flush of 128 records (2.9 ms of 7.5). The usage
(count-usage) is read the same way, from each batch's row as updated with
its records' figures, one upsert a (tenant, tier) of the flush: summing per
batch and tier first and joining that to b made the same nested loop again
(14 ms of a flush of 128 records from 128 batches, bench/scheduler's
explain phase). */}}
{{define "complete-records"}}
WITH i AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::text[], $9::text[], $10::float8[])
        AS i(batch_id, idx, token, status, otype, obytes, opages, ecode, emsg, secs)
), d AS (
    UPDATE batch_records r SET status = i.status, finished_at = now(), lease_token = NULL, lease_expires_at = NULL,
        output_type = nullif(i.otype, ''), output_bytes = i.obytes, output_pages = i.opages,
        error_code = nullif(i.ecode, ''), error_message = nullif(i.emsg, '')
    FROM i WHERE r.batch_id = i.batch_id AND r.idx = i.idx AND r.lease_token = i.token
    RETURNING r.batch_id, r.idx, r.tier, r.status, i.secs, i.obytes, i.opages, r.status = {{status "done"}} AS done
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 'd', array_agg(secs) FROM d WHERE status = {{status "done"}} GROUP BY tier
), counts AS (
    SELECT batch_id, count(*) AS n, count(*) FILTER (WHERE status = {{status "done"}}) AS done,
        count(*) FILTER (WHERE status = {{status "failed"}}) AS failed, array_agg(tier) AS tiers,
        array_agg(done) AS dones, array_agg(opages) AS pages, array_agg(obytes) AS bytes, array_agg(secs) AS secs
    FROM d GROUP BY batch_id
), b AS (
    UPDATE batches b SET running = b.running - c.n, done = b.done + c.done, failed = b.failed + c.failed,
        status = CASE WHEN b.queued = 0 AND b.running = c.n AND b.finished_at IS NULL
                      THEN CASE WHEN b.canceled > 0 THEN {{status "canceled"}} ELSE {{status "done"}} END
                      ELSE b.status END,
        finished_at = CASE WHEN b.queued = 0 AND b.running = c.n AND b.finished_at IS NULL THEN now() ELSE b.finished_at END
    FROM counts c WHERE b.id = c.batch_id
    RETURNING b.id, b.tenant_id, c.tiers, c.dones, c.pages, c.bytes, c.secs
), f AS (
    {{template "count-finishes" "SELECT b.tenant_id, t.tier, count(*) FROM b CROSS JOIN LATERAL unnest(b.tiers) AS t(tier) GROUP BY 1, 2 ORDER BY 1, 2"}}
), u AS (
    {{template "count-usage" "SELECT b.tenant_id, t.tier, (now() AT TIME ZONE 'UTC')::date, 0, 0, count(*), count(*) FILTER (WHERE t.done), coalesce(sum(t.pages), 0), coalesce(sum(t.secs), 0), coalesce(sum(t.bytes), 0), count(*) FILTER (WHERE NOT t.done), 0 FROM b CROSS JOIN LATERAL unnest(b.tiers, b.dones, b.pages, b.bytes, b.secs) AS t(tier, done, pages, bytes, secs) GROUP BY 1, 2 ORDER BY 1, 2"}}
)
SELECT batch_id, idx FROM d
{{end}}

{{/* settle-batches finishes the batches of $1 (uuid[]) that have nothing
queued or running left: done, or canceled when any record was canceled.
The paths that move a batch's counts under its lane's lock (cancel,
release) run it; completions finish their batches in complete-records. */}}
{{define "settle-batches"}}
UPDATE batches SET status = CASE WHEN canceled > 0 THEN {{status "canceled"}} ELSE {{status "done"}} END, finished_at = now()
WHERE id = ANY($1::uuid[]) AND queued = 0 AND running = 0 AND finished_at IS NULL
{{end}}
