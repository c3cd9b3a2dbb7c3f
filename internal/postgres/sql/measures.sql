{{/* The scheduler's measures (SPEC §4.7), read from the queue's counters.
queued-by-tier resolves each lane's tier as claims do ($1 the configured
names). */}}
{{define "queued-by-tier"}}
SELECT {{template "resolve-tier" (list "l.key_tier" "t.tier" "$1::text[]")}}, sum(l.queued_jobs + l.queued_records)::bigint
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

{{define "measured-by-tier"}}
SELECT tier, kind::text, count(*),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds),
    percentile_cont(0.95) WITHIN GROUP (ORDER BY seconds)
FROM measures WHERE at > now() - make_interval(mins => $1)
GROUP BY 1, 2
{{end}}
