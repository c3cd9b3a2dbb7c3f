package render

import (
	"encoding/json"
	"testing"
)

// FuzzOptions decodes any options (options.pdf among them) and validates
// them for every format: it may refuse them, never panic; what it accepts
// encodes back to JSON that decodes and validates the same.
//
//	go test ./internal/render -run '^$' -fuzz FuzzOptions -fuzztime 1m -parallel 1
func FuzzOptions(f *testing.F) {
	for _, s := range []string{
		`{}`,
		`{"paper": "A4", "landscape": true, "margin": {"top": "1cm", "left": "0.5in"}, "scale": 1.5}`,
		`{"paper": {"width": "210mm", "height": "297mm"}, "pageRanges": "1-5, 8, 11-13"}`,
		`{"width": 800, "waitFor": "window.ready === true", "printBackground": false}`,
		`{"headerTemplate": "<span class=pageNumber></span>", "footerTemplate": "<span class=totalPages></span>"}`,
		`{"pdf": {"title": "Invoice", "author": "Acme", "keywords": ["a", "b"]}}`,
		`{"pdf": {"password": {"user": "u", "owner": "o"}, "permissions": ["print", "copy"]}}`,
		`{"pdf": {"watermark": {"text": "DRAFT", "opacity": 0.3, "fontSize": 48, "rotation": 45}}}`,
		`{"paper": {"width": "-1mm", "height": "1e308in"}, "scale": 1e-9, "pageRanges": "0-"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var o Options
		if json.Unmarshal(b, &o) != nil {
			return
		}
		for _, format := range []string{"", FormatPDF, FormatPNG, FormatHTML} {
			if o.ValidateFor(format) != nil {
				continue
			}
			again, err := json.Marshal(o)
			if err != nil {
				t.Fatalf("accepted options do not encode: %v", err)
			}
			var o2 Options
			if err := json.Unmarshal(again, &o2); err != nil {
				t.Fatalf("accepted options %s do not decode again: %v", again, err)
			}
			if err := o2.ValidateFor(format); err != nil {
				t.Fatalf("options %s accepted, but once stored refused: %v", again, err)
			}
		}
	})
}
