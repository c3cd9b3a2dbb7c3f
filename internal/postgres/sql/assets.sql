{{/*
A tenant's assets (internal/postgres/assets.go). A row names the object of
the output store that holds an asset's bytes now; asset_orphans lists the
objects no row names (uploads under way, what a replace or a delete left),
which the sweeper deletes. Every statement that returns assets returns the
columns scanAsset reads, in its order.
*/}}

{{/* asset-usage is what the tenant stores: the bytes and the number of
its assets but asset $2, the object and bytes asset $2 has now ('' and 0
for none), and the bytes of the objects its replaces and deletes left.
One pass over the tenant's assets, at most paprika.MaxAssets of them. */}}
{{define "asset-usage"}}
SELECT coalesce(sum(bytes) FILTER (WHERE name <> $2), 0)::bigint,
       count(*) FILTER (WHERE name <> $2),
       coalesce(max(object) FILTER (WHERE name = $2), ''),
       coalesce(sum(bytes) FILTER (WHERE name = $2), 0)::bigint,
       (SELECT coalesce(sum(o.bytes), 0)::bigint FROM asset_orphans o WHERE o.tenant_id = $1 AND NOT o.upload)
FROM assets WHERE tenant_id = $1
{{end}}

{{/* upsert-asset names object $6 as asset $2's bytes: $3 content type, $4
bytes, $5 sha256. */}}
{{define "upsert-asset"}}
INSERT INTO assets (tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, now(), now())
ON CONFLICT (tenant_id, name) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes,
    sha256 = excluded.sha256, object = excluded.object, updated_at = excluded.updated_at
RETURNING tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at
{{end}}

{{/* orphan-asset-object lists object $2, of $3 bytes, as named by no
asset from now: a replace or a delete left it. */}}
{{define "orphan-asset-object"}}
INSERT INTO asset_orphans (tenant_id, object, bytes, since) VALUES ($1, $2, $3, now())
ON CONFLICT (tenant_id, object) DO UPDATE SET since = excluded.since, upload = false
{{end}}

{{/* upload-asset-object lists object $2, of $3 bytes, which an upload is
about to write. */}}
{{define "upload-asset-object"}}
INSERT INTO asset_orphans (tenant_id, object, bytes, upload, since) VALUES ($1, $2, $3, true, now())
{{end}}

{{/* adopt-asset-object: an asset names object $2 now. */}}
{{define "adopt-asset-object"}}
DELETE FROM asset_orphans WHERE tenant_id = $1 AND object = $2
{{end}}

{{/* delete-asset deletes asset $2 and lists its object as an orphan, in
one statement. */}}
{{define "delete-asset"}}
WITH d AS (DELETE FROM assets WHERE tenant_id = $1 AND name = $2 RETURNING tenant_id, object, bytes)
INSERT INTO asset_orphans (tenant_id, object, bytes, since) SELECT tenant_id, object, bytes, now() FROM d
ON CONFLICT (tenant_id, object) DO UPDATE SET since = excluded.since
RETURNING object
{{end}}

{{define "asset"}}
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets WHERE tenant_id = $1 AND name = $2
{{end}}

{{/* assets lists a tenant's assets by name after $2. */}}
{{define "assets"}}
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets WHERE tenant_id = $1 AND name > $2
ORDER BY name LIMIT $3
{{end}}

{{/* assets-named are those of names $2 the tenant has assets of: what a
render looks up, the names its page uses, not the tenant's whole index.
By the primary key (tenant_id, name). */}}
{{define "assets-named"}}
SELECT tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at FROM assets
WHERE tenant_id = $1 AND name = ANY($2::text[])
{{end}}

{{/* sweep-asset-orphans picks up to $1 objects no asset has named for an
hour, past any render that resolved them (a render's timeout is at most
10 minutes) and any upload (its body is cut at 60 s). */}}
{{define "sweep-asset-orphans"}}
SELECT tenant_id, object FROM asset_orphans WHERE since < now() - interval '1 hour'
ORDER BY since LIMIT $1
{{end}}

{{/* delete-asset-orphans drops the rows of orphans whose objects are
deleted: tenants $1[i], objects $2[i]. */}}
{{define "delete-asset-orphans"}}
DELETE FROM asset_orphans o USING unnest($1::text[], $2::text[]) AS d (tenant_id, object)
WHERE o.tenant_id = d.tenant_id AND o.object = d.object
{{end}}

{{/* deleted-asset-tenants picks up to $1 deleted tenants that still have
assets. */}}
{{define "deleted-asset-tenants"}}
SELECT t.id FROM tenants t
WHERE t.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM assets a WHERE a.tenant_id = t.id)
LIMIT $1
{{end}}

{{/* delete-tenant-assets deletes a deleted tenant's asset rows, once its
folder of assets is gone. */}}
{{define "delete-tenant-assets"}}
DELETE FROM assets a USING tenants t WHERE a.tenant_id = $1 AND t.id = a.tenant_id AND t.deleted_at IS NOT NULL
{{end}}
