package render

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/facturxtest"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/stretchr/testify/require"
)

// facturxInput is the EN 16931 example invoice of testdata/facturx: the
// page, its data and the CII XML template, rendered as one document.
func facturxInput(t *testing.T, pdfOpts map[string]any) Input {
	t.Helper()
	fx := pdfOpts["facturx"].(map[string]any)
	fx["xmlTemplate"] = testdata(t, "facturx/invoice.xml.hbs")
	js, err := json.Marshal(pdfOpts)
	require.NoError(t, err)
	return Input{
		Template: testdata(t, "facturx/invoice.hbs"),
		Data:     []byte(testdata(t, "facturx/invoice.json")),
		Options:  Options{PDF: pdfOptions(t, string(js))},
	}
}

// ciiTotals reads the amounts of a CII invoice: each line's net amount,
// and the header's sums.
type ciiTotals struct {
	Lines []struct {
		Net string `xml:"SpecifiedLineTradeSettlement>SpecifiedTradeSettlementLineMonetarySummation>LineTotalAmount"`
	} `xml:"SupplyChainTradeTransaction>IncludedSupplyChainTradeLineItem"`
	Tax struct {
		Calculated string `xml:"CalculatedAmount"`
		Basis      string `xml:"BasisAmount"`
		Rate       string `xml:"RateApplicablePercent"`
	} `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeSettlement>ApplicableTradeTax"`
	Sums struct {
		LineTotal  string `xml:"LineTotalAmount"`
		TaxBasis   string `xml:"TaxBasisTotalAmount"`
		TaxTotal   string `xml:"TaxTotalAmount"`
		GrandTotal string `xml:"GrandTotalAmount"`
		DuePayable string `xml:"DuePayableAmount"`
	} `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeSettlement>SpecifiedTradeSettlementHeaderMonetarySummation"`
}

func cents(t *testing.T, s string) int64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "amount %q", s)
	return int64(math.Round(f * 100))
}

// germanAmount writes cents as the de-DE locale does: 2.391,52.
func germanAmount(c int64) string {
	s := strconv.FormatInt(c/100, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return fmt.Sprintf("%s,%02d", s, c%100)
}

// The full EN 16931 example: Factur-X with PDF/UA-1, two attachments and
// metadata, in one render.
func TestFacturXInvoiceEN16931(t *testing.T) {
	t.Parallel()
	logo := make([]byte, 3000)
	_, _ = rand.Read(logo)
	terms := "Zahlbar innerhalb von 30 Tagen ohne Abzug.\nGerichtsstand: Berlin & Umgebung <DE>\n"
	in := facturxInput(t, map[string]any{
		"standards": []string{"PDF/UA-1"},
		"author":    "Müller & Söhne GmbH", "subject": "Rechnung", "keywords": "Rechnung, Factur-X",
		"facturx": map[string]any{"profile": "EN 16931"},
		"attachments": []map[string]any{
			{"name": "agb.txt", "text": terms, "relationship": "Supplement", "description": "Allgemeine Geschäftsbedingungen"},
			{"name": "logo.bin", "content": base64.StdEncoding.EncodeToString(logo), "contentType": "application/octet-stream", "relationship": "Source"},
		},
	})
	out := render(t, shared, in)

	// The XML as the same template and data render it, alone.
	want, err := shared.Render(t.Context(), Input{Template: in.Options.PDF.FacturX.XMLTemplate, Data: in.Data, Format: FormatHTML})
	require.NoError(t, err)

	// Every file comes out byte for byte.
	files := facturxtest.Attachments(t, out.Body)
	require.Len(t, files, 3)
	require.Equal(t, want.Body, files["factur-x.xml"])
	require.Equal(t, []byte(terms), files["agb.txt"])
	require.Equal(t, logo, files["logo.bin"])
	list := poppler(t, "pdfdetach", out.Body, "-list")
	require.Contains(t, list, "3 embedded files")

	// The XML's totals hold together, and the PDF shows each of them.
	var inv ciiTotals
	require.NoError(t, xml.Unmarshal(files["factur-x.xml"], &inv))
	require.Len(t, inv.Lines, 3)
	text := pdfText(t, out.Body)
	var sum int64
	for _, l := range inv.Lines {
		sum += cents(t, l.Net)
		require.Contains(t, text, germanAmount(cents(t, l.Net))+" €", "line amount %s", l.Net)
	}
	require.Equal(t, sum, cents(t, inv.Sums.LineTotal))
	require.Equal(t, cents(t, inv.Sums.LineTotal), cents(t, inv.Sums.TaxBasis))
	require.Equal(t, cents(t, inv.Sums.TaxBasis), cents(t, inv.Tax.Basis))
	rate, err := strconv.ParseFloat(inv.Tax.Rate, 64)
	require.NoError(t, err)
	require.Equal(t, int64(math.Round(float64(cents(t, inv.Tax.Basis))*rate/100)), cents(t, inv.Tax.Calculated))
	require.Equal(t, cents(t, inv.Tax.Calculated), cents(t, inv.Sums.TaxTotal))
	require.Equal(t, cents(t, inv.Sums.TaxBasis)+cents(t, inv.Sums.TaxTotal), cents(t, inv.Sums.GrandTotal))
	require.Equal(t, cents(t, inv.Sums.GrandTotal), cents(t, inv.Sums.DuePayable))
	for _, amount := range []string{inv.Sums.TaxBasis, inv.Sums.TaxTotal, inv.Sums.GrandTotal} {
		require.Contains(t, text, germanAmount(cents(t, amount))+" €", "total %s", amount)
	}
	// Data the template escapes for HTML comes out escaped for XML too.
	require.Contains(t, string(files["factur-x.xml"]), "<ram:Name>Müller &amp; Söhne GmbH</ram:Name>")
	require.Contains(t, string(files["factur-x.xml"]), "<ram:Name>Acme &lt;Europe&gt; S.A.R.L.</ram:Name>")

	// The XMP: PDF/A-3b, PDF/UA-1 and every Factur-X field, declared.
	x := xmpFields(t, poppler(t, "pdfinfo", out.Body, "-meta"))
	for k, v := range map[string]string{
		nsPDFAID + " part": "3", nsPDFAID + " conformance": "B", nsPDFUAID + " part": "1",
		nsFX + " DocumentType": "INVOICE", nsFX + " DocumentFileName": "factur-x.xml",
		nsFX + " Version": "1.0", nsFX + " ConformanceLevel": "EN 16931",
		nsDC + " title": "Rechnung RE-2026-0815", nsDC + " creator": "Müller & Söhne GmbH",
	} {
		require.Equal(t, v, x[k], k)
	}
	require.Contains(t, x[nsSchema+" namespaceURI"], nsFX)
	require.Contains(t, x[nsSchema+" namespaceURI"], nsPDFUAID)

	// Associated files: the catalog's /AF, each with its relationship,
	// MIME type and parameters.
	p := readObjects(t, out.Body)
	cat := p.catalog()
	af := p.array(cat["/AF"])
	require.Len(t, af, 3)
	rels := map[string]string{}
	for _, ref := range af {
		spec := p.dict(ref)
		name := p.text(spec["/UF"])
		require.Equal(t, name, p.text(spec["/F"]))
		rels[name] = strings.TrimPrefix(spec["/AFRelationship"].(string), "/")
		ef := p.dict(spec["/EF"])
		stream := p.dict(ef["/F"])
		require.Equal(t, "/EmbeddedFile", stream["/Type"])
		params := p.dict(stream["/Params"])
		require.EqualValues(t, len(files[name]), params["/Size"], name)
		require.Contains(t, params, "/ModDate")
		if name == "factur-x.xml" {
			require.Equal(t, "/text/xml", stream["/Subtype"])
			require.Contains(t, p.text(spec["/Desc"]), "Factur-X")
		}
	}
	require.Equal(t, map[string]string{"factur-x.xml": "Alternative", "agb.txt": "Supplement", "logo.bin": "Source"}, rels)

	// Still PDF/A: an output intent, every font embedded, PDF 1.7; and
	// still PDF/UA: tagged, with the page's language.
	require.Len(t, p.array(cat["/OutputIntents"]), 1)
	requireFontsEmbedded(t, out.Body)
	require.True(t, bytes.HasPrefix(out.Body, []byte("%PDF-1.7")))
	require.Equal(t, "de", p.text(cat["/Lang"]))
	info := pdfInfo(t, out.Body)
	require.Equal(t, "yes", infoField(t, info, "Tagged"))
	require.Equal(t, "Rechnung", infoField(t, info, "Subject"))
}

// An invoice that is not one is a 422 naming the line, before anything is
// printed.
func TestFacturXInvoiceErrors(t *testing.T) {
	t.Parallel()
	base := testdata(t, "facturx/invoice.xml.hbs")
	for _, c := range []struct {
		name, profile, xmlTemplate, want string
	}{
		{"not well formed", "EN 16931", strings.Replace(base, "</ram:TypeCode>", "</ram:TypeCod>", 1),
			"options.pdf.facturx.xmlTemplate, rendered, is not a Factur-X invoice: line 13: the invoice XML is not well formed"},
		{"another profile", "BASIC WL", base,
			`line 8: the invoice's specification is "urn:cen.eu:en16931:2017", not BASIC WL's "urn:factur-x.eu:1p0:basicwl"`},
		{"not a CII invoice", "EN 16931", "<?xml version=\"1.0\"?>\n<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>",
			"line 2: the root element is Invoice of namespace urn:oasis:names:specification:ubl:schema:xsd:Invoice-2, not rsm:CrossIndustryInvoice"},
		{"template error", "EN 16931", "<x>\n{{#each lines}}\n</x>",
			"options.pdf.facturx.xmlTemplate: line 2"},
		{"raw data breaks the XML", "EN 16931", strings.Replace(base, "<ram:ID>{{number}}</ram:ID>", "<ram:ID>{{{seller.name}}}</ram:ID>", 1),
			"line 12: the invoice XML is not well formed"},
	} {
		in := facturxInput(t, map[string]any{"facturx": map[string]any{"profile": c.profile}})
		in.Options.PDF.FacturX.XMLTemplate = c.xmlTemplate
		_, err := renderErr(t, shared, in)
		re := requireCode(t, err, paprika.CodeTemplateError)
		require.Contains(t, re.Message, c.want, c.name)
	}
	// The XML given as it is: checked the same way.
	in := Input{Template: "<p>x</p>", Options: Options{PDF: pdfOptions(t, `{"facturx":{"profile":"BASIC","xml":"<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\">\n<b></rsm:CrossIndustryInvoice>"}}`)}}
	_, err := renderErr(t, shared, in)
	re := requireCode(t, err, paprika.CodeTemplateError)
	require.Contains(t, re.Message, "options.pdf.facturx.xml is not a Factur-X invoice: line 2: the invoice XML is not well formed")
}

// Each profile's example invoice, as Paprika embeds it (pdfdetach takes
// it out of the PDF), passes the validators of its profile: the official
// Factur-X XSD and Schematron, and the CEN's EN 16931 rules for the
// profiles that are EN 16931 invoices. It is embedded under the name its
// specification gives it, which the XMP's fx:DocumentFileName repeats.
func TestFacturXProfilesPassTheOfficialValidators(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ profile, fixture, file, relationship string }{
		{"MINIMUM", "minimum.xml.hbs", "factur-x.xml", "Data"},
		{"BASIC WL", "basicwl.xml.hbs", "factur-x.xml", "Data"},
		{"BASIC", "basic.xml.hbs", "factur-x.xml", "Alternative"},
		{"EN 16931", "invoice.xml.hbs", "factur-x.xml", "Alternative"},
		{"EXTENDED", "extended.xml.hbs", "factur-x.xml", "Alternative"},
		{"XRECHNUNG", "xrechnung.xml.hbs", "xrechnung.xml", "Alternative"},
	} {
		t.Run(c.profile, func(t *testing.T) {
			t.Parallel()
			in := facturxInput(t, map[string]any{"facturx": map[string]any{"profile": c.profile}})
			in.Options.PDF.FacturX.XMLTemplate = testdata(t, "facturx/"+c.fixture)
			out := render(t, shared, in)
			facturxtest.ValidatePDF(t, out.Body, c.file, c.profile)

			list := poppler(t, "pdfdetach", out.Body, "-list")
			require.Contains(t, list, "1 embedded files")
			require.Contains(t, list, "1: "+c.file+"\n")
			x := xmpFields(t, poppler(t, "pdfinfo", out.Body, "-meta"))
			for k, v := range map[string]string{
				nsFX + " DocumentType": "INVOICE", nsFX + " DocumentFileName": c.file,
				nsFX + " Version": "1.0", nsFX + " ConformanceLevel": c.profile,
			} {
				require.Equal(t, v, x[k], k)
			}
			p := readObjects(t, out.Body)
			af := p.array(p.catalog()["/AF"])
			require.Len(t, af, 1)
			spec := p.dict(af[0])
			require.Equal(t, c.file, p.text(spec["/UF"]))
			require.Equal(t, "/"+c.relationship, spec["/AFRelationship"])
		})
	}
}

// The validators above can fail: an EN 16931 invoice whose grand total is
// not its net plus its VAT breaks BR-CO-15 of both Schematrons, and one
// whose lines come after its header breaks the XSD.
func TestFacturXValidatorsRejectBrokenInvoices(t *testing.T) {
	t.Parallel()
	in := facturxInput(t, map[string]any{"facturx": map[string]any{"profile": "EN 16931"}})
	good, err := shared.Render(t.Context(), Input{Template: in.Options.PDF.FacturX.XMLTemplate, Data: in.Data, Format: FormatHTML})
	require.NoError(t, err)

	wrongTotal := strings.Replace(string(good.Body), "<ram:GrandTotalAmount>2391.52<", "<ram:GrandTotalAmount>2391.53<", 1)
	require.NotEqual(t, string(good.Body), wrongTotal)
	errs := strings.Join(facturxtest.Errors(t, []byte(wrongTotal), "EN 16931"), "\n")
	require.Contains(t, errs, "EN16931-CII-validation.xslt: [BR-CO-15]")
	require.Regexp(t, `Factur-X_1\.09_EN16931\.xsl: \[FX-SCH-[^]]*\] \[BR-CO-15\]`, errs)

	doc := string(good.Body)
	start := strings.Index(doc, "<ram:IncludedSupplyChainTradeLineItem>")
	end := strings.Index(doc, "<ram:ApplicableHeaderTradeAgreement>")
	header := strings.Index(doc, "</rsm:SupplyChainTradeTransaction>")
	require.True(t, 0 < start && start < end && end < header)
	linesLast := doc[:start] + doc[end:header] + doc[start:end] + doc[header:]
	errs = strings.Join(facturxtest.Errors(t, []byte(linesLast), "EN 16931"), "\n")
	require.Contains(t, errs, "Factur-X_EN16931.xsd: ")
	require.Contains(t, errs, "ApplicableHeaderTradeAgreement': This element is not expected. Expected is ( {urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100}IncludedSupplyChainTradeLineItem )")
}

// A long invoice shows its totals once, after its last line: the example
// page puts them in a block after the table, because Chromium repeats a
// table's <tfoot> at the bottom of every page the table spans, as the same
// page with a <tfoot> shows.
func TestInvoiceTotalsOnceOnALongInvoice(t *testing.T) {
	t.Parallel()
	var data map[string]any
	require.NoError(t, json.Unmarshal([]byte(testdata(t, "facturx/invoice.json")), &data))
	lines := data["lines"].([]any)
	for len(lines) < 120 {
		lines = append(lines, lines[len(lines)%3])
	}
	data["lines"] = lines
	js, err := json.Marshal(data)
	require.NoError(t, err)

	page := testdata(t, "facturx/invoice.hbs")
	out := render(t, shared, Input{Template: page, Data: js})
	require.Greater(t, out.Pages, 1)
	require.Equal(t, 1, strings.Count(pdfText(t, out.Body), "Gesamtbetrag"))

	withTfoot := strings.Replace(page, "  </tbody>\n</table>\n",
		"  </tbody>\n  <tfoot><tr><td colspan=\"5\">Summe im tfoot</td></tr></tfoot>\n</table>\n", 1)
	require.NotEqual(t, page, withTfoot)
	out = render(t, shared, Input{Template: withTfoot, Data: js})
	require.Greater(t, strings.Count(pdfText(t, out.Body), "Summe im tfoot"), 1, "a <tfoot> under each page of the table")
}
