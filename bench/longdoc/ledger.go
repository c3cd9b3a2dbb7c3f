package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// rowsPerPage is how many ledger rows fit on a page under the repeated
// header row, as in the user's ledger.
const rowsPerPage = 38

// pagesPerSection is how many pages a section of the ledger fills: each
// section starts on a new page (break-before: page) with its heading.
const pagesPerSection = 5

// kinds are the documents the bench prints: the ledger (a logo, a heading
// per section, tables breaking across pages under a repeated thead), text
// only (headings and paragraphs), and images (one distinct picture a page,
// with a caption).
var kinds = []string{"ledger", "text", "images"}

// footer is the footer of every kind: "page X / Y".
const footer = `<div style="font: 8pt sans-serif; width: 100%; text-align: center; color: #555">` +
	`page <span class="pageNumber"></span> / <span class="totalPages"></span></div>`

// style is shared by the kinds; margins come from the print options.
const style = `<style>
body { font: 9pt/1.25 "DejaVu Sans", sans-serif; margin: 0; color: #111 }
section + section { break-before: page }
h1 { font-size: 16pt; margin: 0 0 4mm }
h2 { font-size: 12pt; margin: 0 0 2mm }
.logo { height: 12mm; display: block; margin-bottom: 2mm }
table { width: 100%; border-collapse: collapse }
thead { display: table-header-group }
th { text-align: left; border-bottom: .4mm solid #333; height: 6mm; padding: 0 1.5mm }
td { border-bottom: .2mm solid #ccc; height: 6.05mm; padding: 0 1.5mm; white-space: nowrap }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums }
tr { break-inside: avoid }
p { margin: 0 0 2mm; text-align: justify }
figure { margin: 0 0 4mm; break-inside: avoid }
figure img { width: 100%; height: 120mm; object-fit: cover; display: block }
</style>`

// templates are the Handlebars templates of the kinds.
var templates = map[string]string{
	"ledger": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title>` + style + `</head><body>
{{#each sections}}<section>{{#if @first}}<img class="logo" src="{{../logo}}" alt="logo"><h1>{{../title}}</h1>{{/if}}<h2>{{heading}}</h2>
<table><thead><tr><th>Date</th><th>Reference</th><th>Description</th><th class="n">Debit</th><th class="n">Credit</th><th class="n">Balance</th></tr></thead><tbody>
{{#each rows}}<tr><td>{{date}}</td><td>{{ref}}</td><td>{{text}}</td><td class="n">{{debit}}</td><td class="n">{{credit}}</td><td class="n">{{balance}}</td></tr>
{{/each}}</tbody></table></section>
{{/each}}</body></html>`,
	"text": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title>` + style + `</head><body>
{{#each sections}}<section><h2>{{heading}}</h2>{{#each paragraphs}}<p>{{this}}</p>{{/each}}</section>
{{/each}}</body></html>`,
	"images": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title>` + style + `</head><body>
{{#each sections}}<section><h2>{{heading}}</h2>{{#each figures}}<figure><img src="{{src}}" alt="{{caption}}"><figcaption>{{caption}}</figcaption></figure>{{/each}}</section>
{{/each}}</body></html>`,
}

// words make the ledger's descriptions and the text's paragraphs.
var words = strings.Fields(`invoice payment transfer refund adjustment interest fee
deposit withdrawal settlement supplier customer quarterly annual accrual reversal
opening closing balance ledger account reconciliation statement freight insurance
rent utilities salaries consulting licence maintenance equipment travel`)

// document is a kind's template and its data for about pages pages, from
// page first on (0 for a whole document; a part's first page otherwise, so
// that no two parts are alike).
func document(kind string, pages, first int) (tpl string, data []byte, err error) {
	sections := max(1, (pages+pagesPerSection-1)/pagesPerSection)
	d := map[string]any{"title": fmt.Sprintf("General ledger, %d pages", pages), "logo": logo()}
	var secs []map[string]any
	n := first * rowsPerPage // a running counter, so that no two rows or paragraphs are alike
	for s := range sections {
		s += first / pagesPerSection
		sec := map[string]any{"heading": fmt.Sprintf("Section %d: account %04d", s+1, 4000+s)}
		left := min(pagesPerSection, first+pages-s*pagesPerSection)
		switch kind {
		case "ledger":
			var rows []map[string]string
			for range left*rowsPerPage - 2 { // the heading takes two rows' height
				n++
				rows = append(rows, map[string]string{
					"date": fmt.Sprintf("2026-%02d-%02d", 1+n%12, 1+n%28), "ref": fmt.Sprintf("JE-%07d", n),
					"text":  words[n%len(words)] + " " + words[(n*7)%len(words)] + " " + words[(n*13)%len(words)],
					"debit": money(n * 7919 % 1000003), "credit": money(n * 104729 % 999983), "balance": money(n * 15485863 % 99999989),
				})
			}
			sec["rows"] = rows
		case "text":
			var ps []string
			for range left * 7 { // seven paragraphs of ~90 words fill a page
				n++
				var b strings.Builder
				for w := range 90 {
					b.WriteString(words[(n*31+w*17)%len(words)])
					b.WriteByte(' ')
				}
				ps = append(ps, b.String())
			}
			sec["paragraphs"] = ps
		case "images":
			var fs []map[string]string
			for range left * 2 { // two figures a page
				n++
				fs = append(fs, map[string]string{"src": picture(n), "caption": fmt.Sprintf("Figure %d", n)})
			}
			sec["figures"] = fs
		default:
			return "", nil, fmt.Errorf("no kind %q (%s)", kind, strings.Join(kinds, ", "))
		}
		secs = append(secs, sec)
	}
	d["sections"] = secs
	data, err = json.Marshal(d)
	return templates[kind], data, err
}

func money(cents int) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// logo is a small PNG, as a data: URL.
func logo() string {
	img := image.NewRGBA(image.Rect(0, 0, 240, 80))
	for y := range 80 {
		for x := range 240 {
			img.Set(x, y, color.RGBA{uint8(200 - x/2), uint8(40 + y), 40, 255})
		}
	}
	return dataURL(img)
}

// picture is a distinct 320×200 PNG for figure n, so that Chromium
// embeds each one rather than one copy.
func picture(n int) string {
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	for y := range 200 {
		for x := range 320 {
			v := uint32(x*y+n*2654435761) * 2246822519
			img.Set(x, y, color.RGBA{uint8(x + n), uint8(y * n), uint8(v >> 24), 255})
		}
	}
	return dataURL(img)
}

func dataURL(img image.Image) string {
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}
