package api

import (
	"fmt"
	"image/color"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// templateBytesHeld reads the tenant's running total of template bytes,
// and what its live versions hold, summed: the two must agree.
func (e *testEnv) templateBytesHeld(t *testing.T, tenantID string) (total, summed int64) {
	t.Helper()
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT template_bytes,
	    (SELECT coalesce(sum(octet_length(content) + coalesce(octet_length(source), 0) + octet_length(sample_data::text) + octet_length(options::text)), 0)::bigint
	     FROM templates WHERE tenant_id = $1 AND deleted_at IS NULL)
	    FROM tenants WHERE id = $1`, tenantID).Scan(&total, &summed))
	return total, summed
}

// PAPRIKA_TEMPLATE_QUOTA bounds the bytes of every version of a tenant's
// templates (content, sampleData and options): past it a PUT or POST is
// 413 saying what the tenant holds and the quota, also under PUTs at the
// same time; deleting a template frees its versions' bytes; another
// tenant is not held by the first one's.
func TestTemplateQuota(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_TEMPLATE_QUOTA": "100KiB"}, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)
	other := e.tenantKey(t, "globex", ScopeTemplates)
	content := "<p>{{n}}</p>" + strings.Repeat("x", 20<<10-12) // 20 KiB a version
	resp, body := e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "invoice", "content": content})
	requireStatus(t, http.StatusCreated, resp, body)
	for range 3 {
		resp, body = e.do(t, http.MethodPut, "/v1/templates/invoice", key, map[string]any{"content": content})
		requireStatus(t, http.StatusOK, resp, body)
	}
	total, summed := e.templateBytesHeld(t, "acme")
	require.Equal(t, summed, total)
	require.Equal(t, int64(4*(20<<10+4)), total, "4 versions of 20 KiB, their sampleData {} and options {}")

	// sampleData counts: 30 KiB of it does not fit in the 20 KiB left.
	sample := map[string]any{"s": strings.Repeat("y", 30<<10)}
	resp, body = e.do(t, http.MethodPut, "/v1/templates/invoice", key, map[string]any{"content": "<p/>", "sampleData": sample})
	eb := requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body)
	require.Contains(t, eb.Message, "PAPRIKA_TEMPLATE_QUOTA")
	require.Contains(t, eb.Message, fmt.Sprintf("they hold %d bytes", total))
	require.Contains(t, eb.Message, fmt.Sprintf("quota of %d bytes", 100<<10))
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "letter", "content": content + content})
	requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body)
	// Another tenant's quota is its own.
	resp, body = e.do(t, http.MethodPost, "/v1/templates", other, map[string]any{"id": "invoice", "content": content})
	requireStatus(t, http.StatusCreated, resp, body)

	// PUTs at once cannot share out more than the quota: of 8 of 8 KiB,
	// with about 20 KiB left, at most 2 fit.
	small := "<p>" + strings.Repeat("z", 8<<10-3)
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for n := range statuses {
		wg.Go(func() {
			resp, _ := e.do(t, http.MethodPut, "/v1/templates/invoice", key, map[string]any{"content": small})
			statuses[n] = resp.StatusCode
		})
	}
	wg.Wait()
	fit := 0
	for _, s := range statuses {
		if s == http.StatusOK {
			fit++
		} else {
			require.Contains(t, []int{http.StatusRequestEntityTooLarge, http.StatusConflict}, s)
		}
	}
	require.LessOrEqual(t, fit, 2, "statuses %v", statuses)
	total, summed = e.templateBytesHeld(t, "acme")
	require.Equal(t, summed, total)
	require.LessOrEqual(t, total, int64(100<<10))

	// Deleting the template frees every version's bytes.
	resp, body = e.do(t, http.MethodDelete, "/v1/templates/invoice", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	total, summed = e.templateBytesHeld(t, "acme")
	require.Equal(t, int64(0), total)
	require.Equal(t, int64(0), summed)
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "letter", "content": content + content})
	requireStatus(t, http.StatusCreated, resp, body)
	// Its id can be used again, its versions going on.
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "invoice", "content": content})
	requireStatus(t, http.StatusCreated, resp, body)
	require.Greater(t, decodeJSON[wire.Template](t, body).Version, 4)
	resp, body = e.do(t, http.MethodDelete, "/v1/templates/nothing", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
}

// A tenant stores at most paprika.MaxAssets assets, whatever their bytes:
// the 10,001st name is 413 saying so, and replacing a name it has is not.
func TestAssetCount(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)
	png := assettest.PNG(t, 1, 1, color.RGBA{1, 2, 3, 255})
	resp, body := e.putAsset(t, key, "logo.png", "image/png", png)
	requireStatus(t, http.StatusCreated, resp, body)
	// 9,998 more, of a byte each, straight into the table: as many uploads
	// would take minutes.
	_, err := e.Pool.Exec(t.Context(), `INSERT INTO assets (tenant_id, name, content_type, bytes, sha256, object, created_at, updated_at)
	    SELECT 'acme', 'a/' || i, 'image/png', 1, 'sha', 'object-' || i, now(), now() FROM generate_series(1, $1) i`, paprika.MaxAssets-2)
	require.NoError(t, err)
	resp, body = e.putAsset(t, key, "last.png", "image/png", png)
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.putAsset(t, key, "one-too-many.png", "image/png", png)
	eb := requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body)
	require.Contains(t, eb.Message, "holds 10000 assets, the most it may (10000)")
	resp, body = e.putAsset(t, key, "logo.png", "image/png", append(png, 0))
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.do(t, http.MethodDelete, "/v1/assets/last.png", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	resp, body = e.putAsset(t, key, "one-too-many.png", "image/png", png)
	requireStatus(t, http.StatusCreated, resp, body)
}
