{{/*
A tenant's signing certificates (internal/postgres/certificates.go). The
columns every statement returns are the ones scanCertificate reads, in its
order; sealed (the encrypted key) is read only by certificate, for a
render, and by any-certificate, for the start-up check of the key.
*/}}

{{/* put-certificate stores certificate $2 of tenant $1, replacing one of
the same name: $3 subject, $4 issuer, $5 notBefore, $6 notAfter, $7 the
sealed key. */}}
{{define "put-certificate"}}
INSERT INTO certificates (tenant_id, name, subject, issuer, not_before, not_after, sealed, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now())
ON CONFLICT (tenant_id, name) DO UPDATE
SET subject = excluded.subject, issuer = excluded.issuer, not_before = excluded.not_before,
    not_after = excluded.not_after, sealed = excluded.sealed, created_at = excluded.created_at
RETURNING tenant_id, name, subject, issuer, not_before, not_after, created_at
{{end}}

{{/* certificates lists a tenant's certificates by name after $2. */}}
{{define "certificates"}}
SELECT tenant_id, name, subject, issuer, not_before, not_after, created_at
FROM certificates WHERE tenant_id = $1 AND name > $2
ORDER BY name LIMIT $3
{{end}}

{{/* certificate returns one certificate with its sealed key, for a render
of a tenant not deleted. */}}
{{define "certificate"}}
SELECT c.tenant_id, c.name, c.subject, c.issuer, c.not_before, c.not_after, c.created_at, c.sealed
FROM certificates c JOIN tenants t ON t.id = c.tenant_id
WHERE c.tenant_id = $1 AND c.name = $2 AND t.deleted_at IS NULL
{{end}}

{{define "delete-certificate"}}
DELETE FROM certificates WHERE tenant_id = $1 AND name = $2
{{end}}

{{/* any-certificate is one stored certificate with its sealed key, or
none: a process checks at start that PAPRIKA_SECRET_KEY opens it. */}}
{{define "any-certificate"}}
SELECT tenant_id, name, subject, issuer, not_before, not_after, created_at, sealed
FROM certificates ORDER BY created_at DESC LIMIT 1
{{end}}
