{{/* renew extends the leases a worker still holds on items of one table
({{items}}: $keys, then the tokens, then the lease) and returns them; what
is missing was lost (expired and taken over, or canceled). */}}
{{define "renew"}}
UPDATE {{.Table}} r SET lease_expires_at = now() + {{.P 2}}::interval
FROM unnest({{.Unnest}}, {{.P 1}}::bigint[]) AS x({{.Names}}, token)
WHERE {{.Match "r" "x"}} AND r.lease_token = x.token AND r.status = {{status "running"}}
RETURNING r.lease_token
{{end}}

{{define "renew-jobs"}}{{template "renew" (items "job")}}{{end}}

{{define "renew-records"}}{{template "renew" (items "record")}}{{end}}

{{/* expired finds running items whose lease ran out (their worker died), for
the reaper. */}}
{{define "expired"}}
SELECT {{.Names}}, lease_token FROM {{.Table}} WHERE status = {{status "running"}} AND lease_expires_at < now() LIMIT 100
{{end}}

{{define "expired-jobs"}}{{template "expired" (items "job")}}{{end}}

{{define "expired-records"}}{{template "expired" (items "record")}}{{end}}
