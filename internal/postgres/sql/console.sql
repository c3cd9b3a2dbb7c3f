{{/*
The web console's sessions and previews (internal/console, through
postgres.Store's Console* methods; the tables are migration 00004's).
*/}}

{{/* delete-idle-sessions deletes the sessions not seen for $1. */}}
{{define "delete-idle-sessions"}}
DELETE FROM console_sessions WHERE seen_at < now() - $1::interval
{{end}}

{{/* insert-session: $1 the cookie's hash, $2 the CSRF token, $3 tenant and
$4 key ('' for the admin), $5 the key's name, $6 its scopes, $7 the admin
token's hash (NULL for a key). */}}
{{define "insert-session"}}
INSERT INTO console_sessions (token_hash, csrf_token, tenant_id, key_id, key_name, scopes, admin_token_hash)
VALUES ($1, $2, nullif($3, ''), nullif($4, ''), $5, $6, $7)
{{end}}

{{/* touch-session returns the session of cookie hash $1 seen within $2 and
marks it seen. */}}
{{define "touch-session"}}
UPDATE console_sessions SET seen_at = now()
WHERE token_hash = $1 AND seen_at >= now() - $2::interval
RETURNING csrf_token, coalesce(tenant_id, ''), coalesce(key_id, ''), key_name, scopes, admin_token_hash
{{end}}

{{define "delete-session"}}
DELETE FROM console_sessions WHERE token_hash = $1
{{end}}

{{/* save-preview keeps preview $1 ($3 content type, $4 body) for session
$2 and drops the session's older ones past the newest $5 + 1. */}}
{{define "save-preview"}}
WITH added AS (
    INSERT INTO console_previews (id, token_hash, content_type, body) VALUES ($1, $2, $3, $4)
)
DELETE FROM console_previews WHERE token_hash = $2 AND id IN (
    SELECT id FROM console_previews WHERE token_hash = $2 ORDER BY created_at DESC OFFSET $5)
{{end}}

{{define "preview"}}
SELECT content_type, body FROM console_previews WHERE id = $1 AND token_hash = $2
{{end}}

{{/* take-preview returns a session's kept item and deletes it: what is
shown once (a new key's sealed secret). */}}
{{define "take-preview"}}
DELETE FROM console_previews WHERE id = $1 AND token_hash = $2 RETURNING content_type, body
{{end}}
