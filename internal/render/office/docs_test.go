package office

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// zipOf packs files, in order, into a ZIP (an OOXML or ODF package).
func zipOf(t testing.TB, files ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		method := zip.Deflate
		if f[0] == "mimetype" {
			method = zip.Store // ODF: first and stored
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f[0], Method: method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(f[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// docxLinkingImage is a DOCX whose one picture is linked, not embedded:
// Word and LibreOffice fetch it from url when they show the document.
func docxLinkingImage(t testing.TB, url string) []byte {
	const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`
	const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`
	docRels := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="` + url + `" TargetMode="External"/>
</Relationships>`
	const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">
<w:body>
<w:p><w:r><w:t>A linked picture follows.</w:t></w:r></w:p>
<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>
<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>
<pic:nvPicPr><pic:cNvPr id="1" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr>
<pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>
<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>
</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>
</w:body></w:document>`
	return zipOf(t, [2]string{"[Content_Types].xml", types}, [2]string{"_rels/.rels", rels},
		[2]string{"word/document.xml", doc}, [2]string{"word/_rels/document.xml.rels", docRels})
}

// damagedDocx is a DOCX whose package is whole but whose document part
// is cut short.
func damagedDocx(t testing.TB) []byte {
	return rewriteZip(t, docxLinkingImage(t, "x.png"), func(name string, b []byte) []byte {
		if name == "word/document.xml" {
			return b[:len(b)/2]
		}
		return b
	})
}

// odtRunningMacroOnLoad is testdata/macro.odt, which LibreOffice wrote
// (testdata/macro.py): its Basic macro, bound to the document's load,
// writes a line into the file at path.
func odtRunningMacroOnLoad(t testing.TB, path string) []byte {
	odt, err := os.ReadFile("testdata/macro.odt")
	if err != nil {
		t.Fatal(err)
	}
	return rewriteZip(t, odt, func(name string, b []byte) []byte {
		if name != "Basic/Standard/Module1.xml" {
			return b
		}
		if !bytes.Contains(b, []byte("CANARY")) {
			t.Fatal("testdata/macro.odt's macro writes no CANARY")
		}
		return bytes.ReplaceAll(b, []byte("CANARY"), []byte(path))
	})
}

// rewriteZip is the package in with each file's bytes passed through edit.
func rewriteZip(t testing.TB, in []byte, edit func(name string, b []byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(in), int64(len(in)))
	if err != nil {
		t.Fatal(err)
	}
	var files [][2]string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, [2]string{f.Name, string(edit(f.Name, b))})
	}
	return zipOf(t, files...)
}

// longRTF is a text of n paragraphs: about 50 of them make a page.
func longRTF(n int) []byte {
	var b strings.Builder
	b.WriteString(`{\rtf1\ansi\deff0{\fonttbl{\f0 Liberation Serif;}}\f0\fs24 `)
	for i := range n {
		fmt.Fprintf(&b, `Paragraph %d of a long document, which LibreOffice must lay out before it prints it.\par `, i)
	}
	b.WriteString("}")
	return []byte(b.String())
}
