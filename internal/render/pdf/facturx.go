package pdf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// FacturX is a Factur-X 1.0 / ZUGFeRD 2.x e-invoice: the CII XML, given or
// rendered from XMLTemplate with the document's data (the render package
// does that and puts the result in XML), embedded under the name its
// profile's specification gives it (FileName).
type FacturX struct {
	Profile     string `json:"profile"`
	XML         string `json:"xml,omitempty"`
	XMLTemplate string `json:"xmlTemplate,omitempty"`
}

// The Factur-X profiles, as fx:ConformanceLevel names them.
var FacturXProfiles = []string{"MINIMUM", "BASIC WL", "BASIC", "EN 16931", "EXTENDED", "XRECHNUNG"}

const (
	// facturxName is the invoice's file name in Factur-X 1.0 and ZUGFeRD
	// 2.x, and xrechnungName its name in ZUGFeRD 2.1's XRECHNUNG profile;
	// receivers look for the XML under these names.
	facturxName   = "factur-x.xml"
	xrechnungName = "xrechnung.xml"
	// MaxInvoiceXML bounds the invoice's XML, given or rendered, and its
	// template.
	MaxInvoiceXML = 1 << 20
	// ciiNamespace is the namespace of a CII invoice's root element,
	// rsm:CrossIndustryInvoice.
	ciiNamespace = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
	fxNamespace  = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"
)

func (f *FacturX) validate() error {
	if !slices.Contains(FacturXProfiles, f.Profile) {
		return fmt.Errorf("options.pdf.facturx.profile must be one of %s", strings.Join(FacturXProfiles, ", "))
	}
	if (f.XML == "") == (f.XMLTemplate == "") {
		return fmt.Errorf("options.pdf.facturx needs exactly one of xml and xmlTemplate")
	}
	if len(f.XML) > MaxInvoiceXML || len(f.XMLTemplate) > MaxInvoiceXML {
		return fmt.Errorf("options.pdf.facturx.xml and xmlTemplate must be at most %d bytes", MaxInvoiceXML)
	}
	return nil
}

// relationship is the invoice's /AFRelationship: the XML is the invoice
// itself (Alternative), except in the profiles too small to be one (Data).
func (f *FacturX) relationship() string {
	if f.Profile == "MINIMUM" || f.Profile == "BASIC WL" {
		return "Data"
	}
	return "Alternative"
}

// FileName is the name of the embedded invoice, which fx:DocumentFileName
// repeats: xrechnung.xml for the XRECHNUNG profile (ZUGFeRD 2.1 and
// later), factur-x.xml for every other.
func (f *FacturX) FileName() string {
	if f.Profile == "XRECHNUNG" {
		return xrechnungName
	}
	return facturxName
}

func (f *FacturX) attachment() Attachment {
	return Attachment{
		Name: f.FileName(), ContentType: "text/xml", Content: []byte(f.XML),
		Relationship: f.relationship(), Description: "Factur-X invoice (" + f.Profile + ")",
	}
}

// InvoiceError is XML that is not a CII invoice; Line is where, from 1.
type InvoiceError struct {
	Line int
	Msg  string
}

func (e *InvoiceError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// guidelines are the specification identifiers (BT-24) of each profile's
// invoices; XRECHNUNG's ends in the XRechnung version.
var guidelines = map[string]string{
	"MINIMUM":   "urn:factur-x.eu:1p0:minimum",
	"BASIC WL":  "urn:factur-x.eu:1p0:basicwl",
	"BASIC":     "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
	"EN 16931":  "urn:cen.eu:en16931:2017",
	"EXTENDED":  "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
	"XRECHNUNG": "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_",
}

// guidelinePath is where a CII invoice names its specification.
var guidelinePath = []string{"CrossIndustryInvoice", "ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID"}

// CheckInvoice reports whether doc is well-formed XML whose root element
// is rsm:CrossIndustryInvoice of the CII namespace and whose
// specification identifier (GuidelineSpecifiedDocumentContextParameter)
// is the profile's, with an *InvoiceError naming the line when it is not.
// It does not validate the invoice against the Factur-X schemas or the
// EN 16931 rules.
func CheckInvoice(doc, profile string) error {
	if len(doc) > MaxInvoiceXML {
		return &InvoiceError{Line: 1, Msg: fmt.Sprintf("the invoice XML is over %d bytes", MaxInvoiceXML)}
	}
	dec := xml.NewDecoder(strings.NewReader(doc))
	dec.Strict = true
	var path []string
	root, guideline, guidelineLine := false, "", 0
	for {
		tok, err := dec.Token()
		line, _ := dec.InputPos()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return &InvoiceError{Line: se.Line, Msg: "the invoice XML is not well formed: " + se.Msg}
			}
			return &InvoiceError{Line: line, Msg: "the invoice XML is not well formed: " + err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(path) == 0 {
				if root {
					return &InvoiceError{Line: line, Msg: "the invoice XML has a second root element"}
				}
				root = true
				if t.Name.Local != "CrossIndustryInvoice" || t.Name.Space != ciiNamespace {
					return &InvoiceError{Line: line, Msg: fmt.Sprintf(
						"the root element is %s, not rsm:CrossIndustryInvoice of namespace %s", qname(t.Name), ciiNamespace)}
				}
			}
			path = append(path, t.Name.Local)
			if slices.Equal(path, guidelinePath) {
				guidelineLine = line
			}
		case xml.EndElement:
			path = path[:len(path)-1]
		case xml.CharData:
			if len(path) == 0 && len(bytes.TrimSpace(t)) > 0 {
				return &InvoiceError{Line: line, Msg: "the invoice XML has text outside its root element"}
			}
			if slices.Equal(path, guidelinePath) {
				guideline += string(t)
			}
		case xml.Directive:
			// An invoice has no DTD, whose entities could expand
			// without bound.
			return &InvoiceError{Line: line, Msg: "the invoice XML may not have a DOCTYPE"}
		}
	}
	line, _ := dec.InputPos()
	if !root {
		return &InvoiceError{Line: line, Msg: "the invoice XML has no root element"}
	}
	want := guidelines[profile]
	guideline = strings.TrimSpace(guideline)
	switch {
	case guidelineLine == 0:
		return &InvoiceError{Line: 1, Msg: "the invoice has no ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID (its specification, " + want + " for " + profile + ")"}
	case guideline != want && !(profile == "XRECHNUNG" && strings.HasPrefix(guideline, want)):
		return &InvoiceError{Line: guidelineLine, Msg: fmt.Sprintf("the invoice's specification is %q, not %s's %q", guideline, profile, want)}
	}
	return nil
}

func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local + " (no namespace)"
	}
	return n.Local + " of namespace " + n.Space
}
