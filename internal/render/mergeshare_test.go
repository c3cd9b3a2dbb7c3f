package render

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/render/pdf"
)

// randomPNG is a PNG of w×h random pixels, which no compression shrinks:
// opaque, or with random alpha (Chromium then writes a soft mask). Colors
// are 0 or 255 only, so that the color image Chromium writes is the same
// whatever the alpha (it premultiplies, then divides again).
func randomPNG(t *testing.T, w, h int, seed uint64, alpha bool) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	colors := rand.New(rand.NewPCG(1, 1)) // the same colors for every seed
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(colors.UintN(256)), uint8(colors.UintN(256)), uint8(colors.UintN(256)), 255}
			if alpha {
				c = color.NRGBA{255 * uint8(c.R&1), 255 * uint8(c.G&1), 255 * uint8(c.B&1), uint8(1 + r.UintN(255))}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

func dataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}

// mergeOf merges n records, record i being docs[(i-1) % len(docs)].
func mergeOf(t *testing.T, docs [][]byte, n int, o *pdf.Options) []byte {
	t.Helper()
	list := make([]pdf.Doc, n)
	for i := range list {
		list[i] = pdf.Doc{Index: i + 1, Title: fmt.Sprintf("Record %d", i+1)}
	}
	open := func(_ context.Context, i int) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(docs[(i-1)%len(docs)])), nil
	}
	var buf bytes.Buffer
	pages, err := pdf.Merge(context.Background(), &buf, list, open, o)
	require.NoError(t, err)
	require.Equal(t, n, pages)
	return buf.Bytes()
}

// pdfImage is a row of pdfimages -list: an image drawn on a page.
type pdfImage struct {
	page          int
	kind          string // image, smask
	width, height int
	object        string // the object's number and generation
}

var pdfImagesRow = regexp.MustCompile(`(?m)^\s*(\d+)\s+\d+\s+(\w+)\s+(\d+)\s+(\d+)\s+\S+\s+\d+\s+\d+\s+\S+\s+\S+\s+(\d+\s+\d+)\s`)

// pdfImages lists the images of every page of doc.
func pdfImages(t *testing.T, doc []byte, password string) []pdfImage {
	t.Helper()
	out, err := popplerPW(t, "pdfimages", doc, password, "-list")
	require.NoError(t, err, "pdfimages (poppler-utils): %s", out)
	var imgs []pdfImage
	for _, m := range pdfImagesRow.FindAllStringSubmatch(out, -1) {
		var im pdfImage
		_, err := fmt.Sscan(m[1]+" "+m[3]+" "+m[4], &im.page, &im.width, &im.height)
		require.NoError(t, err)
		im.kind, im.object = m[2], strings.Join(strings.Fields(m[5]), " ")
		imgs = append(imgs, im)
	}
	return imgs
}

// A batch of 1,000 records that each show the same 100 KB image merges
// into one PDF that holds the image once: the merge is not 1,000 images
// big. Rendering 1,000 records would take Chromium minutes, so ten are
// rendered (each with its own line of text) and record i is the
// (i-1)%10'th of them: what is measured is the merge of 1,000 documents
// read one by one, each bringing its own copy of the image, as records
// rendered from one template do.
func TestMergeWritesARepeatedImageOnce(t *testing.T) {
	t.Parallel()
	const n, rendered, side = 1000, 10, 184 // 184×184 RGB: 101,568 bytes of pixels
	img := randomPNG(t, side, side, 1, false)
	require.Greater(t, len(img), 100_000)
	var with, without [][]byte
	for i := range rendered {
		text := fmt.Sprintf("<p>The line of record kind %d.</p>", i)
		with = append(with, render(t, shared, Input{Template: `<img src="` + dataURL(img) + `" style="width:4cm">` + text}).Body)
		without = append(without, render(t, shared, Input{Template: text}).Body)
	}
	require.Greater(t, len(with[0]), len(img), "each record holds the image")

	base := mergeOf(t, without, n, nil)
	start := time.Now()
	merged := mergeOf(t, with, n, nil)
	t.Logf("merged %d records in %v: %d bytes with the image, %d without; image %d bytes",
		n, time.Since(start).Round(time.Millisecond), len(merged), len(base), len(img))
	require.Less(t, len(merged), 2*len(base)+len(img), "the image is written once")

	qpdf(t, merged, "--check")
	imgs := pdfImages(t, merged, "")
	require.Len(t, imgs, n, "an image on every page")
	for i, im := range imgs {
		require.Equal(t, pdfImage{page: i + 1, kind: "image", width: side, height: side, object: imgs[0].object}, im)
	}
	last, err := popplerPW(t, "pdftotext", merged, "", "-f", fmt.Sprint(n), "-l", fmt.Sprint(n))
	require.NoError(t, err)
	require.Contains(t, last, fmt.Sprintf("The line of record kind %d.", (n-1)%rendered))
}

// Two images whose bytes and dictionaries are equal but whose soft masks
// (a reference in the dictionary) differ are two images in the merge;
// equal ones are one, whatever their object numbers, and still decrypt
// right in an encrypted merge.
func TestMergeSharesStreamsByWhatTheyReferTo(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"password":{"user":"pw"}}`)
	var docs [][]byte
	for seed := range uint64(2) {
		// The same colors, another alpha: the same color image, another mask.
		tpl := `<img src="` + dataURL(randomPNG(t, 64, 64, seed, true)) + `" style="width:3cm">`
		docs = append(docs, render(t, shared, Input{Template: tpl, Options: Options{PDF: o}}).Body)
	}
	merged := mergeOf(t, docs, 4, o) // a, b, a, b
	qpdf(t, merged, "--password=pw", "--check")

	imgs := pdfImages(t, merged, "pw")
	obj := map[string]string{} // "page kind" → object
	for _, im := range imgs {
		obj[fmt.Sprint(im.page, " ", im.kind)] = im.object
	}
	require.Len(t, obj, 8, "an image and a soft mask on each page: %v", imgs)
	for _, kind := range []string{"image", "smask"} {
		require.Equal(t, obj["1 "+kind], obj["3 "+kind], "record 3 shares record 1's %s", kind)
		require.Equal(t, obj["2 "+kind], obj["4 "+kind], "record 4 shares record 2's %s", kind)
		require.NotEqual(t, obj["1 "+kind], obj["2 "+kind], "records 1 and 2 differ by their %s", kind)
	}
	// What a viewer decrypts and decodes on page 4 (an image written for
	// page 2) is record b's image.
	require.Equal(t, extractImages(t, docs[1], "pw", 1), extractImages(t, merged, "pw", 4))
}

// extractImages is every image of one page of doc, as PNG files.
func extractImages(t *testing.T, doc []byte, password string, page int) [][]byte {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	p := fmt.Sprint(page)
	out, err := exec.Command("pdfimages", "-upw", password, "-png", "-f", p, "-l", p, in, filepath.Join(dir, "img")).CombinedOutput()
	require.NoError(t, err, "pdfimages (poppler-utils): %s", out)
	files, err := filepath.Glob(filepath.Join(dir, "img-*.png"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var imgs [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		imgs = append(imgs, b)
	}
	return imgs
}
