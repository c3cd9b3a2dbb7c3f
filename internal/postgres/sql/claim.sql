{{/*
A claim: one transaction of three round trips (see internal/scheduler).
Round trip 1 ranks and locks lanes (rank-lanes); round trip 2 locks the
groups and reads them fresh (ensure-groups, lock-groups) and lists the
lanes' batches (lane-batches); round trip 3 takes the items (take-jobs,
lock-batches, take-records), moves the lanes' counters (dequeue-lanes) and
the groups' starts (count-starts). Every plan was checked with EXPLAIN
ANALYZE on 1,000 tenants and 1,000,000 queued records
(docs/performance-log.md, The plans at that size).
*/}}

{{/* generic-plans makes the transaction's prepared statements run on their
generic plans, checked in docs/performance-log.md: left to choose,
PostgreSQL planned take-records and dequeue-lanes again for every claim
(their generic plans look costlier on estimates), 0.3–0.5 ms each. Claims
and completions run it first. */}}
{{define "generic-plans"}}
SET LOCAL plan_cache_mode = force_generic_plan
{{end}}

{{/* commit-async lets a claim's commit return before its WAL is flushed. A
claim lost in a crash of PostgreSQL is work still queued: its lease token
was never stored, so the worker's completion of it is refused (and the work
is rendered again), and any later synchronous commit — every completion —
flushes the WAL of the claims before it. Waiting on the WAL fsync was about
two thirds of PostgreSQL's busy time on the product path (bench/product,
pg wait sampling). */}}
{{define "commit-async"}}
SET LOCAL synchronous_commit = off
{{end}}

{{/* rank-lanes ranks the lanes with queued work by their group's share used and
locks the first $5 that no other claimer holds.

  $1 tier names (configured order; the first is the default), $2 weights,
  $3 maxRunning (0 = none), $4 tiers this worker claims, $5 how many lanes,
  $6 the current minute since the epoch, $7 the fraction of it elapsed.

The ranking keeps 4×$5 candidates and the lock takes the first $5 of them
that no other claimer holds: with the limit before SKIP LOCKED a claimer
running next to another found the same $5 lanes locked and poured its slots
into the few left (bench/scheduler measured a group at 4–6× its share). The
candidates' subquery carries no row marks (FOR UPDATE over the joins would
copy every joined row for each of the ~1,000 lanes), each lane's tier is
resolved once, and the tier and maxRunning filter sits in a CASE after the
joins, where the planner cannot push it under them: its estimate (1%) turned
the joins to the groups' rows into ~2,000 index probes. The lanes carry
their tenant's tier and whether it may run (tenant_tier, runnable; kept by
triggers, migration 00007), so the ranking joins no tenants.

A lane is locked only as the ranking saw it (l.xmin = r.lane_xmin): a
lane another claimer took and committed between this statement's snapshot
and its lock is skipped, for its group's share in the snapshot is stale.
FOR UPDATE re-checks the join against the lane's newest version (EvalPlanQual)
and drops it. Without the check the lane ranked first, the oldest of the
tie, went to both claimers whenever their claims overlapped: with many
results held for a flush, bench/scheduler's big tenant took +50% or -14% of
its share (docs/performance-log.md).

Each row also carries the bound: the largest share among the candidates
when they filled the window (4×$5), else NULL. Every lane this claim did
not lock has at least that share or is another claimer's, so the claim
gives its lanes items only while their share is at most the bound
(scheduler.allocate): a claim that found most candidates taken gave its
few lanes all its slots, 20 items each, with three workers.

Both sorts order by (share, waiting_since), and both keep those two columns
right after the lane's id, ahead of every text column: a sort reads its
second key from each tuple on every tie, and behind a text column that
read walks the tuple's columns one by one. With the keys at the end the
statement took 7.1–7.4 ms in pgbench on 1,000 lanes, with them in front
5.7–6.0 (docs/performance-log.md). The share is returned for that reason
alone. */}}
{{define "rank-lanes"}}
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
            FROM (SELECT {{template "resolve-tier" (list "l.key_tier" "l.tenant_tier" "$1::text[]")}} AS tier) c
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
FOR UPDATE OF l SKIP LOCKED
{{end}}

{{/* ensure-groups makes the started-count rows of groups about to start work. */}}
{{define "ensure-groups"}}
INSERT INTO group_starts (tenant_id, tier)
SELECT * FROM unnest($1::text[], $2::text[]) ORDER BY 1, 2
ON CONFLICT (tenant_id, tier) DO NOTHING
{{end}}

{{/* lock-groups locks those rows, in key order, and reads them fresh with their
finishes: running = started - finished, exact under the lock for starts and
at worst over-counted for finishes, so maxRunning is never exceeded. */}}
{{define "lock-groups"}}
SELECT g.tenant_id, g.tier, g.started - coalesce(f.finished, 0), g.minute, g.cur, g.prev
FROM group_starts g
LEFT JOIN group_finishes f ON f.tenant_id = g.tenant_id AND f.tier = g.tier
WHERE (g.tenant_id, g.tier) IN (SELECT * FROM unnest($1::text[], $2::text[]))
ORDER BY g.tenant_id, g.tier
FOR UPDATE OF g
{{end}}

{{/* lane-batches lists, for each lane $1[i], the batches with records waiting
in the order they take turns: fewest running first, then the oldest. It
lists at least the first $2 of that order, and a few more at most.

No index holds a batch's running or queued count: while one did (until
migration 00008), every claim's and completion's update of the batch row
was a non-HOT update. The turns index holds a lane's unfinished batches in
submit order instead, and the order is found in two bounded scans of it:
the first $2 batches with none running ("idle"), then the batches with
some running that come before the last of those (all of them if fewer
than $2 are idle). A batch with some running that comes later loses to
all $2 idle ones, and there are no more batches with some running than
records in flight, so neither scan reads a lane's whole backlog. */}}
{{define "lane-batches"}}
WITH idle AS MATERIALIZED (
    SELECT b.lane_id, b.id, b.running, b.queued, b.created_at, b.next_index
    FROM unnest($1::bigint[]) AS x(lane)
    CROSS JOIN LATERAL (
        SELECT lane_id, id, running, queued, created_at, next_index FROM batches
        WHERE lane_id = x.lane AND status IN ({{status "queued"}}, {{status "running"}}) AND queued > 0 AND running = 0
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
    WHERE lane_id = e.lane AND status IN ({{status "queued"}}, {{status "running"}}) AND created_at <= e.until
        AND queued > 0 AND running > 0
    ORDER BY running, created_at, id LIMIT $2
) b
{{end}}

{{/* take-jobs starts the next $2[i] queued jobs of lane $1[i] at tier $3[i],
under a lease of $4, and measures their waits from their submit time. Its
taken and m CTEs start items as take-records does (TestItemStatementsPair
keeps them in step). */}}
{{define "take-jobs"}}
WITH pick AS MATERIALIZED (
    SELECT q.id, x.tier FROM unnest($1::bigint[], $2::int[], $3::text[]) AS x(lane, n, tier)
    CROSS JOIN LATERAL (
        SELECT id FROM jobs WHERE lane_id = x.lane AND status = {{status "queued"}} ORDER BY id LIMIT x.n
    ) q
), taken AS (
    UPDATE jobs r SET status = {{status "running"}}, tier = pick.tier, started_at = now(), attempts = r.attempts + 1,
        lease_token = nextval('lease_tokens'), lease_expires_at = now() + $4::interval
    FROM pick WHERE r.id = pick.id AND r.status = {{status "queued"}}
    RETURNING r.id, r.tenant_id, r.tier, r.created_at, r.attempts, r.lease_token, r.format,
        coalesce(r.template, ''), coalesce(r.template_id, ''), coalesce(r.template_version, 0), r.data, r.options,
        coalesce(r.source, '')
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 's', array_agg(extract(epoch FROM now() - created_at)::float8) FROM taken GROUP BY tier
)
SELECT * FROM taken
{{end}}

{{/* lock-batches locks batch rows in id order, so that claimers and completers,
which both change several batches' counters, never deadlock. */}}
{{define "lock-batches"}}
SELECT 1 FROM batches WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE
{{end}}

{{/* take-records starts the next $2[i] queued records of batch $1[i] at tier
$3[i], looking from index $6[i] on; $4[i] is the batch's submit time, for
the wait. */}}
{{define "take-records"}}
WITH pick AS MATERIALIZED (
    SELECT x.batch, q.ctid AS row, x.tier, x.submitted
    FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $6::int[]) AS x(batch, n, tier, submitted, from_idx)
    CROSS JOIN LATERAL (
        SELECT ctid FROM batch_records
        WHERE batch_id = x.batch AND status = {{status "queued"}} AND idx >= x.from_idx
        ORDER BY idx LIMIT x.n
    ) q
), taken AS (
    UPDATE batch_records r SET status = {{status "running"}}, tier = pick.tier, started_at = now(), attempts = r.attempts + 1,
        lease_token = nextval('lease_tokens'), lease_expires_at = now() + $5::interval
    FROM pick WHERE r.ctid = pick.row AND r.status = {{status "queued"}}
    RETURNING r.batch_id, r.idx, r.tier, pick.submitted, r.attempts, r.lease_token, r.data
), m AS (
    INSERT INTO measures (tier, kind, seconds)
    SELECT tier, 's', array_agg(extract(epoch FROM now() - submitted)::float8) FROM taken GROUP BY tier
), started AS (
    -- The batches' counts move by what was really taken, and next_index past
    -- it, in one update of each batch row.
    UPDATE batches b SET queued = b.queued - t.n, running = b.running + t.n, tier = t.tier,
        status = {{status "running"}}, started_at = coalesce(b.started_at, now()), next_index = t.last + 1
    FROM (SELECT batch_id, count(*)::int AS n, max(idx) AS last, min(tier) AS tier FROM taken GROUP BY batch_id) t
    WHERE b.id = t.batch_id
)
SELECT * FROM taken
{{end}}

{{/* count-starts adds claimed work to its groups' started counts and the
two-minute window ($4 the current minute), with when each minute's count
began (cur_since, prev_since: the group's start rate over its own last
starts, group-wait). */}}
{{define "count-starts"}}
UPDATE group_starts g SET started = g.started + x.n,
    prev = CASE WHEN g.minute = $4 THEN g.prev WHEN g.minute = $4 - 1 THEN g.cur ELSE 0 END,
    prev_since = CASE WHEN g.minute = $4 THEN g.prev_since WHEN g.minute = $4 - 1 THEN g.cur_since END,
    cur = CASE WHEN g.minute = $4 THEN g.cur ELSE 0 END + x.n,
    cur_since = CASE WHEN g.minute = $4 THEN coalesce(g.cur_since, now()) ELSE now() END,
    minute = $4
FROM unnest($1::text[], $2::text[], $3::int[]) AS x(tenant_id, tier, n)
WHERE g.tenant_id = x.tenant_id AND g.tier = x.tier
{{end}}
