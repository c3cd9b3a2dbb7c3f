package render

import (
	"encoding/base64"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScriptsRenderWithRealGlyphs renders text in the scripts the image
// carries fonts for; a script without a font would print tofu (empty
// boxes), which pdftotext still extracts, so the fonts are checked too.
func TestScriptsRenderWithRealGlyphs(t *testing.T) {
	t.Parallel()
	texts := map[string]string{
		"ja": "日本語のテキスト", "zh": "简体中文", "ko": "한국어", "ar": "مرحبا", "he": "שלום", "hi": "नमस्ते", "th": "สวัสดี",
	}
	var b strings.Builder
	for lang, s := range texts {
		b.WriteString(`<p lang="` + lang + `">` + s + "</p>")
	}
	b.WriteString("<p>emoji 😀</p>")
	out := render(t, shared, Input{Template: b.String()})
	text := pdfText(t, out.Body)
	for lang, s := range texts {
		if lang == "ar" || lang == "he" {
			// Right-to-left text may come back in visual order.
			require.True(t, strings.Contains(text, s) || strings.Contains(text, reverse(s)), "%s: %q in %q", lang, s, text)
			continue
		}
		require.Contains(t, text, s, lang)
	}
	// Skia embeds TrueType fonts as CID fonts, which pdffonts names, and
	// CFF-flavoured OpenType (Noto CJK) and colour emoji as Type 3 fonts,
	// which pdffonts lists as [none]: their names are in their font
	// descriptors, which qpdf shows.
	fonts := poppler(t, "pdffonts", out.Body)
	for _, want := range []string{`\+DejaVuSans\s+CID TrueType`, `\+Lohit-Devanagari\s+CID TrueType`, `\+Loma\s+CID TrueType`} {
		require.Regexp(t, regexp.MustCompile(want), fonts, "install the fonts: scripts/install-deps.sh")
	}
	objects := string(qpdf(t, out.Body, "--json", "--json-key=qpdf"))
	for _, want := range []string{`"/FontName": "/[A-Z]{6}\+NotoSansCJK\w*-Regular"`, `"/FontName": "/[A-Z]{6}\+NotoColorEmoji"`} {
		require.Regexp(t, regexp.MustCompile(want), objects, "install the fonts: scripts/install-deps.sh")
	}
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// TestFontFaceFromDataURL is docs/rendering.md's way to bring your own
// font: an @font-face with a data: URL, which the sandbox lets through.
// The font is one of the image's files, but a face (bold oblique) that
// upright text would never get by itself.
func TestFontFaceFromDataURL(t *testing.T) {
	t.Parallel()
	const file = "/usr/share/fonts/truetype/tlwg/Loma-BoldOblique.ttf"
	ttf, err := os.ReadFile(file)
	require.NoError(t, err, "install the fonts: scripts/install-deps.sh")
	tpl := `<style>@font-face { font-family: "Brand"; src: url("data:font/ttf;base64,` + base64.StdEncoding.EncodeToString(ttf) +
		`") format("truetype"); } p { font-family: "Brand"; }</style><p>Brand text</p>`
	out := render(t, shared, Input{Template: tpl})
	require.Contains(t, pdfText(t, out.Body), "Brand text")
	require.Regexp(t, `\+Loma-BoldOblique\s`, poppler(t, "pdffonts", out.Body))
}
