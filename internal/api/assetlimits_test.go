package api

import (
	"bytes"
	"fmt"
	"image/color"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/render"
)

// A synchronous render whose page asks for a 10 MiB asset under 100 query
// strings is answered 422 render-limit, naming the budget (half the
// render's memory limit), not held against Chromium; a render right after
// draws. (internal/render's TestAssetRequestsAreBounded measures the
// process's memory under it.)
func TestAssetAttackIsARenderLimit(t *testing.T) {
	t.Parallel()
	engine := render.New(render.Config{Slots: 2, PageMemory: 512 << 20, Timeout: 4 * time.Minute})
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupWork(t, nil, engine)
	key := e.tenantKey(t, "acme")
	img := assettest.PNG(t, 8, 8, color.RGBA{10, 120, 200, 255})
	big := append(img, bytes.Repeat([]byte{0}, 10<<20-len(img))...)
	resp, body := e.putAsset(t, key, "big.png", "image/png", big)
	requireStatus(t, http.StatusCreated, resp, body)

	var page strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&page, `<img src="assets/big.png?%d" style="width:8px">`, i)
	}
	resp, body = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": page.String(),
		"options": map[string]any{"waitFor": "Array.from(document.images).every(i => i.complete)"}})
	eb := requireError(t, http.StatusUnprocessableEntity, "render-limit", resp, body)
	require.Equal(t, "Render limit: the page was served more than 256 MiB of assets (each time it loads one counts, under any query string)", eb.Message)

	resp, body = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": `<img src="{{asset "big.png"}}" style="width:8px"><p>after</p>`})
	requireStatus(t, http.StatusOK, resp, body)
}
