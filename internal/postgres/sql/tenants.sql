{{/*
The admin side's statements (internal/postgres/tenants.go): tenants, their
API keys and what authenticates a request. tenant-columns and key-columns
are the columns scanTenant and scanKey read, in their order.
*/}}
{{define "tenant-columns"}}id, name, coalesce(tier, ''), retention_days, created_at, suspended_at, deleted_at{{end}}

{{define "key-columns"}}id, tenant_id, name, scopes, coalesce(tier, ''), prefix, created_at, revoked_at{{end}}

{{/* create-tenant: $1 id, $2 name, $3 tier ('' = none), $4 retention days,
$5 webhook secret. An id taken, even by a deleted tenant, is a unique
violation. */}}
{{define "create-tenant"}}
INSERT INTO tenants (id, name, tier, retention_days, webhook_secret)
VALUES ($1, $2, nullif($3, ''), $4, $5)
RETURNING {{template "tenant-columns"}}
{{end}}

{{/* tenant returns one tenant, deleted ones included. */}}
{{define "tenant"}}
SELECT {{template "tenant-columns"}} FROM tenants WHERE id = $1
{{end}}

{{/* tenants lists tenants in id order after the cursor $1. */}}
{{define "tenants"}}
SELECT {{template "tenant-columns"}} FROM tenants WHERE id > $1 ORDER BY id LIMIT $2
{{end}}

{{/* update-tenant patches a live tenant: $2 name (NULL = kept), $3 whether
the tier changes, $4 to what ('' = none), $5 retention days (NULL = kept),
$6 suspended (NULL = kept). */}}
{{define "update-tenant"}}
UPDATE tenants SET
    name = coalesce($2, name),
    tier = CASE WHEN $3::boolean THEN nullif($4, '') ELSE tier END,
    retention_days = coalesce($5, retention_days),
    suspended_at = CASE
        WHEN $6::boolean IS NULL THEN suspended_at
        WHEN $6 THEN coalesce(suspended_at, now())
        ELSE NULL END
WHERE id = $1 AND deleted_at IS NULL
RETURNING {{template "tenant-columns"}}
{{end}}

{{/* delete-tenant and revoke-tenant-keys run in DeleteTenant's transaction,
before its queued work is canceled (cancel.sql). */}}
{{define "delete-tenant"}}
UPDATE tenants SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL
{{end}}

{{define "revoke-tenant-keys"}}
UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND revoked_at IS NULL
{{end}}

{{/* create-key adds a key to a live tenant: $1 id, $2 tenant, $3 name,
$4 scopes, $5 tier ('' = none), $6 prefix, $7 the secret's hash. */}}
{{define "create-key"}}
INSERT INTO api_keys (id, tenant_id, name, scopes, tier, prefix, secret_hash)
SELECT $1, id, $3, $4, nullif($5, ''), $6, $7 FROM tenants WHERE id = $2 AND deleted_at IS NULL
RETURNING {{template "key-columns"}}
{{end}}

{{/* keys lists a tenant's keys in creation order after the key $2 ('' = from the first). */}}
{{define "keys"}}
SELECT {{template "key-columns"}} FROM api_keys
WHERE tenant_id = $1 AND ($2 = '' OR (created_at, id) > (SELECT created_at, id FROM api_keys WHERE id = $2 AND tenant_id = $1))
ORDER BY created_at, id LIMIT $3
{{end}}

{{define "revoke-key"}}
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = $1 AND id = $2
{{end}}

{{/* authenticate-secret and authenticate-key resolve a key, by its secret's
hash or by its id, to the key and its tenant: not revoked, tenant not
deleted. */}}
{{define "authenticate-secret"}}{{template "authenticate" "k.secret_hash = $1"}}{{end}}

{{define "authenticate-key"}}{{template "authenticate" "k.id = $1"}}{{end}}

{{define "authenticate"}}
SELECT k.id, k.tenant_id, k.name, k.scopes, coalesce(k.tier, ''), k.prefix, k.created_at, k.revoked_at,
       t.id, t.name, coalesce(t.tier, ''), t.retention_days, t.created_at, t.suspended_at, t.deleted_at
FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
WHERE {{.}} AND k.revoked_at IS NULL AND t.deleted_at IS NULL
{{end}}

{{/* count-request counts one rendering request of tenant $1 in the minute
of $3 (NULL: the database's now(), as in production) unless $2 are counted
already (no row then); db-now is that clock, for the seconds to the next
minute. */}}
{{define "count-request"}}
INSERT INTO rate_counts AS c (tenant_id, minute, n) VALUES ($1, date_trunc('minute', coalesce($3::timestamptz, now())), 1)
ON CONFLICT (tenant_id, minute) DO UPDATE SET n = c.n + 1 WHERE c.n < $2
RETURNING n, coalesce($3::timestamptz, now())
{{end}}

{{define "db-now"}}
SELECT coalesce($1::timestamptz, now())
{{end}}
