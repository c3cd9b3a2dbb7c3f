package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image/color"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
)

// putAsset uploads body as asset name with contentType.
func (e *testEnv) putAsset(t *testing.T, token, name, contentType string, body []byte) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, e.HTTP.URL+"/v1/assets/"+name, bytes.NewReader(body))
	require.NoError(t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return e.send(t, req)
}

// assetNames lists the tenant's asset names, limit a page, following next.
func (e *testEnv) assetNames(t *testing.T, token string, limit int) []string {
	t.Helper()
	names := []string{}
	path := fmt.Sprintf("/v1/assets?limit=%d", limit)
	for {
		_, body := e.getBody(t, token, path)
		page := decodeJSON[list[wire.Asset]](t, body)
		for _, a := range page.Data {
			names = append(names, a.Name)
		}
		if page.Next == nil {
			return names
		}
		path = fmt.Sprintf("/v1/assets?limit=%d&after=%s", limit, url.QueryEscape(*page.Next))
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// Assets over HTTP, in files and in a bucket: upload (201, then 200 on a
// replace), list in pages, download with ETag and If-None-Match, delete;
// scopes; names; another tenant's names are not found.
func TestAssets(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupWork(t, vars, nil)
		key := e.tenantKey(t, "acme", ScopeTemplates)
		reader := e.createKey(t, "acme", ScopeRead).Secret
		renderer := e.createKey(t, "acme", ScopeRender).Secret
		other := e.tenantKey(t, "globex")
		logo := assettest.PNG(t, 8, 8, color.RGBA{255, 0, 0, 255})

		resp, body := e.putAsset(t, key, "logo.png", "image/png", logo)
		requireStatus(t, http.StatusCreated, resp, body)
		require.Equal(t, "/v1/assets/logo.png", resp.Header.Get("Location"))
		requireKeys(t, decodeJSON[map[string]any](t, body), "name", "contentType", "bytes", "sha256", "createdAt", "updatedAt")
		a := decodeJSON[wire.Asset](t, body)
		require.Equal(t, wire.Asset{Name: "logo.png", ContentType: "image/png", Bytes: int64(len(logo)), SHA256: sha256Hex(logo),
			CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}, a)
		require.Regexp(t, timePattern, a.CreatedAt)

		logo2 := assettest.PNG(t, 9, 9, color.RGBA{0, 0, 255, 255})
		resp, body = e.putAsset(t, key, "logo.png", "image/png", logo2)
		requireStatus(t, http.StatusOK, resp, body)
		a2 := decodeJSON[wire.Asset](t, body)
		require.Equal(t, a.CreatedAt, a2.CreatedAt)
		require.Equal(t, sha256Hex(logo2), a2.SHA256)
		require.GreaterOrEqual(t, a2.UpdatedAt, a.UpdatedAt)

		font := assettest.WOFF2(t)
		resp, body = e.putAsset(t, key, "fonts/brand.woff2", "font/woff2", font)
		requireStatus(t, http.StatusCreated, resp, body)
		resp, body = e.putAsset(t, key, "site.css", "text/css; charset=utf-8", []byte("p { color: red }"))
		requireStatus(t, http.StatusCreated, resp, body)

		// Listed by name, in pages, to every scope.
		for _, k := range []string{key, reader, renderer} {
			require.Equal(t, []string{"fonts/brand.woff2", "logo.png", "site.css"}, e.assetNames(t, k, 2))
		}
		resp, body = e.do(t, http.MethodGet, "/v1/assets?limit=1&after=logo.png", reader, nil)
		requireStatus(t, http.StatusOK, resp, body)
		page := decodeJSON[list[wire.Asset]](t, body)
		require.Len(t, page.Data, 1)
		require.Equal(t, "site.css", page.Data[0].Name)
		require.Nil(t, page.Next)

		// Downloaded whole, with its sha256 as ETag; If-None-Match is 304.
		resp, body = e.do(t, http.MethodGet, "/v1/assets/logo.png", renderer, nil)
		requireStatus(t, http.StatusOK, resp, body)
		require.Equal(t, logo2, body)
		require.Equal(t, "image/png", resp.Header.Get("Content-Type"))
		require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		require.Contains(t, resp.Header.Get("Content-Security-Policy"), "sandbox")
		etag := resp.Header.Get("ETag")
		require.Equal(t, `"`+sha256Hex(logo2)+`"`, etag)
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+"/v1/assets/logo.png", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+reader)
		req.Header.Set("If-None-Match", etag)
		resp, body = e.send(t, req)
		requireStatus(t, http.StatusNotModified, resp, body)
		require.Empty(t, body)
		// A part of it, and a part past its end.
		req.Header.Del("If-None-Match")
		req.Header.Set("Range", "bytes=1-3")
		resp, body = e.send(t, req)
		requireStatus(t, http.StatusPartialContent, resp, body)
		require.Equal(t, logo2[1:4], body)
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", len(logo2)+10))
		resp, body = e.send(t, req)
		requireError(t, http.StatusRequestedRangeNotSatisfiable, "range-not-satisfiable", resp, body)
		resp, body = e.do(t, http.MethodGet, "/v1/assets/fonts/brand.woff2", reader, nil)
		requireStatus(t, http.StatusOK, resp, body)
		require.Equal(t, font, body)
		require.Equal(t, "font/woff2", resp.Header.Get("Content-Type"))

		// Only templates uploads and deletes.
		resp, body = e.putAsset(t, renderer, "x.png", "image/png", logo)
		requireError(t, http.StatusForbidden, "forbidden", resp, body)
		resp, body = e.do(t, http.MethodDelete, "/v1/assets/logo.png", reader, nil)
		requireError(t, http.StatusForbidden, "forbidden", resp, body)

		// Another tenant's names are not found, the list is its own.
		resp, body = e.do(t, http.MethodGet, "/v1/assets/logo.png", other, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		resp, body = e.do(t, http.MethodDelete, "/v1/assets/logo.png", other, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		require.Empty(t, e.assetNames(t, other, 100))

		// Names of the wrong shape cannot exist.
		for _, name := range []string{".hidden.png", "a/../b.png", "a//b.png", "a..b.png", "-x.png", "a%20b.png", strings.Repeat("a", 129),
			"fonts/", "a/.b"} {
			resp, body = e.putAsset(t, key, name, "image/png", logo)
			requireError(t, http.StatusNotFound, "not-found", resp, body)
		}

		resp, body = e.do(t, http.MethodDelete, "/v1/assets/logo.png", key, nil)
		requireStatus(t, http.StatusNoContent, resp, body)
		resp, body = e.do(t, http.MethodGet, "/v1/assets/logo.png", key, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		resp, body = e.do(t, http.MethodDelete, "/v1/assets/logo.png", key, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
	})
}

// Every type's bytes must be what the type says: a mismatch is 400 naming
// the type; so is a type that is not an asset's. Past 10 MiB an asset is
// 413, and past PAPRIKA_ASSET_QUOTA the tenant's are, also under uploads
// at the same time.
func TestAssetTypesAndLimits(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_ASSET_QUOTA": "1MiB"}, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)
	png := assettest.PNG(t, 2, 2, color.RGBA{1, 2, 3, 255})
	ttf := assettest.TTF(t)
	good := map[string][]byte{
		"image/png":       png,
		"image/jpeg":      []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"),
		"image/gif":       []byte("GIF89a\x01\x00\x01\x00"),
		"image/webp":      []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00"),
		"image/svg+xml":   []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>`),
		"font/woff2":      []byte("wOF2\x00\x01\x00\x00"),
		"font/woff":       []byte("wOFF\x00\x01\x00\x00"),
		"font/ttf":        ttf[:4096],
		"font/otf":        []byte("OTTO\x00\x0a"),
		"text/css":        []byte("\xef\xbb\xbfbody { font-family: \"Brand\"; } /* é */"),
		"text/javascript": []byte(`export const x = "ü";`),
	}
	i := 0
	for ct, b := range good {
		i++
		resp, body := e.putAsset(t, key, fmt.Sprintf("good-%d", i), ct, b)
		requireStatus(t, http.StatusCreated, resp, body)
	}
	bad := []struct{ contentType, why string }{
		{"image/jpeg", "image/png's"}, {"image/gif", "image/png's"}, {"image/webp", "RIFF WEBP"}, {"font/woff2", "image/png's"},
		{"font/ttf", "image/png's"}, {"font/otf", "image/png's"}, {"font/woff", "image/png's"},
		{"text/css", "UTF-8"}, {"text/javascript", "UTF-8"}, {"image/svg+xml", "UTF-8"},
	}
	for _, tc := range bad {
		resp, body := e.putAsset(t, key, "bad", tc.contentType, png)
		eb := requireError(t, http.StatusBadRequest, "bad-request", resp, body)
		require.Contains(t, eb.Message, "not "+tc.contentType, tc.contentType)
		require.Contains(t, eb.Message, tc.why, tc.contentType)
	}
	for body, why := range map[string]string{
		`<html><body></body></html>`:                  "root element is <html>",
		`<svg xmlns="http://www.w3.org/2000/svg"><g>`: "does not parse as XML",
		`just text`: "no <svg> element",
	} {
		resp, b := e.putAsset(t, key, "bad.svg", "image/svg+xml", []byte(body))
		eb := requireError(t, http.StatusBadRequest, "bad-request", resp, b)
		require.Contains(t, eb.Message, why)
	}
	resp, body := e.putAsset(t, key, "bad.css", "text/css", []byte("a\x00b"))
	require.Contains(t, requireError(t, http.StatusBadRequest, "bad-request", resp, body).Message, "NUL")
	for _, ct := range []string{"", "application/pdf", "text/html", "image/png; charset=utf-8", "text/css; charset=latin1", "not a type"} {
		resp, body := e.putAsset(t, key, "x.png", ct, png)
		eb := requireError(t, http.StatusBadRequest, "bad-request", resp, body)
		require.Contains(t, eb.Message, "Content-Type", ct)
	}
	resp, body = e.putAsset(t, key, "empty.png", "image/png", nil)
	requireError(t, http.StatusBadRequest, "bad-request", resp, body)

	// One asset: 10 MiB at most, whatever the quota. (This test's quota is
	// 1 MiB; the message that says so is the one of the asset's limit.)
	huge := append(append([]byte{}, png...), make([]byte, 10<<20)...)
	resp, body = e.putAsset(t, key, "huge.png", "image/png", huge)
	require.Contains(t, requireError(t, http.StatusRequestEntityTooLarge, "payload-too-large", resp, body).Message, "10 MiB")

	// The quota: 1 MiB for the tenant, what it holds already counted.
	resp, body = e.do(t, http.MethodGet, "/v1/assets?limit=1000", key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	var held int64
	for _, a := range decodeJSON[list[wire.Asset]](t, body).Data {
		held += a.Bytes
	}
	big := append(append([]byte{}, png...), make([]byte, 400<<10)...)
	resp, body = e.putAsset(t, key, "big1.png", "image/png", big)
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.putAsset(t, key, "big2.png", "image/png", big)
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.putAsset(t, key, "big3.png", "image/png", big)
	eb := requireError(t, http.StatusRequestEntityTooLarge, "payload-too-large", resp, body)
	require.Contains(t, eb.Message, "PAPRIKA_ASSET_QUOTA")
	// A replace counts the new bytes, not the old ones beside them.
	resp, body = e.putAsset(t, key, "big2.png", "image/png", append(big, 1))
	requireStatus(t, http.StatusOK, resp, body)
	// A deleted asset's bytes are free again.
	resp, body = e.do(t, http.MethodDelete, "/v1/assets/big1.png", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)

	// Uploads at once cannot share out more than the quota: of 8 of
	// 200 KiB, with about 600 KiB left, at most 3 fit.
	left := int64(1<<20) - held - int64(len(big)+1)
	part := append(append([]byte{}, png...), make([]byte, 200<<10)...)
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for n := range statuses {
		wg.Go(func() {
			resp, _ := e.putAsset(t, key, fmt.Sprintf("part-%d.png", n), "image/png", part)
			statuses[n] = resp.StatusCode
		})
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		require.Contains(t, []int{http.StatusCreated, http.StatusRequestEntityTooLarge}, s)
		if s == http.StatusCreated {
			created++
		}
	}
	require.Equal(t, int(left/int64(len(part))), created, "statuses %v", statuses)
	resp, body = e.do(t, http.MethodGet, "/v1/assets?limit=1000", key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	var total int64
	for _, a := range decodeJSON[list[wire.Asset]](t, body).Data {
		total += a.Bytes
	}
	require.LessOrEqual(t, total, int64(1<<20))

	// What replaces and deletes leave for the sweeper is bounded by the
	// quota too: a fourth replace of 300 KiB within the hour finds 900 KiB
	// replaced and 300 KiB more to replace, past 1 MiB. Swept, it goes
	// through.
	loop := e.tenantKey(t, "loop", ScopeTemplates)
	third := append(append([]byte{}, png...), make([]byte, 300<<10)...)
	resp, body = e.putAsset(t, loop, "x.png", "image/png", third)
	requireStatus(t, http.StatusCreated, resp, body)
	for range 3 {
		resp, body = e.putAsset(t, loop, "x.png", "image/png", third)
		requireStatus(t, http.StatusOK, resp, body)
	}
	resp, body = e.putAsset(t, loop, "x.png", "image/png", third)
	eb = requireError(t, http.StatusRequestEntityTooLarge, "payload-too-large", resp, body)
	require.Contains(t, eb.Message, "replaced and deleted assets hold")
	// A new name still fits (900 KiB left behind); deleted, its 150 KiB
	// take what is left behind past the quota, and nothing more goes in.
	resp, body = e.putAsset(t, loop, "y.png", "image/png", append(append([]byte{}, png...), make([]byte, 150<<10)...))
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.do(t, http.MethodDelete, "/v1/assets/y.png", loop, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	resp, body = e.putAsset(t, loop, "z.png", "image/png", png)
	eb = requireError(t, http.StatusRequestEntityTooLarge, "payload-too-large", resp, body)
	require.Contains(t, eb.Message, "replaced and deleted assets hold")
	_, err := e.Pool.Exec(t.Context(), `UPDATE asset_orphans SET since = since - interval '61 minutes' WHERE tenant_id = 'loop'`)
	require.NoError(t, err)
	_, err = (&storage.Sweeper{Store: e.Store, Outputs: e.Outputs, Logger: e.Server.log}).Sweep(t.Context())
	require.NoError(t, err)
	resp, body = e.putAsset(t, loop, "x.png", "image/png", third)
	requireStatus(t, http.StatusOK, resp, body)
}

// Renders use the tenant's own assets, in files and in a bucket: a
// synchronous render, a job and a batch record (the worker), through the
// real Chromium. The PNG logo is drawn (pdfimages), the WOFF2 font
// embedded (pdffonts), the stylesheet and the script library applied
// (pdftotext). Another tenant naming the same asset gets a template-error,
// not the bytes; a replace is what the next render draws.
func TestAssetsRender(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupChromium(t, vars)
		key := e.tenantKey(t, "acme")
		other := e.tenantKey(t, "globex")
		for _, a := range []struct {
			name, contentType string
			body              []byte
		}{
			{"brand/logo.png", "image/png", assettest.PNG(t, 31, 17, color.RGBA{200, 20, 20, 255})},
			{"fonts/brand.woff2", "font/woff2", assettest.WOFF2(t)},
			{"site.css", "text/css", []byte(`.note::after { content: "styled by the sheet"; }`)},
			{"lib.js", "text/javascript", []byte(`window.greet = function (n) { return "greeted " + n; };`)},
		} {
			resp, body := e.putAsset(t, key, a.name, a.contentType, a.body)
			requireStatus(t, http.StatusCreated, resp, body)
		}
		page := `<html><head><link rel="stylesheet" href="{{asset "site.css"}}">
<style>@font-face { font-family: Brand; font-weight: normal; src: url(assets/fonts/brand.woff2); } .brand { font-family: Brand }</style>
<script src="assets/lib.js"></script></head><body>
<img src="{{asset "brand/logo.png"}}" alt="logo"><p class="brand">Brand {{who}}</p><p class="note"></p><p id="out"></p>
<script>document.getElementById("out").textContent = greet({{{json who}}});</script></body></html>`
		check := func(doc []byte, w, h int, who string) {
			t.Helper()
			images, err := docTool(t, doc, "pdfimages", "-list")
			require.NoError(t, err)
			require.Regexp(t, regexp.MustCompile(fmt.Sprintf(`(?m)^\s*1\s+0\s+image\s+%d\s+%d\s`, w, h)), images)
			fonts, err := docTool(t, doc, "pdffonts")
			require.NoError(t, err)
			require.Regexp(t, regexp.MustCompile(`(?m)^\S*`+assettest.FontName+`\s.*\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$`), fonts)
			text, err := docTool(t, doc, "pdftotext")
			require.NoError(t, err)
			require.Contains(t, text, "Brand "+who)
			require.Contains(t, text, "styled by the sheet")
			require.Contains(t, text, "greeted "+who)
		}

		resp, doc := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": page, "data": map[string]any{"who": "sync"}})
		requireStatus(t, http.StatusOK, resp, doc)
		check(doc, 31, 17, "sync")

		// Another tenant has no asset of that name: its render fails
		// naming it, and draws nothing of acme's.
		resp, body := e.do(t, http.MethodPost, "/v1/renders", other, map[string]any{"template": page, "data": map[string]any{"who": "x"}})
		eb := requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
		require.Regexp(t, `^Template error: assets ("[a-z./0-9]+", ){3}"[a-z./0-9]+" do not exist`, eb.Message)
		for _, name := range []string{"site.css", "lib.js", "brand/logo.png", "fonts/brand.woff2"} {
			require.Contains(t, eb.Message, `"`+name+`"`)
		}
		resp, body = e.do(t, http.MethodPost, "/v1/renders", other, map[string]any{"template": `<img src="{{asset "brand/logo.png"}}">`})
		eb = requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
		require.Contains(t, eb.Message, `asset "brand/logo.png" does not exist`)

		// Replaced: the next render, a job, draws the new logo.
		resp, body = e.putAsset(t, key, "brand/logo.png", "image/png", assettest.PNG(t, 45, 12, color.RGBA{20, 200, 20, 255}))
		requireStatus(t, http.StatusOK, resp, body)
		job := e.postJob(t, key, map[string]any{"template": page, "data": map[string]any{"who": "job"}})
		e.waitJob(t, key, job.ID, "done")
		resp, doc = e.getBody(t, key, "/v1/jobs/"+job.ID+"/output")
		requireStatus(t, http.StatusOK, resp, doc)
		check(doc, 45, 12, "job")

		batch := e.postBatch(t, key, map[string]any{"template": page, "records": []map[string]any{{"who": "record"}, {"who": "again"}}})
		b := e.waitBatch(t, key, batch.ID)
		require.Equal(t, 2, b.Done, "%+v", b)
		resp, doc = e.getBody(t, key, "/v1/batches/"+batch.ID+"/records/2/output")
		requireStatus(t, http.StatusOK, resp, doc)
		check(doc, 45, 12, "again")

		// A job naming a deleted asset fails with template-error naming it.
		resp, body = e.do(t, http.MethodDelete, "/v1/assets/lib.js", key, nil)
		requireStatus(t, http.StatusNoContent, resp, body)
		job = e.postJob(t, key, map[string]any{"template": page, "data": map[string]any{"who": "gone"}})
		failed := e.waitJob(t, key, job.ID, "failed")
		require.NotNil(t, failed.Error)
		require.Equal(t, "template-error", failed.Error.Code)
		require.Contains(t, failed.Error.Message, `asset "lib.js" does not exist`)
	})
}

// The sweeper deletes what a replace or a delete left once no render can
// still be reading it, and a deleted tenant's assets, objects and rows.
func TestAssetsSwept(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupWork(t, vars, nil)
		key := e.tenantKey(t, "acme", ScopeTemplates)
		keep := e.tenantKey(t, "globex", ScopeTemplates)
		objects := func(tenant string) []string {
			rows, err := e.Pool.Query(t.Context(), `SELECT object FROM assets WHERE tenant_id = $1
				UNION ALL SELECT object FROM asset_orphans WHERE tenant_id = $1 ORDER BY 1`, tenant)
			require.NoError(t, err)
			var out []string
			for rows.Next() {
				var o string
				require.NoError(t, rows.Scan(&o))
				out = append(out, o)
			}
			require.NoError(t, rows.Err())
			return out
		}
		stored := func(tenant, object string) bool {
			_, err := e.Outputs.Stat(t.Context(), storage.AssetKey(tenant, object))
			if err != nil {
				require.ErrorIs(t, err, storage.ErrNotExist)
			}
			return err == nil
		}
		for i, k := range []string{key, keep} {
			resp, body := e.putAsset(t, k, "a.png", "image/png", assettest.PNG(t, 2, 2, color.RGBA{uint8(i), 0, 0, 255}))
			requireStatus(t, http.StatusCreated, resp, body)
		}
		resp, body := e.putAsset(t, keep, "a.png", "image/png", assettest.PNG(t, 3, 3, color.RGBA{9, 9, 9, 255}))
		requireStatus(t, http.StatusOK, resp, body)
		kept := objects("globex")
		require.Len(t, kept, 2, "the asset's object and the replaced one")
		for _, o := range kept {
			require.True(t, stored("globex", o))
		}
		acme := objects("acme")
		require.Len(t, acme, 1)

		sweeper := &storage.Sweeper{Store: e.Store, Outputs: e.Outputs, Logger: e.Server.log}
		_, err := sweeper.Sweep(t.Context())
		require.NoError(t, err)
		require.Equal(t, kept, objects("globex"), "an orphan less than an hour old stays: a render may be reading it")

		_, err = e.Pool.Exec(t.Context(), `UPDATE asset_orphans SET since = since - interval '61 minutes'`)
		require.NoError(t, err)
		resp, body = e.admin(t, http.MethodDelete, "/v1/admin/tenants/acme", nil)
		requireStatus(t, http.StatusNoContent, resp, body)
		_, err = sweeper.Sweep(t.Context())
		require.NoError(t, err)

		require.Empty(t, objects("acme"))
		require.False(t, stored("acme", acme[0]), "a deleted tenant's asset object is deleted")
		left := objects("globex")
		require.Len(t, left, 1, "the replaced object is swept, the asset's own stays")
		require.True(t, stored("globex", left[0]))
		for _, o := range kept {
			require.Equal(t, o == left[0], stored("globex", o))
		}
		resp, body = e.do(t, http.MethodGet, "/v1/assets/a.png", keep, nil)
		requireStatus(t, http.StatusOK, resp, body)
	})
}
