package docx

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"maps"
	"regexp"
	"slices"
)

// mainPart is the entry every Word document has.
const mainPart = "word/document.xml"

// archive is a .docx opened within bounds: its entries in order and the
// decompressed XML of the parts to fill.
type archive struct {
	d     *dialect
	zr    *zip.Reader
	order []string
	parts map[string][]byte
	// package holds the entries that say what the others are (content
	// types, relationships), which placing an image changes.
	pkg map[string][]byte
}

// packagePart matches the entries of archive.pkg.
var packagePart = regexp.MustCompile(`^(\[Content_Types\]\.xml|word/_rels/[^/]+\.rels)$`)

// openArchive opens doc as a zip and decompresses the parts to fill. It
// inflates every entry once, into a discarding counter for those it does
// not fill, so that a bomb hidden in any entry (its declared size a lie
// or not) is refused within MaxUncompressed bytes.
func openArchive(doc []byte, lim Limits) (*archive, error) {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return nil, errorf("the document is not a Word document (.docx) or an OpenDocument text (.odt): it does not open as a zip archive (%v)", err)
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, errorf("the document has %d entries in its archive, past the limit of %d", len(zr.File), lim.MaxEntries)
	}
	var declared uint64
	names := map[string]*zip.File{}
	for _, f := range zr.File {
		declared += f.UncompressedSize64
		names[f.Name] = f
	}
	if err := checkSize(declared, len(doc), lim); err != nil {
		return nil, err
	}
	a := &archive{zr: zr, parts: map[string][]byte{}, pkg: map[string][]byte{}}
	switch {
	case names[docx.mainPart] != nil:
		a.d = docx
	case names[odt.mainPart] != nil && names["mimetype"] != nil:
		var mime bytes.Buffer
		if _, err := inflate(names["mimetype"], &mime, 256); err != nil {
			return nil, err
		}
		if mime.String() != odtMime {
			return nil, errorf("the document is not an OpenDocument text (.odt) but %.100q", mime.String())
		}
		a.d = odt
	default:
		return nil, errorf("the document is not a Word document (.docx, with %s) or an OpenDocument text (.odt)", docx.mainPart)
	}
	remaining := lim.MaxUncompressed
	for _, f := range zr.File {
		a.order = append(a.order, f.Name)
		if f.FileInfo().IsDir() {
			continue
		}
		fill := a.d.parts.MatchString(f.Name)
		keep := fill || packagePart.MatchString(f.Name)
		if _, dup := a.parts[f.Name]; dup && fill {
			return nil, errorf("the document's archive holds %s twice", f.Name)
		}
		var buf bytes.Buffer
		var w io.Writer = io.Discard
		if keep {
			w = &buf
		}
		n, err := inflate(f, w, remaining)
		if err != nil {
			return nil, err
		}
		remaining -= n
		if err := checkSize(uint64(lim.MaxUncompressed-remaining), len(doc), lim); err != nil {
			return nil, err
		}
		if fill {
			a.parts[f.Name] = buf.Bytes()
		} else if keep {
			a.pkg[f.Name] = buf.Bytes()
		}
	}
	return a, nil
}

// checkSize refuses n decompressed bytes from an archive of size bytes
// past MaxUncompressed or MaxRatio.
func checkSize(n uint64, size int, lim Limits) error {
	if n > uint64(lim.MaxUncompressed) {
		return errorf("the document decompresses to more than the limit of %d MiB", lim.MaxUncompressed>>20)
	}
	if n > 1<<20 && n > uint64(size)*uint64(lim.MaxRatio) {
		return errorf("the document decompresses to more than %d times its size (a zip bomb?)", lim.MaxRatio)
	}
	return nil
}

// errBomb is an entry inflating past what is left of the budget.
var errBomb = errors.New("past the budget")

// inflate copies f's decompressed bytes to w, at most max of them.
func inflate(f *zip.File, w io.Writer, max int64) (int64, error) {
	rc, err := f.Open()
	if err != nil {
		return 0, errorf("the document's entry %q cannot be read: %v", f.Name, err)
	}
	defer rc.Close()
	n, err := io.Copy(w, io.LimitReader(rc, max+1))
	if err == nil && n > max {
		err = errBomb
	}
	if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) {
		// archive/zip stops an entry at the size it declares: a bomb
		// that lies about its size ends here.
		return n, errorf("the document's entry %q does not decompress to the size its archive declares (a zip bomb?)", f.Name)
	}
	if errors.Is(err, errBomb) {
		return n, errorf("the document decompresses to more than the limit (its entry %q alone is larger than what is left)", f.Name)
	}
	if err != nil {
		return n, errorf("the document's entry %q cannot be read: %v", f.Name, err)
	}
	return n, nil
}

// write returns the archive with the filled entries in place of theirs
// (deflated anew), every other entry copied as it was, compressed, and
// the added entries (in name order) after them.
func (a *archive) write(filled, added map[string][]byte) ([]byte, error) {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	put := func(name string, body []byte) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: a.zr.File[0].Modified})
		if err != nil {
			return err
		}
		_, err = w.Write(body)
		return err
	}
	for _, f := range a.zr.File {
		if body, ok := filled[f.Name]; ok {
			if err := put(f.Name, body); err != nil {
				return nil, err
			}
			delete(filled, f.Name) // a second entry of the same name is not filled twice
			continue
		}
		if err := zw.Copy(f); err != nil {
			return nil, errorf("the document's entry %q cannot be copied: %v", f.Name, err)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(added)) {
		if err := put(name, added[name]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
