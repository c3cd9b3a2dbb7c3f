{{/*
What a tenant stores, checked against its quotas (internal/postgres/storage.go,
paprika.Storage): every write that adds to it takes the tenant's row lock
first, so that the tenant's writes check its quota one after the other.
*/}}

{{/* lock-storage takes the tenant's row lock for a write to its storage,
and answers the bytes its templates hold. NO KEY UPDATE: it does not wait
for, nor hold up, the inserts of work that reference the tenant. No row:
the tenant is deleted. */}}
{{define "lock-storage"}}
SELECT template_bytes FROM tenants WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE
{{end}}

{{/* add-template-bytes adds $2 (negative: frees) to the bytes tenant $1's
templates hold, under its row lock. */}}
{{define "add-template-bytes"}}
UPDATE tenants SET template_bytes = template_bytes + $2 WHERE id = $1
{{end}}

{{/* template-bytes is what a version of a template holds: its content (or
its source's name), sample data and options as text, what the API was sent. */}}
{{define "template-bytes"}}(octet_length(content) + coalesce(octet_length(source), 0) + octet_length(sample_data::text) + octet_length(options::text)){{end}}
