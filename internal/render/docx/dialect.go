package docx

import "regexp"

// dialect is what Fill needs to know of a document format: which entries
// carry text, which elements are paragraphs, rows and cells, and where the
// text of a paragraph stands.
type dialect struct {
	format   string         // as errors name it
	mainPart string         // the entry every document of the format has
	parts    *regexp.Regexp // the entries whose text is filled
	// kinds are the elements Fill reads, by namespace and local name.
	kinds map[string]map[string]kind
	// charText: a paragraph's text is the character data of the
	// elements of textNS in it (ODF), not that of w:t elements (Word).
	charText bool
	textNS   string
	// paraNS and paraName name an empty paragraph; breakNS and tabNS the
	// namespace of the line break and tab elements.
	paraNS, paraName string
}

const (
	wordML       = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	wordMLStrict = "http://purl.oclc.org/ooxml/wordprocessingml/main"
	odfText      = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
	odfTable     = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
)

var wordKinds = map[string]kind{"p": paragraph, "r": run, "t": text, "tr": row, "tc": cell, "rPr": runProps}

// docx is Office Open XML, as Word writes it.
var docx = &dialect{
	format:   "Word document (.docx)",
	mainPart: "word/document.xml",
	parts:    regexp.MustCompile(`^word/(document|header[0-9]*|footer[0-9]*|footnotes|endnotes)\.xml$`),
	kinds:    map[string]map[string]kind{wordML: wordKinds, wordMLStrict: wordKinds},
	paraNS:   wordML, paraName: "p",
}

// odt is OpenDocument text, as LibreOffice writes it; its headers and
// footers are in styles.xml.
var odt = &dialect{
	format:   "OpenDocument text (.odt)",
	mainPart: "content.xml",
	parts:    regexp.MustCompile(`^(content|styles)\.xml$`),
	kinds: map[string]map[string]kind{
		odfText:  {"p": paragraph, "h": paragraph, "list-item": listItem},
		odfTable: {"table-row": row, "table-cell": cell},
	},
	charText: true,
	textNS:   odfText,
	paraNS:   odfText, paraName: "p",
}

// odtMime is the mimetype entry of an .odt.
const odtMime = "application/vnd.oasis.opendocument.text"
