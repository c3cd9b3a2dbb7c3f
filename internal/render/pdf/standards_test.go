package pdf

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStandardsValidateNamesTheFields(t *testing.T) {
	t.Parallel()
	xml := `"xml":"<x/>"`
	cases := map[string]string{
		`{"standards":["PDF/A-1b"]}`:                                                                          `options.pdf.standards has "PDF/A-1b"; each is one of PDF/A-2b, PDF/A-3b, PDF/UA-1`,
		`{"standards":["PDF/UA-1","PDF/UA-1"]}`:                                                               "options.pdf.standards has PDF/UA-1 twice",
		`{"standards":["PDF/A-2b","PDF/A-3b"]}`:                                                               "one PDF/A part",
		`{"standards":["PDF/A-3b"],"password":{"user":"u"}}`:                                                  "options.pdf.password cannot go with options.pdf.standards PDF/A-3b: PDF/A forbids encryption",
		`{"facturx":{"profile":"BASIC",` + xml + `},"password":{"owner":"o"}}`:                                "options.pdf.password cannot go with options.pdf.facturx (PDF/A-3b)",
		`{"standards":["PDF/A-2b"],"facturx":{"profile":"BASIC",` + xml + `}}`:                                "options.pdf.facturx makes the document PDF/A-3b",
		`{"standards":["PDF/A-2b"],"attachments":[{"name":"a","text":"x"}]}`:                                  "options.pdf.attachments cannot go with options.pdf.standards PDF/A-2b",
		`{"facturx":{"profile":"COMFORT",` + xml + `}}`:                                                       "options.pdf.facturx.profile must be one of MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED, XRECHNUNG",
		`{"facturx":{"profile":"BASIC"}}`:                                                                     "options.pdf.facturx needs exactly one of xml and xmlTemplate",
		`{"facturx":{"profile":"BASIC",` + xml + `,"xmlTemplate":"<x/>"}}`:                                    "options.pdf.facturx needs exactly one of xml and xmlTemplate",
		`{"facturx":{"profile":"BASIC","xml":"` + strings.Repeat("x", MaxInvoiceXML+1) + `"}}`:                "must be at most 1048576 bytes",
		`{"attachments":[{"text":"x"}]}`:                                                                      "options.pdf.attachments[0].name is required",
		`{"attachments":[{"name":"../etc/passwd","text":"x"}]}`:                                               "options.pdf.attachments[0].name must be a file name",
		`{"attachments":[{"name":"a\u0000b","text":"x"}]}`:                                                    "options.pdf.attachments[0].name must be a file name",
		`{"attachments":[{"name":"a","text":"x"},{"name":"a","text":"y"}]}`:                                   `options.pdf.attachments[1].name "a" is given twice`,
		`{"attachments":[{"name":"a"}]}`:                                                                      "options.pdf.attachments[0] needs exactly one of content (base64) and text",
		`{"attachments":[{"name":"a","text":"x","content":"eA=="}]}`:                                          "options.pdf.attachments[0] needs exactly one of content (base64) and text",
		`{"attachments":[{"name":"a","text":"x","contentType":"text/plain; charset=utf-8"}]}`:                 "options.pdf.attachments[0].contentType must be a MIME type",
		`{"attachments":[{"name":"a","text":"x","relationship":"Friend"}]}`:                                   "options.pdf.attachments[0].relationship must be one of Alternative, Data, Source, Supplement, Unspecified",
		`{"attachments":[{"name":"a","text":"x","description":"` + strings.Repeat("d", 1025) + `"}]}`:         "options.pdf.attachments[0].description must be",
		`{"facturx":{"profile":"BASIC",` + xml + `},"attachments":[{"name":"Factur-X.xml","text":"x"}]}`:      "is the invoice's",
		`{"facturx":{"profile":"XRECHNUNG",` + xml + `},"attachments":[{"name":"xrechnung.xml","text":"x"}]}`: "options.pdf.attachments[0].name xrechnung.xml is the invoice's",
	}
	for in, want := range cases {
		var o Options
		require.NoError(t, json.Unmarshal([]byte(in), &o), in)
		err := o.Validate()
		require.Error(t, err, in)
		require.Contains(t, err.Error(), want, in)
	}

	// Bounds on count and size.
	var o Options
	for i := range MaxAttachments + 1 {
		o.Attachments = append(o.Attachments, Attachment{Name: strings.Repeat("n", i+1), Text: new("x")})
	}
	require.ErrorContains(t, o.Validate(), "options.pdf.attachments may have at most 20 files")
	o.Attachments = []Attachment{{Name: "a", Content: make([]byte, MaxAttachmentBytes/2)}, {Name: "b", Content: make([]byte, MaxAttachmentBytes/2+1)}}
	require.ErrorContains(t, o.Validate(), "options.pdf.attachments hold more than 8388608 bytes together")

	var ok Options
	// A watermark goes with every standard (set in an embedded font).
	require.NoError(t, json.Unmarshal([]byte(`{"standards":["PDF/A-3b","PDF/UA-1"],"title":"T","watermark":{"text":"DRAFT"},
		"attachments":[{"name":"data.csv","contentType":"text/csv","text":"a,b","relationship":"Data","description":"the figures"}],
		"facturx":{"profile":"BASIC WL","xmlTemplate":"<x/>"}}`), &ok))
	require.NoError(t, ok.Validate())
	require.Equal(t, PDFA3B, ok.archival())
	require.Equal(t, "Data", ok.FacturX.relationship())
	require.NoError(t, (&Options{Standards: []string{PDFUA1}, Password: &Password{User: "u"}}).Validate(),
		"PDF/UA allows encryption")
}

func TestFacturXRelationship(t *testing.T) {
	t.Parallel()
	for profile, want := range map[string]string{
		"MINIMUM": "Data", "BASIC WL": "Data", "BASIC": "Alternative", "EN 16931": "Alternative",
		"EXTENDED": "Alternative", "XRECHNUNG": "Alternative",
	} {
		require.Equal(t, want, (&FacturX{Profile: profile}).relationship(), profile)
	}
}

func TestCheckInvoiceNamesTheLine(t *testing.T) {
	t.Parallel()
	const head = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>
<ram:ID>%s</ram:ID>
</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
`
	doc := func(id, rest string) string { return strings.Replace(head, "%s", id, 1) + rest }
	require.NoError(t, CheckInvoice(doc("urn:cen.eu:en16931:2017", "</rsm:CrossIndustryInvoice>\n"), "EN 16931"))
	require.NoError(t, CheckInvoice(doc("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0", "</rsm:CrossIndustryInvoice>"), "XRECHNUNG"))
	for _, c := range []struct {
		doc, profile string
		line         int
		msg          string
	}{
		{doc("urn:cen.eu:en16931:2017", "<ram:Broken>\n</rsm:CrossIndustryInvoice>"), "EN 16931", 7, "not well formed"},
		{doc("urn:cen.eu:en16931:2017", "<a>&nbsp;</a></rsm:CrossIndustryInvoice>"), "EN 16931", 6, "not well formed"},
		{doc("urn:cen.eu:en16931:2017", "</rsm:CrossIndustryInvoice>"), "BASIC WL", 4, `the invoice's specification is "urn:cen.eu:en16931:2017", not BASIC WL's "urn:factur-x.eu:1p0:basicwl"`},
		{"<?xml version=\"1.0\"?>\n\n<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>", "BASIC", 3, "the root element is Invoice of namespace urn:oasis"},
		{"<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\"/>", "BASIC", 1, "has no ExchangedDocumentContext"},
		{"<!DOCTYPE x [<!ENTITY a \"aaaa\">]>\n<x/>", "BASIC", 1, "may not have a DOCTYPE"},
		{"", "BASIC", 1, "no root element"},
	} {
		err := CheckInvoice(c.doc, c.profile)
		var ie *InvoiceError
		require.ErrorAs(t, err, &ie, c.doc)
		require.Equal(t, c.line, ie.Line, "%s: %v", c.doc, err)
		require.Contains(t, ie.Msg, c.msg)
	}
}

// What is accepted is accepted again once stored (encoded and decoded), as
// queued work's options are.
func TestStandardsSurviveStorage(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"standards":[]}`,
		`{"attachments":[{"name":"empty.txt","text":""},{"name":"b","content":"","text":"x"}]}`,
		`{"attachments":[{"name":"a.bin","content":"AAEC","contentType":"application/octet-stream"}],"standards":["PDF/A-3b"]}`,
		`{"facturx":{"profile":"XRECHNUNG","xmlTemplate":"<x/>"},"standards":["PDF/UA-1","PDF/A-3b"]}`,
	} {
		var o Options
		require.NoError(t, json.Unmarshal([]byte(in), &o), in)
		require.NoError(t, o.Validate(), in)
		again, err := json.Marshal(&o)
		require.NoError(t, err)
		var o2 Options
		require.NoError(t, json.Unmarshal(again, &o2))
		require.NoError(t, o2.Validate(), "%s stored as %s", in, again)
		require.Equal(t, o.archival(), o2.archival())
	}
	var o Options
	require.NoError(t, json.Unmarshal([]byte(`{"attachments":[{"name":"a","content":""}]}`), &o))
	require.ErrorContains(t, o.Validate(), "needs exactly one of content (base64) and text")
}
