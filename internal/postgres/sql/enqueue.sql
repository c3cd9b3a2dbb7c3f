{{/* insert-job queues a job on lane $3 (enqueue-lane made it). */}}
{{define "insert-job"}}
INSERT INTO jobs (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
                  data, options, metadata, webhook_url, created_at, source)
VALUES ($1, $2, $3, $4, {{status "queued"}}, $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, $11, nullif($12, ''), $13,
        nullif($14, ''))
{{end}}

{{/* insert-batch queues a batch of $12 records on lane $3; the records go in
by COPY. */}}
{{define "insert-batch"}}
INSERT INTO batches (id, tenant_id, lane_id, key_id, status, format, template, template_id, template_version,
                     options, metadata, webhook_url, total, queued, created_at, source)
VALUES ($1, $2, $3, $4, {{status "queued"}}, $5, nullif($6, ''), nullif($7, ''), nullif($8, 0), $9, $10, nullif($11, ''), $12, $12, $13,
        nullif($14, ''))
{{end}}
