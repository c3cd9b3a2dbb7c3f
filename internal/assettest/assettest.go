// Package assettest makes the assets the tests of assets upload: a PNG
// drawn here, and a WOFF2 font compressed by Google's woff2_compress (the
// Debian package woff2) from a font the machine has (DejaVu Serif Bold, of
// fonts-dejavu-core, which Paprika's renders need anyway), so that nothing
// binary is kept in the repository and the font is a real one.
package assettest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FontName is the PostScript name of the font WOFF2 makes, as pdffonts
// lists it when a PDF embeds it. A page that fails to load the font falls
// back to a regular serif (DejaVu Serif), never this bold face, when the
// font's @font-face says font-weight: normal.
const FontName = "DejaVuSerif-Bold"

// PNG draws a w×h PNG of one colour.
func PNG(t testing.TB, w, h int, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TTF returns the bytes of DejaVu Serif Bold, found by fontconfig.
func TTF(t testing.TB) []byte {
	t.Helper()
	out, err := exec.Command("fc-match", "-f", "%{file}", "DejaVu Serif:bold").Output()
	if err != nil {
		t.Fatalf("fc-match (fontconfig) failed: %v; install it and the fonts with scripts/install-deps.sh test", err)
	}
	path := strings.TrimSpace(string(out))
	if filepath.Base(path) != "DejaVuSerif-Bold.ttf" {
		t.Fatalf("fc-match found %q for DejaVu Serif Bold: install fonts-dejavu-core (scripts/install-deps.sh test)", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// WOFF2 compresses TTF's font to WOFF2 with woff2_compress.
func WOFF2(t testing.TB) []byte {
	t.Helper()
	if _, err := exec.LookPath("woff2_compress"); err != nil {
		t.Fatalf("woff2_compress is not installed: apt-get install woff2 (or scripts/install-deps.sh test)")
	}
	dir := t.TempDir()
	ttf := filepath.Join(dir, "brand.ttf")
	if err := os.WriteFile(ttf, TTF(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("woff2_compress", ttf).CombinedOutput(); err != nil {
		t.Fatalf("woff2_compress: %v: %s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "brand.woff2"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("wOF2")) {
		t.Fatalf("woff2_compress wrote no WOFF2 (it starts %q)", b[:min(len(b), 4)])
	}
	return b
}
