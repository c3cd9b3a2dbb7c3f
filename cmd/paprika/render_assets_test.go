package main

import (
	"bytes"
	"context"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/assettest"
)

// paprika render --assets DIR: the page's assets/NAME ({{asset}}, <img>,
// CSS url()) are DIR's files, checked as uploads are; a missing one names
// DIR, not the API's upload; a file that fails a check (a symbolic link out
// of DIR, past 10 MiB, not what its extension says) fails the render
// naming it.
func TestRenderCommandAssets(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"pdffonts", "pdfimages"} {
		_, err := exec.LookPath(tool)
		require.NoError(t, err, "%s not found; install it with: sudo apt-get install -y poppler-utils", tool)
	}
	dir := t.TempDir()
	assets := filepath.Join(dir, "assets")
	write := func(path string, b []byte) string {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, b, 0o600))
		return path
	}
	write(filepath.Join(assets, "logo.png"), assettest.PNG(t, 37, 23, color.RGBA{200, 30, 30, 255}))
	write(filepath.Join(assets, "fonts", "brand.woff2"), assettest.WOFF2(t))
	data := write(filepath.Join(dir, "d.json"), []byte(`{"who": "Fabrikam"}`))
	page := func(body string) string {
		return write(filepath.Join(dir, "t.html"), []byte(`<style>@font-face { font-family: Brand; src: url(assets/fonts/brand.woff2) format("woff2"); }
.brand { font-family: Brand; }</style>`+body))
	}
	render := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"render"}, args...), func(string) string { return "" }, &stdout, &stderr)
		return code, stderr.String()
	}

	tmpl := page(`<img src="{{asset "logo.png"}}"><p class="brand">Invoice for {{who}}</p>`)
	out := filepath.Join(dir, "out.pdf")
	code, stderr := render(tmpl, data, "-o", out, "--assets", assets)
	require.Zero(t, code, stderr)
	fonts, err := exec.Command("pdffonts", out).Output()
	require.NoError(t, err)
	require.Regexp(t, `(?m)^\S*`+assettest.FontName+`\s.*\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$`, string(fonts), "the font of DIR, embedded")
	images, err := exec.Command("pdfimages", "-list", out).Output()
	require.NoError(t, err)
	require.Regexp(t, regexp.MustCompile(`(?m)^\s*1\s+0\s+image\s+37\s+23\s`), string(images), "the PNG of DIR, 37×23, drawn")

	// Missing: named, with where it was looked for.
	tmpl = page(`<img src="assets/nosuch.png"><p class="brand">x</p>`)
	code, stderr = render(tmpl, data, "-o", out, "--assets", assets)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "assets/nosuch.png, missing from "+assets+" (no "+filepath.Join(assets, "nosuch.png")+")")
	require.NotContains(t, stderr, "PUT /v1/assets")
	code, stderr = render(tmpl, data, "-o", out)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "give --assets DIR")
	require.NotContains(t, stderr, "PUT /v1/assets")

	// The checks of an upload.
	outside := write(filepath.Join(dir, "secret.png"), assettest.PNG(t, 5, 5, color.RGBA{0, 0, 0, 255}))
	require.NoError(t, os.Symlink(outside, filepath.Join(assets, "link.png")))
	write(filepath.Join(assets, "fake.png"), []byte("GIF89a not a png"))
	write(filepath.Join(assets, "big.png"), append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 10<<20)...))
	write(filepath.Join(assets, "notes.txt"), []byte("text"))
	for name, want := range map[string]string{
		"link.png":  "a symbolic link out of " + assets,
		"fake.png":  "the file is not image/png: its first bytes are not that format's signature (they are image/gif's)",
		"big.png":   "larger than the 10 MiB an asset may be",
		"notes.txt": "its extension is none of an asset's",
	} {
		tmpl = page(`<img src="assets/` + name + `">`)
		code, stderr = render(tmpl, data, "-o", out, "--assets", assets)
		require.Equal(t, 1, code, name)
		require.Contains(t, stderr, "assets/"+name+" ("+filepath.Join(assets, name)+"): "+want, name)
	}
	code, stderr = render(tmpl, data, "-o", out, "--assets", filepath.Join(dir, "none"))
	require.Equal(t, 2, code)
	require.True(t, strings.HasPrefix(stderr, "paprika render: --assets: "), stderr)
}
