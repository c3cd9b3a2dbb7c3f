package office

import (
	"bytes"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
)

// format is how LibreOffice reads one kind of file and writes it as PDF.
// The import filter is named, never detected: a file that claims to be a
// .docx is read as one or refused, not opened as whatever its bytes look
// like (plain text, HTML) by LibreOffice's type detection.
type format struct {
	ext    string // "docx"
	name   string // for messages: "DOCX"
	filter string // LibreOffice's import filter
	export string // its PDF export filter, per application
	// service is what a document the filter loaded must be: LibreOffice
	// may still detect another kind (a .docx sent as .xlsx), then refused.
	service string
	magic   []byte // how every such file starts
	what    string // what the magic means, for messages
	// part is the package's part that names its kind, and marker what it
	// holds for this format (package.go); none for RTF.
	part, marker string
}

const (
	writer  = "com.sun.star.text.TextDocument"
	calc    = "com.sun.star.sheet.SpreadsheetDocument"
	impress = "com.sun.star.presentation.PresentationDocument"
)

var (
	zipMagic = []byte("PK\x03\x04")
	rtfMagic = []byte(`{\rtf`)
)

// formats are the files the engine converts, by extension (lower case,
// without the dot).
var formats = map[string]format{
	"docx": {"docx", "DOCX", "MS Word 2007 XML", "writer_pdf_Export", writer, zipMagic, "a ZIP package", "[Content_Types].xml", "wordprocessingml.document.main+xml"},
	"odt":  {"odt", "ODT", "writer8", "writer_pdf_Export", writer, zipMagic, "a ZIP package", "mimetype", "application/vnd.oasis.opendocument.text"},
	"rtf":  {"rtf", "RTF", "Rich Text Format", "writer_pdf_Export", writer, rtfMagic, `text starting {\rtf`, "", ""},
	"xlsx": {"xlsx", "XLSX", "Calc MS Excel 2007 XML", "calc_pdf_Export", calc, zipMagic, "a ZIP package", "[Content_Types].xml", "spreadsheetml.sheet.main+xml"},
	"ods":  {"ods", "ODS", "calc8", "calc_pdf_Export", calc, zipMagic, "a ZIP package", "mimetype", "application/vnd.oasis.opendocument.spreadsheet"},
	"pptx": {"pptx", "PPTX", "Impress MS PowerPoint 2007 XML", "impress_pdf_Export", impress, zipMagic, "a ZIP package", "[Content_Types].xml", "presentationml.presentation.main+xml"},
	"odp":  {"odp", "ODP", "impress8", "impress_pdf_Export", impress, zipMagic, "a ZIP package", "mimetype", "application/vnd.oasis.opendocument.presentation"},
}

// Extensions lists what Convert accepts, for messages and documentation.
func Extensions() []string {
	return []string{"docx", "xlsx", "pptx", "odt", "ods", "odp", "rtf"}
}

// lookup finds the format of ext (".docx" or "docx", any case) and checks
// that in starts as such a file does: the cheap refusal of what is plainly
// not one, before a LibreOffice process is spent on it.
func lookup(ext string, in []byte) (format, error) {
	ext = strings.ToLower(strings.TrimPrefix(ext, "."))
	f, ok := formats[ext]
	if !ok {
		return format{}, paprika.Errorf(paprika.CodeTemplateError,
			"a .%s file cannot be converted to PDF: the Office formats are .%s", ext, strings.Join(Extensions(), ", ."))
	}
	if !bytes.HasPrefix(in, f.magic) {
		return format{}, paprika.Errorf(paprika.CodeTemplateError,
			"the file is not a %s document: a .%s file is %s, and this one is not", f.name, ext, f.what)
	}
	return f, checkPackage(f, in)
}
