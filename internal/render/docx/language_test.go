package docx_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/docx"
)

// language is the template language of HTML templates, helpers and limits
// included.
var language = docx.ExecutorFunc(render.ExecTemplate)

// A document LibreOffice wrote, its tags split over runs of different
// formatting and its quotes typed as Word types them, filled by the real
// template language and read back by LibreOffice: every tag is filled,
// the row repeats per item with its bold name, the paragraphs of block
// tags are gone.
func TestLetterWithTheLanguage(t *testing.T) {
	testLetter(t, "testdata/letter.docx")
}

// The same letter, saved by LibreOffice as OpenDocument text: its tags
// split over spans.
func TestODTLetterWithTheLanguage(t *testing.T) {
	testLetter(t, "testdata/letter.odt")
}

func testLetter(t *testing.T, path string) {
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data := `{"number":"2026-042","customer":{"name":"Ana & Co"},"paid":false,"due":"31 December",
		"items":[{"name":"Widget","qty":2,"price":12.5},{"name":"Gadget","qty":1,"price":1099}],
		"notes":["Fragile","Deliver <before> noon"],"sender":"Paprika"}`
	out, err := docx.Fill(context.Background(), language, doc, json.RawMessage(data), docx.Options{})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	text := docx.SofficeText(t, out)[0]
	want := []string{"Invoice 2026-042", "Dear Ana & Co,", "Please pay by 31 December.", "Item", "Quantity", "Price",
		"Widget", "2", "€12.50", "Gadget", "1", "€1,099.00", "Note: Fragile", "Note: Deliver <before> noon", "Regards, Paprika"}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Fatalf("LibreOffice reads\n%q\nwant\n%q", lines, want)
	}
	// The bold run (Word) or span (ODF, style T1) of each item's name.
	bold := `<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">%s</w:t>`
	part := "word/document.xml"
	if strings.HasSuffix(path, ".odt") {
		bold, part = `<text:span text:style-name="T1">%s</text:span>`, "content.xml"
	}
	xmlOut := docx.Entry(t, out, part)
	for _, name := range []string{"Widget", "Gadget"} {
		if !strings.Contains(xmlOut, fmt.Sprintf(bold, name)) {
			t.Errorf("the repeated row of %s lost its bold run", name)
		}
	}
}

// An error of the language names the paragraph, not a line of the
// template Fill made.
func TestLanguageErrorNamesTheParagraph(t *testing.T) {
	doc, err := os.ReadFile("testdata/letter.docx")
	if err != nil {
		t.Fatal(err)
	}
	data := `{"items":[{"name":"Widget","qty":2,"price":"twelve"}]}`
	_, err = docx.Fill(context.Background(), language, doc, json.RawMessage(data), docx.Options{})
	if paprika.ErrorCode(err) != paprika.CodeTemplateError ||
		!strings.Contains(err.Error(), `in the paragraph "{{formatCurrency price “EUR”}}{{/each}}": formatCurrency: "twelve" is not a number`) {
		t.Fatalf("error = %v, want a template-error naming the paragraph", err)
	}
}

// Tags past the language's bound on template text are refused by it, the
// error saying which part.
func TestTooManyTagsForTheLanguage(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<w:p><w:r><w:t>`)
	for range 19_000 {
		b.WriteString(`{{customer.address.line1}} `)
	}
	b.WriteString(`</w:t></w:r></w:p>`)
	doc := docx.MakeDocx(t, b.String())
	_, err := docx.Fill(context.Background(), language, doc, json.RawMessage(`{}`), docx.Options{})
	if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), "the tags of word/document.xml as one template: the template is") {
		t.Fatalf("error = %v, want the language's bound on template text", err)
	}
}
