{{/* batch-source is what every record of batch $1 renders with. */}}
{{define "batch-source"}}
SELECT format, coalesce(template, ''), coalesce(template_id, ''), coalesce(template_version, 0), options, coalesce(source, '')
FROM batches WHERE id = $1
{{end}}

{{/* template-content is a stored template's version, unless deleted. */}}
{{define "template-content"}}
SELECT content FROM templates WHERE tenant_id = $1 AND id = $2 AND version = $3 AND deleted_at IS NULL
{{end}}
