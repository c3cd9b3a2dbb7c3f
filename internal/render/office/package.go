package office

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
)

// maxPartRead bounds what is read of a package's part that names its kind.
const maxPartRead = 1 << 20

// checkPackage looks inside an OOXML or ODF package for what says which
// kind of document it is: [Content_Types].xml's main part (OOXML) or the
// mimetype file (ODF). LibreOffice would open a .docx sent as .xlsx as an
// empty spreadsheet, without a word: the tenant is told instead. Only the
// ZIP's directory and that one small part are read.
func checkPackage(f format, in []byte) error {
	if f.part == "" {
		return nil
	}
	refuse := func(why string) error {
		return paprika.Errorf(paprika.CodeTemplateError, "the file is not a %s document: %s", f.name, why)
	}
	zr, err := zip.NewReader(bytes.NewReader(in), int64(len(in)))
	if err != nil {
		return refuse("it is not a readable ZIP package (" + err.Error() + ")")
	}
	for _, zf := range zr.File {
		if zf.Name != f.part {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return refuse("its " + f.part + " cannot be read (" + err.Error() + ")")
		}
		b, err := io.ReadAll(io.LimitReader(rc, maxPartRead))
		_ = rc.Close()
		if err != nil {
			return refuse("its " + f.part + " cannot be read (" + err.Error() + ")")
		}
		if !strings.Contains(string(b), f.marker) {
			return refuse("its " + f.part + " says it is another kind of document")
		}
		return nil
	}
	return refuse("it has no " + f.part)
}
