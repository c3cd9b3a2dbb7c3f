{{/* The scheduler's measures (docs/scheduler.md, Measures), read from the queue's counters.
queued-by-tier resolves each lane's tier as claims do ($1 the configured
names). */}}
{{define "queued-by-tier"}}
SELECT {{template "resolve-tier" (list "l.key_tier" "t.tier" "$1::text[]")}}, sum(l.queued_jobs + l.queued_records)::bigint
FROM lanes l
JOIN tenants t ON t.id = l.tenant_id
WHERE l.waiting_since IS NOT NULL
GROUP BY 1
{{end}}

{{/* queue-by-tier is the autoscalers' reading of the queue ($1 the configured
names): per tier work runs at, the work queued now and the age in seconds of
the oldest, from the lanes alone: each lane keeps its count and the submit
time of its oldest queued work (waiting_since, kept by enqueue-lane,
requeue-lane and dequeue-lanes), so the scrape reads a row per tenant and
key tier, never the queued work. An age is never below 0 (an api's clock
ahead of the database's). */}}
{{define "queue-by-tier"}}
SELECT {{template "resolve-tier" (list "l.key_tier" "t.tier" "$1::text[]")}}, sum(l.queued_jobs + l.queued_records)::bigint,
    greatest(0, extract(epoch FROM now() - min(l.waiting_since)))::float8
FROM lanes l
JOIN tenants t ON t.id = l.tenant_id
WHERE l.waiting_since IS NOT NULL
GROUP BY 1
{{end}}

{{define "running-by-tier"}}
SELECT g.tier, sum(g.started - coalesce(f.finished, 0))::bigint
FROM group_starts g LEFT JOIN group_finishes f ON f.tenant_id = g.tenant_id AND f.tier = g.tier
GROUP BY 1
{{end}}

{{/* measured-by-tier: each row of measures holds the seconds of one claim's
starts or one flush's finishes at a tier (see migration 00006). */}}
{{define "measured-by-tier"}}
SELECT m.tier, m.kind::text, count(*),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY s.seconds),
    percentile_cont(0.95) WITHIN GROUP (ORDER BY s.seconds)
FROM measures m CROSS JOIN LATERAL unnest(m.seconds) AS s(seconds)
WHERE m.at > now() - make_interval(mins => $1)
GROUP BY 1, 2
{{end}}

{{/* record-sync-render counts a synchronous render at tier $1: a start that
waited nothing and a finish of $2 seconds. */}}
{{define "record-sync-render"}}
INSERT INTO measures (tier, kind, seconds) VALUES ($1, 's', ARRAY[0::float8]), ($1, 'd', ARRAY[$2::float8])
{{end}}
