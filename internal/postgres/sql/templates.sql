{{/*
Stored templates (internal/postgres/templates.go): every PUT adds a
version; a deleted template's versions go on from where they stopped.
template-columns are the columns scanTemplate reads, in its order.
*/}}
{{define "template-columns"}}tenant_id, id, name, content, coalesce(source, ''), sample_data::text, options::text, version, created_at, updated_at{{end}}

{{/* template-versions says whether template $2 of tenant $1 is live and its
last version (0 when it never was). */}}
{{define "template-versions"}}
SELECT coalesce(bool_or(deleted_at IS NULL), false), coalesce(max(version), 0)
FROM templates WHERE tenant_id = $1 AND id = $2
{{end}}

{{/* insert-template stores version $3 of a template: $4 name, $5 content,
$6 sample data, $7 options, $8 source (the asset's name; NULL for HTML). */}}
{{define "insert-template"}}
INSERT INTO templates (tenant_id, id, version, name, content, sample_data, options, source, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6::text::json, $7::text::jsonb, $8, now(), now()) RETURNING {{template "template-columns"}}
{{end}}

{{/* put-template stores the next version of a live template: $3 name ('' =
kept), $4 content, $5 sample data and $6 options (NULL = the last
version's), $7 source (the asset's name; NULL for HTML: a version is the
one or the other, whatever the last was). */}}
{{define "put-template"}}
INSERT INTO templates (tenant_id, id, version, name, content, sample_data, options, source, created_at, updated_at)
SELECT tenant_id, id, version + 1, coalesce(nullif($3, ''), name), $4,
    coalesce($5::text::json, sample_data), coalesce($6::text::jsonb, options), $7, created_at, now()
FROM templates WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL
ORDER BY version DESC LIMIT 1
RETURNING {{template "template-columns"}}
{{end}}

{{/* template-version-list lists the live versions of template $2 of tenant
$1, newest first, below version $3 (0: from the latest), $4 at most; a
version's date is when it was stored (its updated_at). */}}
{{define "template-version-list"}}
SELECT version, updated_at, octet_length(content) + coalesce(octet_length(source), 0) FROM templates
WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL AND ($3 = 0 OR version < $3)
ORDER BY version DESC LIMIT $4
{{end}}

{{/* template returns a live template at version $3, or its latest when $3 is 0. */}}
{{define "template"}}
SELECT {{template "template-columns"}} FROM templates
WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL AND ($3 = 0 OR version = $3)
ORDER BY version DESC LIMIT 1
{{end}}

{{/* templates lists a tenant's live templates (latest versions) by id after $2. */}}
{{define "templates"}}
SELECT DISTINCT ON (id) {{template "template-columns"}} FROM templates
WHERE tenant_id = $1 AND deleted_at IS NULL AND id > $2
ORDER BY id, version DESC LIMIT $3
{{end}}

{{/* delete-template deletes the live versions of template $2 of tenant
$1, empties them (their rows stay until the sweeper drops them, so that
the id's versions go on from where they stopped) and takes the bytes they
held off the tenant's running total, under its row lock (lock-storage);
it answers how many versions it deleted. */}}
{{define "delete-template"}}
WITH v AS (
    SELECT version, {{template "template-bytes"}} AS bytes FROM templates
    WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE
), d AS (
    UPDATE templates t SET deleted_at = now(), content = '', source = NULL, sample_data = '{}', options = '{}'
    FROM v WHERE t.tenant_id = $1 AND t.id = $2 AND t.version = v.version
    RETURNING v.bytes
), freed AS (
    UPDATE tenants SET template_bytes = template_bytes - (SELECT sum(bytes) FROM d)
    WHERE id = $1 AND EXISTS (SELECT 1 FROM d)
)
SELECT count(*) FROM d
{{end}}
