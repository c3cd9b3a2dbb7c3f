package docx

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/paprika"
)

// fillErr fills doc with the default limits and returns its error, which
// must be a template-error containing want.
func fillErr(t *testing.T, doc []byte, want string) {
	t.Helper()
	fillErrWith(t, doc, Limits{}, want)
}

func fillErrWith(t *testing.T, doc []byte, lim Limits, want string) {
	t.Helper()
	_, err := Fill(context.Background(), raymondExec, doc, json.RawMessage(`{}`), Options{Limits: lim})
	if err == nil {
		t.Fatal("filled, want an error")
	}
	if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), want) {
		t.Fatalf("error = %v, want a template-error with %q", err, want)
	}
}

// zeros is a zip of the entries of makeDocx plus one of n zero bytes,
// whose declared size is declared (a lie when it is not n).
func zeros(t *testing.T, name string, n int, declared uint64) []byte {
	t.Helper()
	base := makeDocx(t, p("x"))
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	// Deflate n zeros, then write them raw under the declared size.
	var deflated bytes.Buffer
	dw := zip.NewWriter(&deflated)
	w, _ := dw.CreateHeader(&zip.FileHeader{Name: "z", Method: zip.Deflate})
	chunk := make([]byte, 1<<20)
	for left := n; left > 0; left -= len(chunk) {
		if _, err := w.Write(chunk[:min(left, len(chunk))]); err != nil {
			t.Fatal(err)
		}
	}
	dw.Close()
	dr, _ := zip.NewReader(bytes.NewReader(deflated.Bytes()), int64(deflated.Len()))
	raw, _ := dr.File[0].OpenRaw()
	rw, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: dr.File[0].CRC32,
		CompressedSize64: dr.File[0].CompressedSize64, UncompressedSize64: declared})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(rw, raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A zip bomb is refused, whether its entry says how large it is or lies,
// and whether it hides in the document or in an entry Fill only copies,
// without inflating past the limit.
func TestZipBomb(t *testing.T) {
	const size = 80 << 20 // past the 64 MiB default
	t.Run("declared", func(t *testing.T) {
		fillErr(t, zeros(t, "word/media/big.bin", size, size), "decompresses to more than the limit of 64 MiB")
	})
	t.Run("lying", func(t *testing.T) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		fillErr(t, zeros(t, "word/media/big.bin", size, 1000), `entry "word/media/big.bin" does not decompress to the size its archive declares`)
		runtime.ReadMemStats(&after)
		t.Logf("inflated into io.Discard: %d MiB allocated", (after.TotalAlloc-before.TotalAlloc)>>20)
	})
	t.Run("in the document, lying", func(t *testing.T) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		fillErr(t, zeros(t, "word/footer9.xml", size, 1000), `entry "word/footer9.xml" does not decompress to the size its archive declares`)
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 3*64<<20 {
			t.Errorf("the bomb made Fill allocate %d MiB, past a few times the 64 MiB limit", got>>20)
		}
	})
	t.Run("ratio", func(t *testing.T) {
		fillErr(t, zeros(t, "word/media/zeros.bin", 10<<20, 10<<20), "more than 100 times its size")
	})
}

func TestTooManyEntries(t *testing.T) {
	entries := map[string]string{mainPart: `<w:document ` + wordNS + `><w:body/></w:document>`}
	for i := range 2001 {
		entries[fmt.Sprintf("word/media/e%d.txt", i)] = "x"
	}
	fillErr(t, zipOf(t, entries), "2002 entries in its archive, past the limit of 2000")
}

// XML nested 100,000 deep is refused at the depth limit, without
// recursing, in the document and in a header (its ratio, past the
// default, allowed for the test).
func TestDeepXML(t *testing.T) {
	deep := strings.Repeat("<w:sdt>", 100_000) + strings.Repeat("</w:sdt>", 100_000)
	for _, part := range []string{mainPart, "word/header1.xml"} {
		doc := makeDocx(t, p("x"))
		entries := map[string]string{}
		for _, name := range []string{"[Content_Types].xml", "_rels/.rels", mainPart} {
			entries[name] = entry(t, doc, name)
		}
		entries[part] = `<w:document ` + wordNS + `><w:body>` + deep + `</w:body></w:document>`
		fillErrWith(t, zipOf(t, entries), Limits{MaxRatio: 1 << 20}, part+" nests its XML deeper than the limit of 256 levels")
	}
}

func TestNotADocx(t *testing.T) {
	fillErr(t, []byte("%PDF-1.7 not a zip"), "not a Word document (.docx) or an OpenDocument text (.odt): it does not open as a zip archive")
	fillErr(t, zipOf(t, map[string]string{"xl/workbook.xml": "<workbook/>"}), "not a Word document (.docx, with word/document.xml) or an OpenDocument text (.odt)")
	fillErr(t, zipOf(t, map[string]string{mainPart: "<w:document " + wordNS + "><w:body><w:p></w:body>"}), "word/document.xml is not well-formed XML")
}

// A part of more elements than Fill keeps is refused; the nodes it kept
// until then are a few tens of MiB.
func TestManyElements(t *testing.T) {
	doc := makeDocx(t, `<w:p>`+strings.Repeat(`<w:r/>`, maxNodes+1)+`</w:p>`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fillErrWith(t, doc, Limits{MaxRatio: 1 << 20}, "word/document.xml holds more than 1000000 paragraphs, runs, rows and cells")
	runtime.ReadMemStats(&after)
	t.Logf("%d MiB allocated for %d elements", (after.TotalAlloc-before.TotalAlloc)>>20, maxNodes)
}

// A paragraph of 60,000 runs, its tags split over three runs each, is
// filled in time and memory that grow with it, not with its square.
func TestParagraphOfManyRuns(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<w:p>`)
	for range 20_000 {
		b.WriteString(`<w:r><w:t>{{</w:t></w:r><w:r><w:t>x</w:t></w:r><w:r><w:t>}}</w:t></w:r>`)
	}
	b.WriteString(`</w:p>`)
	out, err := Fill(context.Background(), raymondExec, makeDocx(t, b.String()), json.RawMessage(`{"x":"y"}`), Options{Limits: Limits{MaxRatio: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	if got := paragraphsOf(t, out, mainPart); len(got) != 1 || got[0] != strings.Repeat("y", 20_000) {
		t.Fatalf("the paragraph reads %.40q…", got)
	}
}

// A part of more tags than Fill reads is refused before the template
// language runs.
func TestTooManyTags(t *testing.T) {
	fillErr(t, makeDocx(t, p(strings.Repeat("{{x}}", maxTags+1))), "word/document.xml holds more than 20000 tags")
}
