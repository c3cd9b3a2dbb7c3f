package docx

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
)

// FuzzFill feeds Fill document bodies: it must never panic, and what it
// fills must be well-formed XML.
func FuzzFill(f *testing.F) {
	for _, seed := range []string{
		p("Dear {{name}}"),
		`<w:p><w:r><w:t>{{#ea</w:t></w:r><w:r><w:t>ch xs}}[{{this}}]{{/each}}</w:t></w:r></w:p>`,
		p("{{#if a}}") + p("x") + p("{{else}}") + p("y") + p("{{/if}}"),
		`<w:tbl><w:tr><w:tc>` + p("{{#each xs}}{{this}}") + `</w:tc><w:tc>` + p("{{/each}}") + `</w:tc></w:tr></w:tbl>`,
		`<w:tbl><w:tr><w:tc>` + p("{{#if a}}") + p("{{/if}}") + `</w:tc></w:tr></w:tbl>`,
		`<w:p><w:hyperlink><w:r><w:t>{{#if a}}</w:t></w:r></w:hyperlink><w:r><w:t>{{/if}}</w:t></w:r></w:p>`,
		p("{{{raw}}} {{! c }} {{^}} {{/x}}"),
	} {
		f.Add(seed)
	}
	exec := ExecutorFunc(func(ctx context.Context, src string, data json.RawMessage) (out string, err error) {
		defer func() {
			if r := recover(); r != nil { // raymond's own panics are not Fill's
				err = fmt.Errorf("raymond: %v", r)
			}
		}()
		return raymondExec(ctx, src, data)
	})
	f.Fuzz(func(t *testing.T, body string) {
		out, err := Fill(context.Background(), exec, makeDocx(t, body), json.RawMessage(`{"name":"<n>","xs":[1,2],"a":true,"raw":"&"}`), Options{})
		if err != nil {
			return
		}
		d := xml.NewDecoder(strings.NewReader(entry(t, out, mainPart)))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("filled XML is not well-formed: %v\n%s", err, entry(t, out, mainPart))
			}
		}
	})
}
