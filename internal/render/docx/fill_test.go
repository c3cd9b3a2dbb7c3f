package docx

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/paprika"
)

// para is a paragraph of one run of plain text.
func p(text string) string {
	return `<w:p><w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

// A tag Word split over five runs, with proofing marks and a bookmark
// between them, is merged into its first run, which keeps its formatting;
// the fragments are gone; the value is escaped and its line breaks are
// Word's.
func TestTagSplitOverRuns(t *testing.T) {
	body := `<w:p><w:r><w:t xml:space="preserve">Dear </w:t></w:r>` +
		`<w:r><w:rPr><w:b/></w:rPr><w:t>{{cu</w:t></w:r><w:proofErr w:type="spellStart"/>` +
		`<w:r><w:rPr><w:i/></w:rPr><w:t>st</w:t></w:r><w:bookmarkStart w:id="0" w:name="x"/>` +
		`<w:r><w:t>omer.</w:t></w:r><w:bookmarkEnd w:id="0"/><w:proofErr w:type="spellEnd"/>` +
		`<w:r><w:t>na</w:t></w:r>` +
		`<w:r><w:rPr><w:u/></w:rPr><w:t xml:space="preserve">me}}, welcome.</w:t></w:r></w:p>`
	out := fill(t, makeDocx(t, body), `{"customer":{"name":"A&B <Ltd> 'O\"\nSecond line"}}`)
	xmlOut := entry(t, out, mainPart)
	got := paragraphsOf(t, out, mainPart)
	want := "Dear A&B <Ltd> 'O\"\nSecond line, welcome."
	if len(got) != 1 || got[0] != want {
		t.Fatalf("text = %q, want %q", got, want)
	}
	// The value sits in the bold run (the tag's first), broken by a w:br.
	if !regexp.MustCompile(`<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">A&amp;B &lt;Ltd&gt; 'O"</w:t><w:br/><w:t xml:space="preserve">Second line</w:t></w:r>`).MatchString(xmlOut) {
		t.Errorf("the value is not in the tag's first run, escaped:\n%s", xmlOut)
	}
	for _, frag := range []string{"{{", "cu<", ">st<", "omer.", ">na<", "me}}"} {
		if strings.Contains(xmlOut, frag) {
			t.Errorf("fragment %q left in:\n%s", frag, xmlOut)
		}
	}
	// What followed the tag in its last run keeps that run's formatting.
	if !strings.Contains(xmlOut, `<w:rPr><w:u/></w:rPr><w:t xml:space="preserve">, welcome.</w:t>`) {
		t.Errorf("the text after the tag lost its run:\n%s", xmlOut)
	}
}

// {{#each}} in the first and last cells of a row repeats the row, its
// formatting with it.
func TestEachRepeatsRow(t *testing.T) {
	cell := func(runs string) string { return `<w:tc><w:p>` + runs + `</w:p></w:tc>` }
	bold := func(s string) string { return `<w:r><w:rPr><w:b/></w:rPr><w:t>` + s + `</w:t></w:r>` }
	plain := func(s string) string { return `<w:r><w:t>` + s + `</w:t></w:r>` }
	body := `<w:tbl><w:tr>` + cell(plain("Item")) + cell(plain("Qty")) + `</w:tr>` +
		`<w:tr>` + cell(plain("{{#ea")+plain("ch items}}")+bold("{{na")+plain("me}}")) + cell(plain("{{qty}}{{/each}}")) + `</w:tr>` +
		`<w:tr>` + cell(plain("Total")) + cell(plain("{{total}}")) + `</w:tr></w:tbl>` + p("end")
	out := fill(t, makeDocx(t, body), `{"items":[{"name":"Apples","qty":3},{"name":"Pears","qty":5},{"name":"Figs","qty":7}],"total":15}`)
	got := paragraphsOf(t, out, mainPart)
	want := []string{"Item", "Qty", "Apples", "3", "Pears", "5", "Figs", "7", "Total", "15", "end"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("text = %q, want %q", got, want)
	}
	rows := regexp.MustCompile(`(?s)<w:tr>.*?</w:tr>`).FindAllString(entry(t, out, mainPart), -1)
	if len(rows) != 5 {
		t.Fatalf("%d rows, want 5", len(rows))
	}
	for i, r := range rows[1:4] {
		if !strings.Contains(r, `<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">`) || !regexp.MustCompile(`<w:b/></w:rPr><w:t xml:space="preserve">(Apples|Pears|Figs)</w:t>`).MatchString(r) {
			t.Errorf("repeated row %d lost its bold name:\n%s", i, r)
		}
	}
}

// Block tags in paragraphs of their own repeat or keep the paragraphs
// between them, and their own paragraphs are gone; inline blocks repeat
// runs.
func TestBlocksInParagraphsAndInline(t *testing.T) {
	body := p("Start") + p("{{#each people}}") + p("Name: {{name}}") + p("{{#if vip}}") + p("VIP") + p("{{else}}") + p("regular") + p("{{/if}}") + p("{{/each}}") +
		`<w:p><w:r><w:t xml:space="preserve">Tags: {{#each tags}}</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>[{{this}}]</w:t></w:r><w:r><w:t>{{/each}}.</w:t></w:r></w:p>` +
		p("{{#if missing}}") + p("hidden") + p("{{/if}}") +
		p("Inline: {{#if missing}}shown{{else}}not shown{{/if}}, {{#unless missing}}unless{{/unless}}.") + p("End")
	out := fill(t, makeDocx(t, body), `{"people":[{"name":"Ann","vip":true},{"name":"Bob"}],"tags":["a","b","c"]}`)
	got := paragraphsOf(t, out, mainPart)
	want := []string{"Start", "Name: Ann", "VIP", "Name: Bob", "regular", "Tags: [a][b][c].", "Inline: not shown, unless.", "End"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("text = %q, want %q", got, want)
	}
	if n := strings.Count(entry(t, out, mainPart), `<w:i/></w:rPr><w:t xml:space="preserve">[`); n != 3 {
		t.Errorf("the inline loop's italic run is there %d times, want 3", n)
	}
}

// A block Paprika cannot place is an error naming its paragraph.
func TestUnplaceableBlocks(t *testing.T) {
	cell := func(text string) string { return `<w:tc>` + p(text) + `</w:tc>` }
	cases := map[string]struct{ body, want string }{
		"across rows": {
			`<w:tbl><w:tr>` + cell("{{#each items}}{{name}}") + cell("x") + `</w:tr><w:tr>` + cell("y") + cell("{{/each}}") + `</w:tr></w:tbl>`,
			`"{{#each items}}{{name}}"`,
		},
		"across a table's edge": {
			p("{{#each items}}") + `<w:tbl><w:tr>` + cell("{{name}}{{/each}}") + `</w:tr></w:tbl>`,
			`"{{#each items}}"`,
		},
		"open in a paragraph with text": {
			p("Items: {{#each items}}") + p("{{name}}") + p("{{/each}}"),
			`"Items: {{#each items}}"`,
		},
		"else in a repeated row": {
			`<w:tbl><w:tr>` + cell("{{#if a}}x") + cell("{{else}}") + cell("{{/if}}") + `</w:tr></w:tbl>`,
			`"{{#if a}}x"`,
		},
		"a row's block passing another": {
			`<w:tbl><w:tr>` + cell("{{#if a}}x{{/if}}") + cell("{{#each items}}{{name}}") + cell("{{/each}}") + `</w:tr></w:tbl>`,
			`"{{#each items}}{{name}}"`,
		},
		"closing another block": {p("{{#if a}}") + p("x") + p("{{/each}}"), `"{{/each}}", {{/each}} closes {{#if a}}`},
		"not closed":            {p("A very long paragraph that goes on and on and on, past what an error quotes: {{#if a}}"), `"A very long paragraph that goes on and on and on, past what…"`},
		"tag not closed":        {p("Dear {{name"), `"Dear {{name"`},
		"a partial":             {p("{{> footer}}"), `partials are not supported`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Fill(context.Background(), raymondExec, makeDocx(t, c.body), json.RawMessage(`{}`), Options{})
			if err == nil {
				t.Fatal("filled, want an error")
			}
			if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want a template-error naming %s", err, c.want)
			}
		})
	}
}

// Block tags in paragraphs of their own within one cell repeat the
// paragraphs in the cell, not the row; the cell's last paragraph, a block
// tag's, is left empty (a cell ends with a paragraph).
func TestBlockInCell(t *testing.T) {
	body := `<w:tbl><w:tr><w:tc>` + p("Lines:") + p("{{#each lines}}") + p("- {{this}}") + p("{{/each}}") + `</w:tc><w:tc>` + p("{{total}}") + `</w:tc></w:tr></w:tbl>`
	out := fill(t, makeDocx(t, body), `{"lines":["a","b"],"total":2}`)
	got := paragraphsOf(t, out, mainPart)
	if want := []string{"Lines:", "- a", "- b", "", "2"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("text = %q, want %q", got, want)
	}
	if n := strings.Count(entry(t, out, mainPart), "<w:tr>"); n != 1 {
		t.Errorf("%d rows, want 1", n)
	}
	// A cell emptied by a block still ends with a paragraph, as Word
	// requires.
	body = `<w:tbl><w:tr><w:tc>` + p("{{#if shown}}") + p("x") + p("{{/if}}") + `</w:tc></w:tr></w:tbl>` + p("after")
	xmlOut := entry(t, fill(t, makeDocx(t, body), `{}`), mainPart)
	if !strings.Contains(xmlOut, `<w:tc><w:p/></w:tc>`) {
		t.Errorf("the emptied cell is\n%s", xmlOut)
	}
}

// Output of the loops is bounded by MaxOutput.
func TestOutputBounded(t *testing.T) {
	doc := makeDocx(t, p("{{#each items}}")+p(strings.Repeat("x", 10_000)+"{{this}}")+p("{{/each}}"))
	items, _ := json.Marshal(map[string]any{"items": make([]int, 2000)}) // 20 MB of paragraphs
	_, err := Fill(context.Background(), raymondExec, doc, items, Options{Limits: Limits{MaxOutput: 1 << 20}})
	if err == nil || !strings.Contains(err.Error(), "grows past the limit") {
		t.Fatalf("error = %v, want the output limit", err)
	}
}

// Check holds a stored template to what Fill would place, without data.
func TestCheck(t *testing.T) {
	if err := Check(makeDocx(t, p("{{#each items}}")+p("{{name}}")+p("{{/each}}")), Limits{}); err != nil {
		t.Errorf("Check: %v", err)
	}
	err := Check(makeDocx(t, p("Items: {{#each items}}")+p("{{/each}}")), Limits{})
	if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), `"Items: {{#each items}}"`) {
		t.Errorf("Check = %v, want the paragraph named", err)
	}
}
