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
