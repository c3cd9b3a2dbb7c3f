package docx

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// wordDoc is a document Microsoft Word saved (testdata/python-docx), with
// the entries named in edits changed by replacing old text with new.
func wordDoc(t *testing.T, edits map[string][][2]string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/python-docx/blk-paras-and-tables.docx")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, e := range edits[f.Name] {
			if !strings.Contains(s, e[0]) {
				t.Fatalf("%s has no %q", f.Name, e[0])
			}
			s = strings.Replace(s, e[0], e[1], 1)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A document Word saved, with tags in its body (split over runs with a
// proofing mark between), in a row of a table nested in a table, in its
// header and its footer: LibreOffice prints it filled.
func TestWordDocument(t *testing.T) {
	doc := wordDoc(t, map[string][][2]string{
		mainPart: {
			{`<w:t>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</w:t></w:r>`,
				`<w:t xml:space="preserve">Dear {{cust</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:rPr><w:b/></w:rPr><w:t>omer}}</w:t></w:r><w:proofErr w:type="spellEnd"/><w:r><w:t>, welcome.</w:t></w:r>`},
			// a row of one cell, its block in two paragraphs of the cell
			{`<w:t>Table</w:t>`, `<w:t>{{#each items}}Item {{@index}}: {{this}}</w:t></w:r></w:p><w:p><w:r><w:t>{{/each}}</w:t>`},
		},
		"word/header1.xml": {{`<w:t>Left-side</w:t>`, `<w:t>{{title}}</w:t>`}},
		"word/footer1.xml": {{`<w:t>Copyright</w:t>`, `<w:t>© {{year}} {{owner}}</w:t>`}},
	})
	out := fill(t, doc, `{"customer":"Ana","items":["one","two","three"],"title":"Quarterly report","year":2026,"owner":"Paprika"}`)
	text := sofficePDFText(t, out)[0]
	for _, want := range []string{"Quarterly report", "Right-side", "Dear Ana, welcome.", "Text before", "Item 0: one", "Item 1: two", "Item 2: three", "Between", "Text after", "© 2026 Paprika"} {
		if !strings.Contains(text, want) {
			t.Errorf("LibreOffice prints no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "{{") {
		t.Errorf("a tag is left in\n%s", text)
	}
	// Each item in a row of its own: the rows, cut at their start tags.
	rows := 0
	for _, r := range strings.Split(entry(t, out, mainPart), "<w:tr ") {
		if strings.Count(r, "Item ") == 1 {
			rows++
		}
	}
	if rows != 3 {
		t.Errorf("%d rows hold one item each, want 3", rows)
	}
}

// A document without tags comes out as it went in: its parts unchanged,
// and LibreOffice reads the same text in both.
func TestWordDocumentWithoutTags(t *testing.T) {
	doc := wordDoc(t, nil)
	out := fill(t, doc, `{}`)
	for _, part := range []string{mainPart, "word/header1.xml", "word/styles.xml", "[Content_Types].xml"} {
		if entry(t, out, part) != entry(t, doc, part) {
			t.Errorf("%s changed", part)
		}
	}
	texts := sofficeText(t, doc, out)
	if texts[0] != texts[1] || !strings.Contains(texts[0], "Donec semper") {
		t.Errorf("LibreOffice reads\n%s\nin the filled document, and\n%s\nin the original", texts[1], texts[0])
	}
}
