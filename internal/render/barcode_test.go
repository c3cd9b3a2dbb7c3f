package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// zxingVersion is the ZXing-C++ reader (as WebAssembly, run by Node.js)
// that decodes what zbar and libdmtx cannot: PDF417 and Aztec. It is
// installed once into the user's cache directory.
const zxingVersion = "3.1.8"

// Each code of TestBarcodesScan is drawn in a cell of its own, cut out of
// the screenshot before a reader sees it.
const cellW, cellH = 1000, 640

type scanCase struct {
	call   string // the template's helper call, on the data
	reader string // zbar SYMBOLOGY, dmtx or zxing FORMAT
	want   string // what the reader must return
}

// TestBarcodesScan draws every symbology through the real engine into one
// PNG and decodes each with a real reader: what it returns is what went in.
func TestBarcodesScan(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("Paprika renders documents; ", 60)[:1500]
	digits := strings.Repeat("0123456789", 20)
	cases := []scanCase{
		{`{{qrcode epc}}`, "zbar QR-Code", epcPayload},
		{`{{qrcode big ecc="L"}}`, "zbar QR-Code", big},
		{`{{qrcode "HELLO 42" ecc="H" width="60mm"}}`, "zxing QRCode", "HELLO 42"},
		{`{{barcode "code128" "PAPRIKA-0042/x?"}}`, "zbar CODE-128", "PAPRIKA-0042/x?"},
		{`{{barcode "code128" parcel width="400px" height="100px" text=true}}`, "zbar CODE-128", "00340123450000000017"},
		{`{{barcode "code39" "PAPRIKA 42-$/+%"}}`, "zbar CODE-39", "PAPRIKA 42-$/+%"},
		{`{{barcode "ean13" "400638133393" text=true}}`, "zbar EAN-13", "4006381333931"},
		{`{{barcode "ean13" gtin}}`, "zbar EAN-13", "4006381333931"},
		{`{{barcode "ean8" "96385074"}}`, "zbar EAN-8", "96385074"},
		{`{{barcode "upca" "03600029145" text=true}}`, "zbar UPC-A", "036000291452"},
		{`{{barcode "itf" "00012345678905"}}`, "zbar I2/5", "00012345678905"},
		{`{{barcode "datamatrix" "Paprika DM 0042 Grüße"}}`, "dmtx", "Paprika DM 0042 Grüße"},
		{`{{barcode "datamatrix" big}}`, "dmtx", big},
		{`{{barcode "pdf417" "Paprika PDF417 12345"}}`, "zxing PDF417", "Paprika PDF417 12345"},
		{`{{barcode "pdf417" "aaaaaaaaaaaaaaaaaaaa"}}`, "zxing PDF417", "aaaaaaaaaaaaaaaaaaaa"},
		{`{{barcode "pdf417" long}}`, "zxing PDF417", big[:300]},
		// Row counts of every remainder by 3, which the library got wrong,
		// byte compaction and numeric compaction.
		{`{{barcode "pdf417" "7"}}`, "zxing PDF417", "7"},
		{`{{barcode "pdf417" "Größe: 37 Zeichen, binär & Text 12345"}}`, "zxing PDF417", "Größe: 37 Zeichen, binär & Text 12345"},
		{`{{barcode "pdf417" digits}}`, "zxing PDF417", digits},
		{`{{barcode "pdf417" longer}}`, "zxing PDF417", big[:900]},
		{`{{barcode "aztec" "Paprika Aztec 0042 Grüße"}}`, "zxing Aztec", "Paprika Aztec 0042 Grüße"},
		{`{{barcode "aztec" big}}`, "zxing Aztec", big},
	}
	var tpl strings.Builder
	tpl.WriteString(`<style>body{margin:0;background:#f3e7c9}div{position:absolute;left:0;width:1000px;height:640px;overflow:hidden}</style>`)
	for i, c := range cases {
		fmt.Fprintf(&tpl, `<div style="top:%dpx"><p style="margin:20px">%s</p></div>`, i*cellH, c.call)
	}
	data := fmt.Sprintf(`{"epc":%q,"big":%q,"long":%q,"longer":%q,"digits":%q,"parcel":"00340123450000000017","gtin":4006381333931}`,
		epcPayload, big, big[:300], big[:900], digits)
	out := render(t, shared, Input{Template: tpl.String(), Data: []byte(data), Format: FormatPNG, Options: Options{Width: cellW}})
	img, err := png.Decode(bytes.NewReader(out.Body))
	require.NoError(t, err)
	require.GreaterOrEqual(t, img.Bounds().Dy(), len(cases)*cellH)

	dir := t.TempDir()
	var zxFiles []string // format, file pairs for one run of ZXing
	var zxCases []int
	for i, c := range cases {
		cell := img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(0, i*cellH, cellW, (i+1)*cellH))
		file := filepath.Join(dir, fmt.Sprintf("cell%02d.png", i))
		writePNG(t, file, cell)
		reader, format, _ := strings.Cut(c.reader, " ")
		switch reader {
		case "zbar":
			require.Equal(t, c.want, zbar(t, file, format), "%s (cell %d)", c.call, i)
		case "dmtx":
			require.Equal(t, c.want, dmtx(t, file), "%s (cell %d)", c.call, i)
		case "zxing":
			zxFiles, zxCases = append(zxFiles, format, file), append(zxCases, i)
		}
	}
	for j, got := range zxing(t, zxFiles...) {
		c := cases[zxCases[j]]
		require.Equal(t, c.want, got, "%s (cell %d)", c.call, zxCases[j])
	}
}

// epcPayload is an EPC069-12 (SEPA credit transfer) QR payload, as in
// docs/templates.md.
const epcPayload = "BCD\n002\n1\nSCT\nBFSWDE33BER\nWikimedia Fördergesellschaft\nDE33100205000001194700\nEUR12.50\n\n\nSpende für Wikipedia 2026\n"

// zbar decodes file with zbarimg, only symbology enabled, and returns the
// data of the one symbol it must find, as bytes (no charset guessing).
func zbar(t *testing.T, file, symbology string) string {
	t.Helper()
	_, err := exec.LookPath("zbarimg")
	require.NoError(t, err, "zbarimg is needed: scripts/install-deps.sh test (apt-get install -y zbar-tools)")
	enable := map[string]string{"QR-Code": "qrcode", "CODE-128": "code128", "CODE-39": "code39", "EAN-13": "ean13",
		"EAN-8": "ean8", "UPC-A": "upca", "I2/5": "i25"}[symbology]
	require.NotEmpty(t, enable, symbology)
	only := []string{"-q", "-Sdisable", "-S" + enable + ".enable"}
	if enable == "upca" {
		// zbar reads UPC-A with its EAN-13 decoder, and names it UPC-A
		// only when upca is enabled too.
		only = append(only, "-Sean13.enable")
	}
	// --xml names each symbol's type; -Sbinary writes the data alone, as
	// bytes, where --xml would write zbar's guess at their charset.
	x := zbarRun(t, append(only, "--xml", file))
	require.Equal(t, 1, strings.Count(x, "<symbol "), x)
	require.Contains(t, x, `type='`+symbology+`'`)
	return zbarRun(t, append(only, "-Sbinary", file))
}

func zbarRun(t *testing.T, args []string) string {
	t.Helper()
	cmd := exec.Command("zbarimg", args...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout // stderr has zbar's D-Bus noise
	require.NoError(t, cmd.Run(), "zbarimg %v found nothing", args)
	return stdout.String()
}

// dmtx decodes the Data Matrix symbol of file with libdmtx's dmtxread.
func dmtx(t *testing.T, file string) string {
	t.Helper()
	_, err := exec.LookPath("dmtxread")
	require.NoError(t, err, "dmtxread is needed: scripts/install-deps.sh test (apt-get install -y dmtx-utils)")
	out, err := exec.Command("dmtxread", "-N1", "-m5000", file).Output()
	require.NoError(t, err, "dmtxread found no Data Matrix in %s", file)
	return string(out)
}

// zxing decodes format, file pairs with ZXing-C++ (npm zxing-wasm, which
// it installs into the user's cache directory once), in one run of node,
// and returns the data of the one symbol of each file.
func zxing(t *testing.T, pairs ...string) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	require.NoError(t, err, "node and npm are needed: scripts/install-deps.sh test (apt-get install -y npm)")
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	prefix := filepath.Join(cache, "paprika", "zxing-wasm-"+zxingVersion)
	if _, err := os.Stat(filepath.Join(prefix, "node_modules", "zxing-wasm", "package.json")); err != nil {
		npm, err := exec.LookPath("npm")
		require.NoError(t, err, "npm is needed: scripts/install-deps.sh test (apt-get install -y npm)")
		require.NoError(t, os.MkdirAll(prefix, 0o755))
		cmd := exec.Command(npm, "install", "--prefix", prefix, "--cache", filepath.Join(cache, "paprika", "npm"),
			"--prefer-offline", "--no-audit", "--no-fund", "--no-save", "zxing-wasm@"+zxingVersion)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "npm install zxing-wasm@%s: %s", zxingVersion, out)
	}
	// Beside its node_modules, where node resolves the import.
	script := filepath.Join(prefix, "decode-"+strconv.Itoa(os.Getpid())+".mjs")
	src, err := os.ReadFile(filepath.Join("testdata", "zxing-decode.mjs"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(script, src, 0o644))
	defer os.Remove(script)
	var stderr bytes.Buffer
	cmd := exec.Command(node, append([]string{script}, pairs...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "ZXing: %s", stderr.String())
	var results []struct {
		Bytes []byte `json:"bytes"`
		Error string `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out, &results), "%s", out)
	require.Len(t, results, len(pairs)/2)
	got := make([]string, len(results))
	for i, r := range results {
		require.Empty(t, r.Error, "ZXing in %s", pairs[2*i+1])
		got[i] = string(r.Bytes)
	}
	return got
}

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

// TestDrawingDocExamples renders the examples of docs/templates.md, the
// templates of testdata that it quotes, and decodes what they draw; the
// PNGs in docs/templates/ are these renders (PAPRIKA_UPDATE_DOCS=1 writes
// them anew) and must decode the same.
func TestDrawingDocExamples(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "templates.md"))
	require.NoError(t, err)
	for _, ex := range []struct{ name, symbology, field string }{
		{"epc-qr", "QR-Code", "epc"},
		{"shipping-label", "CODE-128", "parcel.sscc"},
	} {
		tpl, data := testdata(t, ex.name+".hbs"), testdata(t, ex.name+".json")
		require.True(t, strings.Contains(string(doc), tpl), "docs/templates.md quotes testdata/%s.hbs", ex.name)
		require.True(t, strings.Contains(string(doc), data), "docs/templates.md quotes testdata/%s.json", ex.name)
		var fields map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &fields))
		want := fields[ex.field]
		if k, f, ok := strings.Cut(ex.field, "."); ok {
			want = fields[k].(map[string]any)[f]
		}

		out := render(t, shared, Input{Template: tpl, Data: []byte(data), Format: FormatPNG, Options: Options{Width: 640}})
		img, err := png.Decode(bytes.NewReader(out.Body))
		require.NoError(t, err)
		file := filepath.Join(t.TempDir(), ex.name+".png")
		writePNG(t, file, trimWhite(img, 12))
		require.Equal(t, want, zbar(t, file, ex.symbology), ex.name)

		committed := filepath.Join("..", "..", "docs", "templates", ex.name+".png")
		if os.Getenv("PAPRIKA_UPDATE_DOCS") == "1" {
			b, err := os.ReadFile(file)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(committed, b, 0o644))
		}
		require.Equal(t, want, zbar(t, committed, ex.symbology), "%s (PAPRIKA_UPDATE_DOCS=1 writes it anew)", committed)
	}
}

func writePNG(t *testing.T, file string, img image.Image) {
	t.Helper()
	f, err := os.Create(file)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
}

// trimWhite cuts img to what is not white, with a margin.
func trimWhite(img image.Image, margin int) image.Image {
	b := img.Bounds()
	box := image.Rectangle{Min: b.Max, Max: b.Min}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r&g&bl < 0xf000 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(box.Inset(-margin).Intersect(b))
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

// A QR code of text beyond ASCII says it is UTF-8 (ECI 26), so that a
// reader that does not take bare bytes as UTF-8 reads it right: zbar,
// asked for text (no -Sbinary), decodes by the ECI, and without one guesses
// (Shift JIS for "Müller"). An ASCII value is read unchanged.
func TestQRCodeUTF8ReadsBack(t *testing.T) {
	t.Parallel()
	values := []string{"Müller", "Grüße aus Köln, 12 €", "HELLO 42", "invoice https://example.com/i/42?x=1"}
	var tpl strings.Builder
	tpl.WriteString(`<style>body{margin:0;background:#fff}div{position:absolute;left:0;width:600px;height:400px}</style>`)
	for i := range values {
		fmt.Fprintf(&tpl, `<div style="top:%dpx"><p style="margin:20px">{{qrcode v%d width="300px"}}</p></div>`, i*400, i)
	}
	data, err := json.Marshal(map[string]string{"v0": values[0], "v1": values[1], "v2": values[2], "v3": values[3]})
	require.NoError(t, err)
	out := render(t, shared, Input{Template: tpl.String(), Data: data, Format: FormatPNG, Options: Options{Width: 600}})
	img, err := png.Decode(bytes.NewReader(out.Body))
	require.NoError(t, err)
	dir := t.TempDir()
	for i, want := range values {
		cell := img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(0, i*400, 600, (i+1)*400))
		file := filepath.Join(dir, fmt.Sprintf("qr%d.png", i))
		writePNG(t, file, cell)
		_ = zbar(t, file, "QR-Code") // one QR code, and zbar's checks
		got := zbarRun(t, []string{"-q", "--raw", "-Sdisable", "-Sqrcode.enable", file})
		require.Equal(t, want+"\n", got, "zbar read %q as text", want)
	}
}
