package pdf

import (
	"encoding/xml"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// xmp is what a document's XMP metadata says: the same as its document
// information dictionary (which PDF/A wants to agree with it), the parts
// of the standards it claims, and the Factur-X schema's fields.
type xmp struct {
	title, author, subject, keywords, creator, producer string
	date                                                time.Time
	pdfa                                                string // PDFA2B, PDFA3B or ""
	ua                                                  bool
	facturx                                             string // the profile, or ""
	facturxFile                                         string // the invoice's file name, with facturx
}

// packet is the XMP packet, with room to be edited in place. Properties
// of a schema PDF/A does not predefine (fx, pdfuaid) are declared in a
// pdfaExtension schema, as ISO 19005-2, 6.6.2.3 asks.
func (x xmp) packet() []byte {
	var b strings.Builder
	b.WriteString("<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n")
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/">` + "\n")
	b.WriteString(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` + "\n")

	if x.pdfa != "" {
		part := "2"
		if x.pdfa == PDFA3B {
			part = "3"
		}
		b.WriteString(`<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">` +
			`<pdfaid:part>` + part + `</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>` + "\n")
	}
	if x.ua {
		b.WriteString(`<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">` +
			`<pdfuaid:part>1</pdfuaid:part></rdf:Description>` + "\n")
	}

	b.WriteString(`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">`)
	b.WriteString(`<dc:format>application/pdf</dc:format>`)
	if x.title != "" {
		b.WriteString(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">` + esc(x.title) + `</rdf:li></rdf:Alt></dc:title>`)
	}
	if x.author != "" {
		b.WriteString(`<dc:creator><rdf:Seq><rdf:li>` + esc(x.author) + `</rdf:li></rdf:Seq></dc:creator>`)
	}
	if x.subject != "" {
		b.WriteString(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + esc(x.subject) + `</rdf:li></rdf:Alt></dc:description>`)
	}
	b.WriteString("</rdf:Description>\n")

	date := x.date.UTC().Format("2006-01-02T15:04:05Z")
	b.WriteString(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">`)
	if x.creator != "" {
		b.WriteString(`<xmp:CreatorTool>` + esc(x.creator) + `</xmp:CreatorTool>`)
	}
	b.WriteString(`<xmp:CreateDate>` + date + `</xmp:CreateDate><xmp:ModifyDate>` + date +
		`</xmp:ModifyDate><xmp:MetadataDate>` + date + `</xmp:MetadataDate></rdf:Description>` + "\n")

	b.WriteString(`<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">`)
	b.WriteString(`<pdf:Producer>` + esc(x.producer) + `</pdf:Producer>`)
	if x.keywords != "" {
		b.WriteString(`<pdf:Keywords>` + esc(x.keywords) + `</pdf:Keywords>`)
	}
	b.WriteString("</rdf:Description>\n")

	if x.pdfa != "" && (x.ua || x.facturx != "") {
		b.WriteString(`<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"` +
			` xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">` +
			"\n<pdfaExtension:schemas><rdf:Bag>\n")
		if x.facturx != "" {
			extension(&b, "Factur-X PDFA Extension Schema", fxNamespace, "fx", [][4]string{
				{"DocumentFileName", "Text", "The name of the embedded XML invoice file", "external"},
				{"DocumentType", "Text", "INVOICE", "external"},
				{"Version", "Text", "The version of the Factur-X XML schema", "external"},
				{"ConformanceLevel", "Text", "The conformance level of the embedded invoice", "external"},
			})
		}
		if x.ua {
			extension(&b, "PDF/UA Universal Accessibility Schema", "http://www.aiim.org/pdfua/ns/id/", "pdfuaid", [][4]string{
				{"part", "Integer", "Indicates, which part of ISO 14289 standard is followed", "internal"},
			})
		}
		b.WriteString("</rdf:Bag></pdfaExtension:schemas></rdf:Description>\n")
	}
	if x.facturx != "" {
		b.WriteString(`<rdf:Description rdf:about="" xmlns:fx="` + fxNamespace + `">` +
			`<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>` + esc(x.facturxFile) +
			`</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>` + esc(x.facturx) +
			`</fx:ConformanceLevel></rdf:Description>` + "\n")
	}
	b.WriteString("</rdf:RDF>\n</x:xmpmeta>\n")
	// Room for an editor to change the packet in place.
	for range 20 {
		b.WriteString(strings.Repeat(" ", 99) + "\n")
	}
	b.WriteString(`<?xpacket end="w"?>`)
	return []byte(b.String())
}

// extension writes one schema of pdfaExtension:schemas.
func extension(b *strings.Builder, name, ns, prefix string, props [][4]string) {
	b.WriteString(`<rdf:li rdf:parseType="Resource"><pdfaSchema:schema>` + name + `</pdfaSchema:schema>` +
		`<pdfaSchema:namespaceURI>` + ns + `</pdfaSchema:namespaceURI><pdfaSchema:prefix>` + prefix +
		"</pdfaSchema:prefix>\n<pdfaSchema:property><rdf:Seq>\n")
	for _, p := range props {
		b.WriteString(`<rdf:li rdf:parseType="Resource"><pdfaProperty:name>` + p[0] + `</pdfaProperty:name>` +
			`<pdfaProperty:valueType>` + p[1] + `</pdfaProperty:valueType><pdfaProperty:category>` + p[3] + `</pdfaProperty:category>` +
			`<pdfaProperty:description>` + p[2] + "</pdfaProperty:description></rdf:li>\n")
	}
	b.WriteString("</rdf:Seq></pdfaSchema:property></rdf:li>\n")
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

// setMetadata makes packet the document's metadata stream, uncompressed
// so that tools that do not parse PDF can find it (ISO 19005-2 asks the
// same of none of its filters, but readers of XMP expect it plain).
func setMetadata(ctx *model.Context, root types.Dict, packet []byte) error {
	n := int64(len(packet))
	sd := types.StreamDict{
		Dict:    types.Dict{"Type": types.Name("Metadata"), "Subtype": types.Name("XML"), "Length": types.Integer(n)},
		Content: packet, Raw: packet, StreamLength: &n,
	}
	ir, err := ctx.IndRefForNewObject(sd)
	if err != nil {
		return err
	}
	root["Metadata"] = *ir
	return nil
}
