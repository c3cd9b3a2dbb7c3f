package handlebars

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/aztec"
	"github.com/boombuler/barcode/code128"
	"github.com/boombuler/barcode/code39"
	"github.com/boombuler/barcode/datamatrix"
	"github.com/boombuler/barcode/ean"
	"github.com/boombuler/barcode/twooffive"
	"github.com/mailgun/raymond/v2"

	"github.com/paprikahq/paprika/internal/render/handlebars/internal/pdf417"
	"github.com/paprikahq/paprika/internal/render/handlebars/internal/qr"
)

// The symbols are encoded by github.com/boombuler/barcode (MIT, pure Go, no
// dependencies, every symbology of docs/templates.md in one module), PDF417
// by our mended copy of its package (internal/pdf417 says why), QR codes
// by our copy of its qr package that marks UTF-8 with an ECI (internal/qr); this file
// checks what each may carry, so that a tenant reads why in the
// symbology's terms, and barcode_svg.go draws the modules as SVG.

// maxBarcodeValue bounds a value before any symbology sees it: more than
// the largest QR code holds (2,953 bytes), so that only the symbology's
// own capacity refuses values in practice.
const maxBarcodeValue = 4096

// barcodeTypes are {{barcode}}'s types, in the order errors list them.
var barcodeTypes = []string{"code128", "code39", "ean13", "ean8", "upca", "itf", "datamatrix", "pdf417", "aztec"}

// cssLengthRE is what width= and height= take: a positive number and a
// CSS unit, nothing that could leave the style attribute it lands in.
var cssLengthRE = regexp.MustCompile(`^(\d{1,5}(?:\.\d{1,4})?)(px|mm|cm|in|pt|pc|em|rem|%)$`)

// symbol is an encoded barcode, ready to draw.
type symbol struct {
	code   barcode.Barcode
	linear bool
	quiet  int    // modules of blank margin on every side (linear: left and right)
	rowH   int    // modules each row of modules is drawn tall (pdf417: 3)
	px     int    // CSS pixels per module when no size is given
	label  string // what the symbol says, for aria-label and text=true
}

func qrcodeHelper(value any, o *raymond.Options) raymond.SafeString {
	const name = "qrcode"
	v := barcodeValue(o, name, value)
	opts := barcodeOptions(o, name, false)
	level := map[string]qr.ErrorCorrectionLevel{"L": qr.L, "M": qr.M, "Q": qr.Q, "H": qr.H}
	ecc := "M"
	if e := o.HashProp("ecc"); e != nil {
		ecc, _ = e.(string)
		if _, ok := level[ecc]; !ok {
			fail(o, "%s: ecc must be one of L, M, Q, H (the share of the symbol that may be lost: 7%%, 15%%, 25%%, 30%%)", name)
		}
	}
	code, err := qr.Encode(v, level[ecc], qr.Auto)
	if err != nil {
		fail(o, "%s: the value (%d bytes) is too long for a QR code at ecc %s; the largest holds 2,953 bytes at ecc L (2,952 of text beyond ASCII)", name, len(v), ecc)
	}
	return drawSymbol(o, name, symbol{code: code, quiet: 4, label: "QR code: " + v}, opts)
}

func barcodeHelper(kind string, value any, o *raymond.Options) raymond.SafeString {
	if !slices.Contains(barcodeTypes, kind) {
		fail(o, "barcode: unknown type %s; the types are %s (and {{qrcode}} draws QR codes)", describe(kind), strings.Join(barcodeTypes, ", "))
	}
	name := "barcode " + kind
	if o.HashProp("ecc") != nil {
		fail(o, "%s: ecc is an option of qrcode only", name)
	}
	v := barcodeValue(o, name, value)
	var s symbol
	switch kind {
	case "code128":
		s = symbol{code: encodeCode128(o, name, v), linear: true, quiet: 10}
	case "code39":
		s = symbol{code: encodeCode39(o, name, v), linear: true, quiet: 10}
	case "ean13":
		s = symbol{code: encodeEAN(o, name, v, 13), linear: true, quiet: 11}
	case "ean8":
		s = symbol{code: encodeEAN(o, name, v, 8), linear: true, quiet: 7}
	case "upca":
		// UPC-A is the EAN-13 whose first digit is 0: the same bars.
		if !allDigits(v) || (len(v) != 11 && len(v) != 12) {
			fail(o, "%s: %s is not a UPC-A number: 11 digits, or 12 with the check digit", name, describe(v))
		}
		code := encodeEAN(o, name, "0"+v, 13)
		s = symbol{code: code, linear: true, quiet: 9, label: code.Content()[1:]}
	case "itf":
		s = symbol{code: encodeITF(o, name, v), linear: true, quiet: 10}
	case "datamatrix":
		s = symbol{code: encodeDataMatrix(o, name, v), quiet: 1}
	case "pdf417":
		s = symbol{code: encodePDF417(o, name, v), quiet: 2, rowH: 3, px: modulePxLinear}
	case "aztec":
		code, err := aztec.Encode([]byte(v), aztec.DEFAULT_EC_PERCENT, aztec.DEFAULT_LAYERS)
		if err != nil {
			fail(o, "%s: the value (%d bytes) is too long for an Aztec code; the largest holds 2,888 letters or 3,748 digits", name, len(v))
		}
		s = symbol{code: code, quiet: 1}
	}
	if s.label == "" {
		s.label = s.code.Content()
	}
	return drawSymbol(o, name, s, barcodeOptions(o, name, s.linear))
}

// barcodeValue is the text a helper encodes: a string, or a number of the
// data written without exponent (an EAN kept as a JSON number).
func barcodeValue(o *raymond.Options, name string, value any) string {
	var v string
	switch x := value.(type) {
	case nil:
		fail(o, "%s: the value is missing", name)
	case string:
		v = x
	case raymond.SafeString:
		v = string(x)
	case float64:
		if x != math.Trunc(x) || math.Abs(x) >= 1<<53 {
			fail(o, "%s: %v is not a whole number below 2^53; give long numbers as strings", name, x)
		}
		v = strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		v = strconv.Itoa(x)
	default:
		fail(o, "%s: the value is %s, not text or a number", name, describe(value))
	}
	if v == "" {
		fail(o, "%s: the value is empty", name)
	}
	if len(v) > maxBarcodeValue {
		fail(o, "%s: the value is %d bytes, more than %d", name, len(v), maxBarcodeValue)
	}
	if !utf8.ValidString(v) {
		fail(o, "%s: the value is not valid UTF-8", name)
	}
	return v
}

func encodeCode128(o *raymond.Options, name, v string) barcode.Barcode {
	for _, r := range v {
		if r > 127 {
			fail(o, "%s: %q cannot be carried: Code 128 carries ASCII characters only", name, r)
		}
	}
	if len(v) > 80 {
		fail(o, "%s: the value is %d characters; Code 128 carries at most 80", name, len(v))
	}
	code, err := code128.Encode(v)
	if err != nil {
		fail(o, "%s: %s cannot be carried by Code 128", name, describe(v))
	}
	return code
}

// code39Chars are Code 39's characters; the library's "full ASCII" mode
// writes others as pairs that readers return as the pairs, not the text.
const code39Chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%"

func encodeCode39(o *raymond.Options, name, v string) barcode.Barcode {
	for _, r := range v {
		if !strings.ContainsRune(code39Chars, r) {
			fail(o, "%s: %q cannot be carried: Code 39 carries digits, capital letters A-Z, space and - . $ / + %%", name, r)
		}
	}
	if len(v) > 80 {
		fail(o, "%s: the value is %d characters; at most 80 fit a Code 39 symbol", name, len(v))
	}
	code, err := code39.Encode(v, false, false)
	if err != nil {
		fail(o, "%s: %s cannot be carried by Code 39", name, describe(v))
	}
	return code
}

// encodeEAN encodes an EAN-13 (n 13) or EAN-8 (n 8) number given without
// its check digit, which is added, or with it, which must be right.
func encodeEAN(o *raymond.Options, name, v string, n int) barcode.Barcode {
	if !allDigits(v) || (len(v) != n-1 && len(v) != n) {
		fail(o, "%s: %s is not an EAN-%d number: %d digits, or %d with the check digit", name, describe(v), n, n-1, n)
	}
	if len(v) == n {
		if want := eanCheckDigit(v[:n-1]); v[n-1] != want {
			fail(o, "%s: the check digit of %s is %c, not %c", name, v, want, v[n-1])
		}
	}
	code, err := ean.Encode(v)
	if err != nil {
		fail(o, "%s: %s cannot be carried by EAN-%d", name, describe(v), n)
	}
	return code
}

// eanCheckDigit is the GS1 check digit of digits: weights 3 and 1 from
// the right.
func eanCheckDigit(digits string) byte {
	sum := 0
	for i := range len(digits) {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}

func encodeITF(o *raymond.Options, name, v string) barcode.Barcode {
	if !allDigits(v) {
		fail(o, "%s: %s cannot be carried: ITF carries digits only", name, describe(v))
	}
	if len(v)%2 != 0 {
		fail(o, "%s: %s has %d digits; ITF carries an even number of digits (write a leading 0)", name, v, len(v))
	}
	if len(v) > 80 {
		fail(o, "%s: the value is %d digits; at most 80 fit an ITF symbol", name, len(v))
	}
	code, err := twooffive.Encode(v, true)
	if err != nil {
		fail(o, "%s: %s cannot be carried by ITF", name, describe(v))
	}
	return code
}

func encodeDataMatrix(o *raymond.Options, name, v string) barcode.Barcode {
	if v[0] == datamatrix.FNC1 {
		// The library reads a first byte 232 as GS1's FNC1 and would drop
		// it: a first character from U+8000 to U+8FFF (UTF-8 E8 xx xx).
		fail(o, "%s: the value may not begin with a character from U+8000 to U+8FFF", name)
	}
	code, err := datamatrix.Encode(v)
	if err != nil {
		fail(o, "%s: the value (%d bytes) is too long for a Data Matrix symbol; the largest holds 1,558 ASCII characters or 3,116 digits", name, len(v))
	}
	return code
}

// encodePDF417 encodes at the error correction level ISO/IEC 15438
// recommends for the data's size.
func encodePDF417(o *raymond.Options, name, v string) barcode.Barcode {
	if len(v) > maxPDF417Value {
		fail(o, "%s: the value is %d bytes; a PDF417 symbol holds at most %d digits or 1,662 letters", name, len(v), maxPDF417Value)
	}
	level := byte(2)
	switch n := len(v); {
	case n > 320:
		level = 5
	case n > 160:
		level = 4
	case n > 40:
		level = 3
	}
	code, err := pdf417.Encode(v, level)
	if err != nil {
		fail(o, "%s: the value (%d bytes) is too long for a PDF417 symbol; datamatrix or qrcode hold more", name, len(v))
	}
	return code
}

// maxPDF417Value is the most a PDF417 symbol holds at the level chosen
// (2,528 digits, TestBarcodeCapacity); its encoder's effort grows with the
// square of the length, so longer values are refused before it runs.
const maxPDF417Value = 2528

func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// drawOptions are a helper's validated hash options.
type drawOptions struct {
	width, height string // CSS lengths; empty for the default
	text          bool
}

func barcodeOptions(o *raymond.Options, name string, linear bool) drawOptions {
	var d drawOptions
	for key, val := range o.Hash() {
		switch key {
		case "width", "height":
			s, _ := val.(string)
			m := cssLengthRE.FindStringSubmatch(s)
			if f, err := strconv.ParseFloat(m0(m), 64); m == nil || err != nil || f <= 0 {
				fail(o, "%s: %s must be a CSS length such as 30mm, 1.5in or 120px (px, mm, cm, in, pt, pc, em, rem or %%)", name, key)
			}
			if key == "width" {
				d.width = s
			} else {
				d.height = s
			}
		case "text":
			b, ok := val.(bool)
			if !ok {
				fail(o, "%s: text is true or false", name)
			}
			if b && !linear {
				fail(o, "%s: text=true is for linear codes (code128, code39, ean13, ean8, upca, itf)", name)
			}
			d.text = b
		case "ecc":
			// checked by the helper
		default:
			fail(o, "%s: unknown option %s; the options are width, height, text and, for qrcode, ecc", name, key)
		}
	}
	return d
}

func m0(m []string) string {
	if m == nil {
		return ""
	}
	return m[1]
}

// drawSymbol draws s and counts what it wrote toward the execution's
// work, as loops and partials are, so that a loop of codes stays bounded.
func drawSymbol(o *raymond.Options, name string, s symbol, d drawOptions) raymond.SafeString {
	out := svgOf(s, d)
	state(o).charge(o, len(out))
	return raymond.SafeString(out)
}
