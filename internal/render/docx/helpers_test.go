package docx

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mailgun/raymond/v2"
)

// raymondExec runs skeletons with raymond alone: Handlebars without the
// project's helpers and limits (one test runs the real language).
var raymondExec = ExecutorFunc(func(_ context.Context, src string, data json.RawMessage) (string, error) {
	var v any = map[string]any{}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &v); err != nil {
			return "", err
		}
	}
	return raymond.Render(src, v)
})

const wordNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`

// makeDocx is the smallest .docx LibreOffice opens, with body as the
// content of w:body.
func makeDocx(t *testing.T, body string) []byte {
	t.Helper()
	return zipOf(t, map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"_rels/.rels":         `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		mainPart:              `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ` + wordNS + `><w:body>` + body + `</w:body></w:document>`,
	})
}

// zipOf zips entries, in name order.
func zipOf(t *testing.T, entries map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range sortedKeys(entries) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, entries[name]); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sortedKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// entry is one entry of a zip, decompressed.
func entry(t *testing.T, doc []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
	t.Fatalf("no entry %s", name)
	return ""
}

// paragraphsOf is the text of each paragraph of a part, as Word shows it:
// w:br a line break, w:tab a tab. The XML must be well-formed.
func paragraphsOf(t *testing.T, doc []byte, part string) []string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(entry(t, doc, part)))
	var paras []string
	var cur strings.Builder
	inT := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return paras
		}
		if err != nil {
			t.Fatalf("%s is not well-formed: %v", part, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			switch tok.Name.Local {
			case "t":
				inT = true
			case "br":
				cur.WriteString("\n")
			case "tab":
				cur.WriteString("\t")
			}
		case xml.EndElement:
			switch tok.Name.Local {
			case "t":
				inT = false
			case "p":
				paras = append(paras, cur.String())
				cur.Reset()
			}
		case xml.CharData:
			if inT {
				cur.Write(tok)
			}
		}
	}
}

// fill fills doc with raymond and data, failing the test on an error.
func fill(t *testing.T, doc []byte, data string) []byte {
	t.Helper()
	out, err := Fill(context.Background(), raymondExec, doc, json.RawMessage(data), Options{})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	return out
}

// sofficeText opens each document with LibreOffice and returns the text
// it reads, one string per document.
func sofficeText(t *testing.T, docs ...[]byte) []string {
	t.Helper()
	dir := sofficeConvert(t, "txt:Text (encoded):UTF8", docs)
	var texts []string
	for i := range docs {
		b, err := os.ReadFile(filepath.Join(dir, docName(i)+".txt"))
		if err != nil {
			t.Fatalf("LibreOffice did not convert document %d: %v", i, err)
		}
		texts = append(texts, strings.ReplaceAll(strings.TrimPrefix(string(b), "\ufeff"), "\r\n", "\n"))
	}
	return texts
}

// sofficePDFText prints each document to PDF with LibreOffice and returns
// the text pdftotext reads in it, headers and footers included.
func sofficePDFText(t *testing.T, docs ...[]byte) []string {
	t.Helper()
	dir := sofficeConvert(t, "pdf", docs)
	var texts []string
	for i := range docs {
		out, err := exec.Command("pdftotext", "-layout", filepath.Join(dir, docName(i)+".pdf"), "-").Output()
		if err != nil {
			t.Fatalf("pdftotext (apt-get install -y poppler-utils) on document %d: %v", i, err)
		}
		texts = append(texts, string(out))
	}
	return texts
}

func docName(i int) string { return "doc" + string(rune('a'+i)) }

// extOf is the extension LibreOffice expects of doc.
func extOf(doc []byte) string {
	if zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc))); err == nil {
		for _, f := range zr.File {
			if f.Name == "content.xml" {
				return ".odt"
			}
		}
	}
	return ".docx"
}

// sofficeConvert converts docs with LibreOffice, in a profile of the
// test's own, and returns the directory of the outputs.
func sofficeConvert(t *testing.T, to string, docs [][]byte) string {
	t.Helper()
	bin, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatal("LibreOffice is needed to read the filled documents back: apt-get install -y --no-install-recommends libreoffice-writer-nogui")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	args := []string{"-env:UserInstallation=file://" + filepath.Join(dir, "profile"), "--headless", "--norestore",
		"--convert-to", to, "--outdir", out}
	for i, d := range docs {
		name := filepath.Join(dir, docName(i)+extOf(d))
		if err := os.WriteFile(name, d, 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, b)
	}
	return out
}

// For the tests of package docx_test, which run the real language.
var (
	SofficeText = sofficeText
	Entry       = entry
	MakeDocx    = makeDocx
)
