package attacks

// The hostile Office files of office_test.go, built at test time.

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"testing"
)

// part is one entry of an Office package the attacks build.
type part struct {
	name string
	body []byte
}

// zipOf is a zip of parts, in order, deflated.
func zipOf(t testing.TB, parts ...part) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, p := range parts {
		f, err := zw.Create(p.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(p.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const (
	wordNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	relsNS   = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
	relTypes = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
)

// wordOf is a .docx whose body is body and whose document relationships
// are rels (Relationship elements), with extra parts.
func wordOf(t testing.TB, body, rels string, extra ...part) []byte {
	t.Helper()
	types := `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>` +
		`<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>` +
		`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`
	parts := []part{
		{"[Content_Types].xml", []byte(types)},
		{"_rels/.rels", []byte(relsNS + `<Relationship Id="rId1" Type="` + relTypes + `officeDocument" Target="word/document.xml"/></Relationships>`)},
		{"word/document.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><w:document ` + wordNS +
			` xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><w:body>` + body + `</w:body></w:document>`)},
		{"word/_rels/document.xml.rels", []byte(relsNS + rels + `</Relationships>`)},
	}
	return zipOf(t, append(parts, extra...)...)
}

// para is a paragraph of text.
func para(text string) string { return `<w:p><w:r><w:t>` + text + `</w:t></w:r></w:p>` }

// odtRunningMacro is testdata/macro.odt of render/office (a Writer text
// whose Basic macro Standard.Module1.Main is bound to the document's
// OnLoad event), its macro writing to path.
func odtRunningMacro(t *testing.T, path string) []byte {
	t.Helper()
	odt, err := os.ReadFile("../internal/render/office/testdata/macro.odt")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(odt), int64(len(odt)))
	if err != nil {
		t.Fatal(err)
	}
	var parts []part
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "Basic/Standard/Module1.xml" {
			if !bytes.Contains(b, []byte("CANARY")) {
				t.Fatal("macro.odt's macro writes no CANARY")
			}
			b = bytes.ReplaceAll(b, []byte("CANARY"), []byte(path))
		}
		parts = append(parts, part{f.Name, b})
	}
	return zipOf(t, parts...)
}

// compoundFile is an OLE compound file (MS-CFB, version 3) holding one
// stream of at least 4096 bytes (so that it lives in regular sectors, no
// mini stream): a header, one FAT sector, one directory sector, the data.
func compoundFile(stream string, data []byte) []byte {
	const sector = 512
	const free, end, fatSect, noStream = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
	data = append(data, make([]byte, max(0, 4096-len(data)))...)
	data = append(data, make([]byte, (sector-len(data)%sector)%sector)...)
	n := len(data) / sector
	le := func(b []byte, off int, v uint32, size int) {
		for i := range size {
			b[off+i] = byte(v >> (8 * i))
		}
	}
	head := make([]byte, sector)
	copy(head, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")
	le(head, 0x18, 0x3E, 2)
	le(head, 0x1A, 3, 2)
	le(head, 0x1C, 0xFFFE, 2)
	le(head, 0x1E, 9, 2)
	le(head, 0x20, 6, 2)
	le(head, 0x2C, 1, 4) // FAT sectors
	le(head, 0x30, 1, 4) // the directory's first sector
	le(head, 0x38, 4096, 4)
	le(head, 0x3C, end, 4) // no mini FAT
	le(head, 0x44, end, 4) // no DIFAT sectors
	for i := range 109 {
		le(head, 0x4C+4*i, free, 4)
	}
	le(head, 0x4C, 0, 4) // the FAT is sector 0
	fat := make([]byte, sector)
	for i := range sector / 4 {
		le(fat, 4*i, free, 4)
	}
	le(fat, 0, fatSect, 4)
	le(fat, 4, end, 4)
	for i := range n {
		next := uint32(2 + i + 1)
		if i == n-1 {
			next = end
		}
		le(fat, 4*(2+i), next, 4)
	}
	dir := make([]byte, sector)
	entry := func(i int, name string, kind byte, child, start, size uint32) {
		e := dir[128*i : 128*(i+1)]
		for j, r := range name {
			le(e, 2*j, uint32(r), 2)
		}
		le(e, 0x40, uint32(2*(len(name)+1)), 2)
		e[0x42], e[0x43] = kind, 1
		le(e, 0x44, noStream, 4)
		le(e, 0x48, noStream, 4)
		le(e, 0x4C, child, 4)
		le(e, 0x74, start, 4)
		le(e, 0x78, size, 4)
	}
	entry(0, "Root Entry", 5, 1, end, 0)
	entry(1, stream, 2, noStream, 2, uint32(len(data)))
	for i := 2; i < 4; i++ {
		le(dir, 128*i+0x44, noStream, 4)
		le(dir, 128*i+0x48, noStream, 4)
		le(dir, 128*i+0x4C, noStream, 4)
	}
	return slices.Concat(head, fat, dir, data)
}

// olePackage is the \x01Ole10Native stream of a Package object (what
// Word embeds for a file): its label, paths and the file's bytes.
func olePackage(name string, file []byte) []byte {
	var b bytes.Buffer
	u32 := func(v int) { b.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}) }
	b.Write([]byte{2, 0})
	b.WriteString(name + "\x00")
	b.WriteString(`C:\` + name + "\x00")
	u32(0x00030000)
	u32(len(`C:\` + name + "\x00"))
	b.WriteString(`C:\` + name + "\x00")
	u32(len(file))
	b.Write(file)
	var out bytes.Buffer
	u := b.Len()
	out.Write([]byte{byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)})
	out.Write(b.Bytes())
	return out.Bytes()
}

// bombEntry is a zip entry of head, size bytes of fill and tail,
// deflated, its header declaring declared bytes (-1: its true size).
func bombEntry(t *testing.T, zw *zip.Writer, name, head string, fill byte, size int, tail string, declared int) {
	t.Helper()
	var def bytes.Buffer
	fw, _ := flate.NewWriter(&def, flate.BestSpeed)
	crc := crc32.NewIEEE()
	out := io.MultiWriter(fw, crc)
	_, _ = io.WriteString(out, head)
	chunk := bytes.Repeat([]byte{fill}, 1<<20)
	for left := size; left > 0; left -= len(chunk) {
		_, _ = out.Write(chunk[:min(left, len(chunk))])
	}
	_, _ = io.WriteString(out, tail)
	_ = fw.Close()
	if declared < 0 {
		declared = len(head) + size + len(tail)
	}
	f, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc.Sum32(),
		CompressedSize64: uint64(def.Len()), UncompressedSize64: uint64(declared)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(def.Bytes()); err != nil {
		t.Fatal(err)
	}
}

// withBomb is the package small with its entry name replaced (or added)
// by bombEntry's.
func withBomb(t *testing.T, small []byte, name, head string, fill byte, size int, tail string, declared int) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(small), int64(len(small)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range zr.File {
		if f.Name == name {
			continue
		}
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	bombEntry(t, zw, name, head, fill, size, tail, declared)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// wordBomb is a small .docx with an entry name of size zero bytes, its
// header declaring declared.
func wordBomb(t *testing.T, name string, size, declared int) []byte {
	return withBomb(t, wordOf(t, para("A bomb follows."), ""), name, "", 0, size, "", declared)
}

// xlsxOf is a workbook of one sheet whose sheetData is written by rows.
func xlsxOf(t *testing.T, rows func(io.Writer)) []byte {
	t.Helper()
	var sheet bytes.Buffer
	sheet.WriteString(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	rows(&sheet)
	sheet.WriteString(`</sheetData></worksheet>`)
	types := `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	return zipOf(t,
		part{"[Content_Types].xml", []byte(types)},
		part{"_rels/.rels", []byte(relsNS + `<Relationship Id="rId1" Type="` + relTypes + `officeDocument" Target="xl/workbook.xml"/></Relationships>`)},
		part{"xl/workbook.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
			`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`)},
		part{"xl/_rels/workbook.xml.rels", []byte(relsNS + `<Relationship Id="rId1" Type="` + relTypes + `worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)},
		part{"xl/worksheets/sheet1.xml", sheet.Bytes()})
}

// millionFormulas is a workbook of 10 columns by 100,000 rows, each cell
// below the first row the formula of the one above plus one.
func millionFormulas(t *testing.T) []byte {
	return xlsxOf(t, func(w io.Writer) {
		const cols = "ABCDEFGHIJ"
		for r := 1; r <= 100_000; r++ {
			fmt.Fprintf(w, `<row r="%d">`, r)
			for _, c := range cols {
				if r == 1 {
					fmt.Fprintf(w, `<c r="%c1"><v>1</v></c>`, c)
				} else {
					fmt.Fprintf(w, `<c r="%c%d"><f>%c%d+1</f></c>`, c, r, c, r-1)
				}
			}
			io.WriteString(w, `</row>`)
		}
	})
}
