package render

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/paprikahq/paprika/internal/render/pdf"
)

// The cost of each standard's post-processing, on the same printed
// invoice, per page of CPU (see docs/performance.md):
//
//	go test ./internal/render -run '^$' -bench 'PDFStandards' -benchtime 20x
func BenchmarkPDFStandards(b *testing.B) {
	tpl, err := os.ReadFile("testdata/facturx/invoice.hbs")
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile("testdata/facturx/invoice.json")
	if err != nil {
		b.Fatal(err)
	}
	xmlTpl, err := os.ReadFile("testdata/facturx/invoice.xml.hbs")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	xml, err := shared.Render(ctx, Input{Template: string(xmlTpl), Data: data, Format: FormatHTML})
	if err != nil {
		b.Fatal(err)
	}
	invoice, err := shared.Render(ctx, Input{Template: string(tpl), Data: data})
	if err != nil {
		b.Fatal(err)
	}
	fx, _ := json.Marshal(string(xml.Body))
	for _, doc := range []struct {
		name  string
		body  []byte
		pages int
	}{
		{"1page", invoice.Body, invoice.Pages},
		{"10page", printedInvoice(b, 10), 10},
	} {
		for _, std := range []struct{ name, opts string }{
			{"pdf", `{"title":"Rechnung"}`},
			{"PDF-A-3b", `{"title":"Rechnung","standards":["PDF/A-3b"]}`},
			{"PDF-UA-1", `{"title":"Rechnung","standards":["PDF/UA-1"]}`},
			{"Factur-X", `{"title":"Rechnung","facturx":{"profile":"EN 16931","xml":` + string(fx) + `}}`},
		} {
			b.Run(doc.name+"/"+std.name, func(b *testing.B) {
				o := pdfOptionsB(b, std.opts)
				if err := o.Validate(); err != nil {
					b.Fatal(err)
				}
				cpu := cpuTime(b)
				for b.Loop() {
					if o.FacturX != nil {
						if err := pdf.CheckInvoice(o.FacturX.XML, o.FacturX.Profile); err != nil {
							b.Fatal(err)
						}
					}
					if _, n, err := pdf.Apply(doc.body, o); err != nil || n != doc.pages {
						b.Fatal(n, err)
					}
				}
				b.ReportMetric(float64((cpuTime(b)-cpu).Nanoseconds())/float64(b.N)/float64(doc.pages)/1e6, "cpu-ms/page")
				b.ReportMetric(float64(doc.pages), "pages")
			})
		}
	}
}
