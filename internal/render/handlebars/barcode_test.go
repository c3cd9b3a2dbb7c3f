package handlebars

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A value a symbology cannot carry, or an option out of place, is a
// template-error naming the line, the helper, the type and why.
func TestBarcodeErrors(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 3000)
	cases := []struct{ call, want string }{
		{`{{barcode "ean13" "40063813339X"}}`, `barcode ean13: "40063813339X" is not an EAN-13 number: 12 digits, or 13 with the check digit`},
		{`{{barcode "ean13" "4006381333932"}}`, `barcode ean13: the check digit of 4006381333932 is 1, not 2`},
		{`{{barcode "ean13" "40063813"}}`, `barcode ean13: "40063813" is not an EAN-13 number`},
		{`{{barcode "ean8" "96385075"}}`, `barcode ean8: the check digit of 96385075 is 4, not 5`},
		{`{{barcode "ean8" "9638-507"}}`, `barcode ean8: "9638-507" is not an EAN-8 number`},
		{`{{barcode "upca" "036000291453"}}`, `barcode upca: the check digit of 0036000291453 is 2, not 3`},
		{`{{barcode "upca" "3600029145"}}`, `barcode upca: "3600029145" is not a UPC-A number: 11 digits, or 12 with the check digit`},
		{`{{barcode "itf" "123"}}`, `barcode itf: 123 has 3 digits; ITF carries an even number of digits`},
		{`{{barcode "itf" "12AB"}}`, `barcode itf: "12AB" cannot be carried: ITF carries digits only`},
		{`{{barcode "code39" "lower"}}`, `barcode code39: 'l' cannot be carried: Code 39 carries digits, capital letters A-Z`},
		{`{{barcode "code39" "A*B"}}`, `barcode code39: '*' cannot be carried`},
		{`{{barcode "code128" "Grüße"}}`, `barcode code128: 'ü' cannot be carried: Code 128 carries ASCII characters only`},
		{`{{barcode "code128" long}}`, `barcode code128: the value is 3000 characters; Code 128 carries at most 80`},
		{`{{barcode "datamatrix" long}}`, `barcode datamatrix: the value (3000 bytes) is too long for a Data Matrix symbol`},
		{`{{barcode "pdf417" long}}`, `barcode pdf417: the value is 3000 bytes; a PDF417 symbol holds at most 2528 digits or 1,662 letters`},
		{`{{barcode "pdf417" mid}}`, `barcode pdf417: the value (2000 bytes) is too long for a PDF417 symbol`},
		{`{{barcode "aztec" long}}`, `barcode aztec: the value (3000 bytes) is too long for an Aztec code`},
		{`{{qrcode long ecc="H"}}`, `qrcode: the value (3000 bytes) is too long for a QR code at ecc H`},
		{`{{qrcode huge}}`, `qrcode: the value is 5000 bytes, more than 4096`},
		{`{{qrcode "x" ecc="X"}}`, `qrcode: ecc must be one of L, M, Q, H`},
		{`{{qrcode "x" text=true}}`, `qrcode: text=true is for linear codes`},
		{`{{qrcode "x" width="10"}}`, `qrcode: width must be a CSS length such as 30mm`},
		{`{{qrcode "x" width="3cm;background:url(x)"}}`, `qrcode: width must be a CSS length`},
		{`{{qrcode "x" height="0mm"}}`, `qrcode: height must be a CSS length`},
		{`{{qrcode "x" size="3cm"}}`, `qrcode: unknown option size`},
		{`{{qrcode missing}}`, `qrcode: the value is missing`},
		{`{{qrcode ""}}`, `qrcode: the value is empty`},
		{`{{qrcode obj}}`, `qrcode: the value is {"a":1}, not text or a number`},
		{`{{barcode "ean13" 1.5}}`, `barcode ean13: 1.5 is not a whole number`},
		{`{{barcode "code128" "x" ecc="H"}}`, `barcode code128: ecc is an option of qrcode only`},
		{`{{barcode "datamatrix" "x" text=true}}`, `barcode datamatrix: text=true is for linear codes`},
		{`{{barcode "qr" "x"}}`, `barcode: unknown type "qr"; the types are code128, code39, ean13, ean8, upca, itf, datamatrix, pdf417, aztec`},
		{`{{barcode "ean13" "4006381333931" text="yes"}}`, `barcode ean13: text is true or false`},
		{`{{barcode "<b>" missing}}`, `barcode: unknown type "<b>"`}, // the type is checked first, before it names an error
	}
	data := fmt.Sprintf(`{"long":%q,"mid":%q,"huge":%q,"obj":{"a":1}}`, long, strings.Repeat("é", 1000), strings.Repeat("y", 5000))
	for _, c := range cases {
		_, err := execute(t, "<p>\n"+c.call+"</p>", data)
		requireTemplateError(t, err, "line 2: "+c.want)
	}
}

// What is drawn is compact: runs of modules merged, a large QR code a few
// dozen kilobytes.
func TestBarcodeSVGCompact(t *testing.T) {
	t.Parallel()
	value := strings.Repeat("Paprika renders documents; ", 110)[:2953]
	out := mustExecute(t, `{{qrcode v ecc="L" width="80mm"}}`, fmt.Sprintf(`{"v":%q}`, value))
	require.True(t, strings.HasPrefix(out, `<svg xmlns="http://www.w3.org/2000/svg" class="paprika-barcode" role="img" aria-label="QR code: Paprika renders`), out[:200])
	require.Contains(t, out, ` viewBox="0 0 185 185" width="80mm"`) // version 40: 177 modules and 4 of quiet zone each side
	require.Less(t, len(out), 56<<10, "a version 40 QR code drew %d bytes", len(out))
	require.Equal(t, 1, strings.Count(out, "<path "))
	require.NotContains(t, out, "<script")

	// Markup in a value is text, in the label and the human-readable line.
	out = mustExecute(t, `{{barcode "code128" v text=true}}`, `{"v":"<b>&\"x\""}`)
	require.Contains(t, out, `aria-label="&lt;b&gt;&amp;&#34;x&#34;"`)
	require.Contains(t, out, `>&lt;b&gt;&amp;&#34;x&#34;</span></span>`)
}

// TestBarcodeCapacity holds the capacities docs/templates.md gives: the
// longest value of each kind that fits, and one more that does not.
func TestBarcodeCapacity(t *testing.T) {
	t.Parallel()
	kinds := map[string]func(n int) string{
		"letters": func(n int) string { return strings.Repeat("Paprika renders documents ", 200)[:n] },
		"digits":  func(n int) string { return strings.Repeat("0123456789", 800)[:n] },
		"ä":       func(n int) string { return strings.Repeat("ä", n/2) }, // n bytes beyond ASCII
	}
	for _, c := range []struct {
		call, kind string
		max        int
	}{
		{`{{qrcode v ecc="L"}}`, "letters", 2953},
		{`{{qrcode v ecc="L"}}`, "ä", 2952}, // after the ECI of UTF-8: 2,952 bytes
		{`{{barcode "datamatrix" v}}`, "letters", 1558},
		{`{{barcode "datamatrix" v}}`, "digits", 3116},
		{`{{barcode "datamatrix" v}}`, "ä", 778},
		{`{{barcode "pdf417" v}}`, "letters", 1662},
		{`{{barcode "pdf417" v}}`, "digits", 2528},
		{`{{barcode "pdf417" v}}`, "ä", 1034},
		{`{{barcode "aztec" v}}`, "letters", 2888},
		{`{{barcode "aztec" v}}`, "digits", 3748},
		{`{{barcode "aztec" v}}`, "ä", 1872},
	} {
		step := 1
		if c.kind == "ä" {
			step = 2
		}
		for _, n := range []int{c.max, c.max + step} {
			_, err := execute(t, c.call, fmt.Sprintf(`{"v":%q}`, kinds[c.kind](n)))
			if n == c.max {
				require.NoError(t, err, "%s with %d of %s", c.call, n, c.kind)
			} else {
				requireTemplateError(t, err) // too long, or past the bound before encoding
			}
		}
	}
}
