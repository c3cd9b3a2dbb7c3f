package docx

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/paprika"
)

// makeODT is the smallest .odt LibreOffice opens, with body as the content
// of office:text and header as its page's header.
func makeODT(t *testing.T, body, header string) []byte {
	t.Helper()
	const ns = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3"`
	return zipOf(t, map[string]string{
		"mimetype":              odtMime,
		"META-INF/manifest.xml": `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="` + odtMime + `"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
		"content.xml":           `<?xml version="1.0" encoding="UTF-8"?><office:document-content ` + ns + `><office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body><office:text>` + body + `</office:text></office:body></office:document-content>`,
		"styles.xml":            `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ` + ns + `><office:automatic-styles><style:page-layout style:name="pm1"/></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"><style:header>` + header + `</style:header></style:master-page></office:master-styles></office:document-styles>`,
	})
}

// In OpenDocument text, tags split over spans are read whole, values keep
// their line breaks, blocks repeat spans, paragraphs, list items and rows,
// and the header is filled: LibreOffice prints it all.
func TestODT(t *testing.T) {
	body := `<text:p>Dear {{cust<text:span text:style-name="T1">omer</text:span>}}: {{note}}</text:p>` +
		`<text:p>Tags: {{#each tags}}<text:span text:style-name="T1">[{{this}}]</text:span>{{/each}}.</text:p>` +
		`<text:p>{{#if late}}</text:p><text:p>Late!</text:p><text:p>{{/if}}</text:p>` +
		`<table:table><table:table-column table:number-columns-repeated="2"/><table:table-row><table:table-cell><text:p>{{#each items}}<text:span text:style-name="T1">{{name}}</text:span></text:p></table:table-cell><table:table-cell><text:p>{{qty}}{{/each}}</text:p></table:table-cell></table:table-row></table:table>` +
		`<text:list><text:list-item><text:p>{{#each tags}}</text:p></text:list-item><text:list-item><text:p>Tag {{this}}</text:p></text:list-item><text:list-item><text:p>{{/each}}</text:p></text:list-item></text:list>` +
		`<text:p>End</text:p>`
	out := fill(t, makeODT(t, body, `<text:p>Header {{ti<text:span text:style-name="T1">tle</text:span>}}</text:p>`),
		`{"customer":"Ana & Co","note":"line one\nline  two","tags":["a","b"],"late":false,"items":[{"name":"Widget","qty":2},{"name":"Gadget","qty":5}],"title":"Q4"}`)
	content := entry(t, out, "content.xml")
	if n := strings.Count(content, "<table:table-row>"); n != 2 {
		t.Errorf("%d rows, want 2", n)
	}
	// A list's items of block tags alone go as the paragraphs of Word do.
	if n := strings.Count(content, "<text:list-item>"); n != 2 {
		t.Errorf("%d list items, want 2 (one a tag):\n%s", n, content)
	}
	if !strings.Contains(content, `Dear Ana &amp; Co<text:span text:style-name="T1"></text:span>: line one<text:line-break/>line <text:s/>two`) {
		t.Errorf("the split tag or the value is not as it should be:\n%s", content)
	}
	text := sofficePDFText(t, out)[0]
	for _, want := range []string{"Header Q4", "Dear Ana & Co: line one", "two", "Tags: [a][b].", "Widget", "Gadget", "Tag a", "Tag b", "End"} {
		if !strings.Contains(text, want) {
			t.Errorf("LibreOffice prints no %q in\n%s", want, text)
		}
	}
	for _, gone := range []string{"{{", "Late!"} {
		if strings.Contains(text, gone) {
			t.Errorf("LibreOffice prints %q in\n%s", gone, text)
		}
	}
}

// A block across a table's cells of different rows, in an .odt, is an
// error naming its paragraph; so is an .odt that is not text.
func TestODTErrors(t *testing.T) {
	body := `<table:table><table:table-row><table:table-cell><text:p>{{#each items}}{{name}}</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>{{/each}}</text:p></table:table-cell></table:table-row></table:table>`
	_, err := Fill(context.Background(), raymondExec, makeODT(t, body, ""), json.RawMessage(`{}`), Options{})
	if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), `in the paragraph "{{#each items}}{{name}}", {{#each items}} cannot be placed`) {
		t.Fatalf("error = %v, want a template-error naming the paragraph", err)
	}
	sheet := zipOf(t, map[string]string{"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>"})
	fillErr(t, sheet, `not an OpenDocument text (.odt) but "application/vnd.oasis.opendocument.spreadsheet"`)
}
