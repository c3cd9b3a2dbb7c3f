package render

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image/color"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/paprika"
)

// memAssets is a tenant's index and the bytes of its objects, read through
// NewAssets and the process's cache as a render reads them from a store,
// counting the lookups and the rows they return.
type memAssets struct {
	mu      sync.Mutex
	index   []paprika.Asset
	objects map[string][]byte
	reads   atomic.Int64
	lookups atomic.Int64 // calls of lookup
	rows    atomic.Int64 // assets they returned
}

// assets are a render's assets, from m.
func (m *memAssets) assets() Assets { return NewAssets(m.lookup, m.read) }

func (m *memAssets) lookup(_ context.Context, names []string) ([]paprika.Asset, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lookups.Add(1)
	var found []paprika.Asset
	for _, a := range m.index {
		if slices.Contains(names, a.Name) {
			found = append(found, a)
		}
	}
	m.rows.Add(int64(len(found)))
	return found, nil
}

func (m *memAssets) add(tenant, name, contentType string, body []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sum := sha256.Sum256(body)
	object := fmt.Sprintf("obj-%d", len(m.index))
	m.index = append(m.index, paprika.Asset{TenantID: tenant, Name: name, ContentType: contentType,
		Bytes: int64(len(body)), SHA256: hex.EncodeToString(sum[:]), Object: object})
	m.objects[object] = body
}

func (m *memAssets) read(_ context.Context, a paprika.Asset) ([]byte, error) {
	m.reads.Add(1)
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.objects[a.Object], nil
}

// One document uses every kind of asset: a PNG logo by {{asset}}, a WOFF2
// font by @font-face url(assets/…), a shared stylesheet and a script
// library with scripts on. pdffonts shows the font embedded, pdfimages the
// logo drawn, pdftotext what the stylesheet and the script wrote.
func TestAssetsInAPage(t *testing.T) {
	t.Parallel()
	tenant := fmt.Sprintf("acme-%d", time.Now().UnixNano())
	m := &memAssets{objects: map[string][]byte{}}
	m.add(tenant, "logo.png", "image/png", assettest.PNG(t, 37, 23, color.RGBA{200, 30, 30, 255}))
	m.add(tenant, "fonts/brand.woff2", "font/woff2", assettest.WOFF2(t))
	m.add(tenant, "site.css", "text/css", []byte(`.note::after { content: "styled by the sheet"; }`))
	m.add(tenant, "js/lib.js", "text/javascript", []byte(`window.greet = function (n) { return "greeted " + n; };`))
	page := `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="{{asset "site.css"}}">
<style>@font-face { font-family: Brand; font-weight: normal; src: url(assets/fonts/brand.woff2) format("woff2"); }
.brand { font-family: Brand; }</style>
<script src="assets/js/lib.js"></script>
</head><body>
<img src="{{asset "logo.png"}}" alt="logo">
<p class="brand">Brand text {{who}}</p>
<p class="note"></p>
<p id="out"></p>
<script>document.getElementById("out").textContent = greet("by the library");</script>
</body></html>`
	out := render(t, shared, Input{Template: page, Data: []byte(`{"who": "here"}`), Assets: m.assets()})

	fonts := poppler(t, "pdffonts", out.Body)
	line := ""
	for l := range strings.SplitSeq(fonts, "\n") {
		if strings.Contains(l, assettest.FontName) {
			line = l
		}
	}
	require.NotEmpty(t, line, "the WOFF2 asset's font is in the PDF:\n%s", fonts)
	require.Regexp(t, `\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$`, line, "and embedded (emb yes):\n%s", fonts)

	images := poppler(t, "pdfimages", out.Body, "-list")
	require.Regexp(t, regexp.MustCompile(`(?m)^\s*1\s+0\s+image\s+37\s+23\s`), images, "the PNG logo, 37×23, is drawn:\n%s", images)

	text := pdfText(t, out.Body)
	require.Contains(t, text, "Brand text here")
	require.Contains(t, text, "styled by the sheet")
	require.Contains(t, text, "greeted by the library")

	// A second render reads nothing from the store: the bytes are cached
	// by sha256.
	reads := m.reads.Load()
	require.Equal(t, int64(4), reads)
	render(t, shared, Input{Template: page, Data: []byte(`{"who": "again"}`), Assets: m.assets()})
	require.Equal(t, reads, m.reads.Load())
}

// A name the tenant has no asset of fails the render with template-error
// naming it, whether the page asks by {{asset}}, a stylesheet's url() or a
// script, with no assets at all or with others'; the page does not print
// a broken image.
func TestMissingAssetIsATemplateError(t *testing.T) {
	t.Parallel()
	m := &memAssets{objects: map[string][]byte{}}
	m.add("other", "logo.png", "image/png", assettest.PNG(t, 4, 4, color.RGBA{0, 0, 0, 255}))
	for _, tc := range []struct {
		page, format, missing string
		assets                Assets
	}{
		{`<img src="{{asset "logo.png"}}">`, FormatPDF, "logo.png", nil},
		{`<img src="{{asset "nope.png"}}">`, FormatPNG, "nope.png", m.assets()},
		{`<style>@font-face { font-family: X; src: url(assets/fonts/x.woff2); } p { font-family: X }</style><p>x</p>`, FormatPDF, "fonts/x.woff2", (&memAssets{}).assets()},
		{`<script src="assets/lib.js"></script><p>x</p>`, FormatPDF, "lib.js", (&memAssets{}).assets()},
	} {
		_, err := renderErr(t, shared, Input{Template: tc.page, Format: tc.format, Assets: tc.assets})
		require.Error(t, err, tc.page)
		code, msg := Failure(err)
		require.Equal(t, paprika.CodeTemplateError, code, "%s: %s", tc.page, msg)
		require.Contains(t, msg, fmt.Sprintf("asset %q does not exist", tc.missing), tc.page)
	}
	// An asset the store cannot give is the service's failure: render-failed
	// (retried), not the template's, and not Chromium's.
	broken := NewAssets(m.lookup, func(context.Context, paprika.Asset) ([]byte, error) { return nil, errors.New("the store is down") })
	_, err := renderErr(t, shared, Input{Template: `<img src="{{asset "logo.png"}}">`, Assets: broken})
	code, msg := Failure(err)
	require.Equal(t, paprika.CodeRenderFailed, code, msg)
	require.Contains(t, msg, `asset "logo.png" could not be read`)
	require.False(t, BrowserFailed(err))

	// {{asset}} writes the relative URL the page loads.
	require.Equal(t, `<img src="assets/fonts/brand.woff2">`, mustExecute(t, `<img src="{{asset "fonts/brand.woff2"}}">`, `{}`))
	// A name that cannot be an asset's fails at the helper, naming the line.
	_, err = renderErr(t, shared, Input{Template: "<p>\n{{asset \"../secret\"}}</p>"})
	code, msg = Failure(err)
	require.Equal(t, paprika.CodeTemplateError, code)
	require.Contains(t, msg, "line 2")
}

// The cache keeps the most recently used bytes within its bound, and reads
// what many renders ask for at once only once.
func TestAssetCacheBound(t *testing.T) {
	t.Parallel()
	c := newAssetCache(100)
	reads := map[string]int{}
	read := func(_ context.Context, a paprika.Asset) ([]byte, error) {
		reads[a.Name]++
		return []byte(strings.Repeat(a.Name[:1], 40)), nil
	}
	asset := func(name string) paprika.Asset {
		sum := sha256.Sum256([]byte(strings.Repeat(name[:1], 40)))
		return paprika.Asset{TenantID: "t", Name: name, SHA256: hex.EncodeToString(sum[:])}
	}
	ctx := t.Context()
	for _, n := range []string{"a", "b", "a", "c", "a", "b"} {
		_, err := c.get(ctx, asset(n), read)
		require.NoError(t, err)
	}
	// 40 bytes each, 100 at most: a, b; a (hit); c pushes b out; a (hit);
	// b read again, pushing c out.
	require.Equal(t, map[string]int{"a": 1, "b": 2, "c": 1}, reads)
	require.LessOrEqual(t, c.size, int64(100))

	// Bytes that are not the asset's sha256 are refused, never cached.
	bad := asset("d")
	bad.SHA256 = strings.Repeat("0", 64)
	_, err := c.get(ctx, bad, read)
	require.ErrorContains(t, err, "sha256 differs")
	_, err = c.get(ctx, bad, read)
	require.Error(t, err)
	require.Equal(t, 2, reads["d"])
}
