package pdf

import (
	"bufio"
	"bytes"
	"context"
	"crypto/md5"
	"crypto/sha256"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Doc is one document of a merge: the index its opener takes and the
// title of its bookmark.
type Doc struct {
	Index int
	Title string
}

// Opener opens one document of a merge by its index. It is how a merge
// reads from any store (files, object storage) without knowing which; the
// merge closes what it returns.
type Opener func(ctx context.Context, index int) (io.ReadCloser, error)

// MaxDocBytes bounds one document read by a merge, which holds one at a
// time in memory.
const MaxDocBytes = 256 << 20

// Objects of the merged document with fixed numbers; the objects of the
// documents merged follow.
const (
	objCatalog  = 1
	objPages    = 2
	objOutlines = 3
	objInfo     = 4
	objEncrypt  = 5
	firstFree   = 6
	// kidsPerNode bounds a node of the page tree, so a viewer finds page
	// 90,000 without reading one array of 100,000 references.
	kidsPerNode = 128
)

// Merge writes one PDF of docs, in their order, to w, with a bookmark per
// document at its first page, and returns its page count. It reads one
// document at a time and writes its objects out at once, so what it keeps
// is a few numbers per object and page, not the documents: memory grows
// with the largest document, not with the batch. The documents are read
// (decrypted) with o's passwords; the merged one gets o's metadata and, if
// o has a password, the same encryption. o may be nil. A stream equal to
// one already written (a logo on every record) is written once and
// referred to (see share.go).
func Merge(ctx context.Context, w io.Writer, docs []Doc, open Opener, o *Options) (int, error) {
	if o == nil {
		o = &Options{}
	}
	m := &merger{bw: bufio.NewWriterSize(w, 256<<10), next: firstFree, offsets: make([]int64, firstFree),
		shared: map[[sha256.Size]byte]int{}}
	if o.Password != nil {
		m.crypt = newCrypt(o)
	}
	m.writeString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	for _, d := range docs {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if err := m.add(ctx, d, open, o); err != nil {
			return 0, fmt.Errorf("merge document %d: %w", d.Index, err)
		}
	}
	if err := m.finish(o); err != nil {
		return 0, err
	}
	return m.pages, nil
}

type merger struct {
	bw      *bufio.Writer
	off     int64
	err     error
	offsets []int64 // of each object, by number; 0 for the free object 0
	next    int     // the next object number
	crypt   *crypt  // nil: not encrypted
	// shared is the object number of each stream written, by its key
	// (see share.go), so that an equal one is referred to, not written.
	shared map[[sha256.Size]byte]int
	keys   map[int]objKey // of the document being copied, by its object number

	pages    int
	node     int   // the page tree node taking pages now
	nodeKids []int // its pages
	nodes    []int // every node, in order

	dests []namedDest // every document's named destinations, renamed

	item     *outlineItem // the last bookmark, written when the next is known
	items    int
	first    int // the first bookmark's object
	lastItem int
}

type namedDest struct{ name, dest string }

type outlineItem struct {
	num, prev, page int
	title           string
}

func (m *merger) writeString(s string) {
	if m.err != nil {
		return
	}
	n, err := m.bw.WriteString(s)
	m.off += int64(n)
	m.err = err
}

func (m *merger) write(b []byte) {
	if m.err != nil {
		return
	}
	n, err := m.bw.Write(b)
	m.off += int64(n)
	m.err = err
}

func (m *merger) alloc() int {
	n := m.next
	m.next++
	m.offsets = append(m.offsets, 0)
	return n
}

// object writes object num: a dict, array or other object, or a stream.
func (m *merger) object(num int, obj types.Object) {
	m.offsets[num] = m.off
	m.writeString(strconv.Itoa(num) + " 0 obj\n")
	if sd, ok := obj.(types.StreamDict); ok {
		raw := sd.Raw
		if m.crypt != nil {
			raw = m.crypt.encrypt(raw)
		}
		sd.Dict["Length"] = types.Integer(len(raw)) // a copy: see copier.copy
		m.writeString(sd.Dict.PDFString())
		m.writeString("\nstream\n")
		m.write(raw)
		m.writeString("\nendstream")
	} else if obj == nil {
		m.writeString("null")
	} else {
		m.writeString(obj.PDFString())
	}
	m.writeString("\nendobj\n")
}

// add copies one document's pages, and every object they reach, into the
// merged document.
func (m *merger) add(ctx context.Context, d Doc, open Opener, o *Options) (err error) {
	defer recoverTo(&err)
	rc, err := open(ctx, d.Index)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(io.LimitReader(rc, MaxDocBytes+1))
	rc.Close()
	if err != nil {
		return err
	}
	if len(body) > MaxDocBytes {
		return fmt.Errorf("the document is over %d bytes", MaxDocBytes)
	}
	src, err := read(bytes.NewReader(body), o)
	if err != nil {
		return err
	}
	c := &copier{m: m, src: src, nums: map[int]int{}, pages: map[int]types.Dict{}, node: map[int]int{},
		prefix: "r" + strconv.Itoa(d.Index) + "."}
	first := 0
	for p := 1; p <= src.PageCount; p++ {
		pd, ir, inh, err := src.PageDict(p, false)
		if err != nil {
			return err
		}
		pd = pd.Clone().(types.Dict)
		if inh != nil {
			inherit(pd, inh)
		}
		num := c.ref(int(ir.ObjectNumber))
		c.pages[int(ir.ObjectNumber)] = pd
		if first == 0 {
			first = num
		}
		m.addPage(num)
		c.node[int(ir.ObjectNumber)] = m.node
	}
	m.keys = map[int]objKey{}
	fresh := c.share()
	if err := c.dests(); err != nil {
		return err
	}
	if err := c.drain(); err != nil {
		return err
	}
	c.rememberWritten(fresh)
	if first != 0 {
		m.addBookmark(d.Title, first)
	}
	return m.err
}

// inherit puts the attributes a page takes from its tree into the page.
func inherit(pd types.Dict, inh *model.InheritedPageAttrs) {
	if _, ok := pd["Resources"]; !ok && inh.Resources != nil {
		pd["Resources"] = inh.Resources
	}
	if _, ok := pd["MediaBox"]; !ok && inh.MediaBox != nil {
		pd["MediaBox"] = inh.MediaBox.Array()
	}
	if _, ok := pd["CropBox"]; !ok && inh.CropBox != nil {
		pd["CropBox"] = inh.CropBox.Array()
	}
	if _, ok := pd["Rotate"]; !ok && inh.Rotate != 0 {
		pd["Rotate"] = types.Integer(inh.Rotate)
	}
}

// addPage puts a page (already numbered) into the page tree.
func (m *merger) addPage(num int) {
	if m.node == 0 || len(m.nodeKids) == kidsPerNode {
		m.closeNode()
		m.node = m.alloc()
		m.nodes = append(m.nodes, m.node)
	}
	m.nodeKids = append(m.nodeKids, num)
	m.pages++
}

func (m *merger) closeNode() {
	if m.node == 0 {
		return
	}
	m.object(m.node, types.Dict{
		"Type": types.Name("Pages"), "Parent": *types.NewIndirectRef(objPages, 0),
		"Kids": refs(m.nodeKids), "Count": types.Integer(len(m.nodeKids)),
	})
	m.nodeKids = m.nodeKids[:0]
}

func refs(nums []int) types.Array {
	a := make(types.Array, len(nums))
	for i, n := range nums {
		a[i] = *types.NewIndirectRef(n, 0)
	}
	return a
}

// addBookmark adds an outline item pointing at page; the one before it is
// written now that its next is known.
func (m *merger) addBookmark(title string, page int) {
	it := &outlineItem{num: m.alloc(), page: page, title: title}
	if m.item != nil {
		it.prev = m.item.num
		m.writeItem(m.item, it.num)
	} else {
		m.first = it.num
	}
	m.item = it
	m.items++
}

func (m *merger) writeItem(it *outlineItem, next int) {
	d := types.Dict{
		"Title":  m.text(it.title),
		"Parent": *types.NewIndirectRef(objOutlines, 0),
		"Dest":   types.Array{*types.NewIndirectRef(it.page, 0), types.Name("Fit")},
	}
	if it.prev != 0 {
		d["Prev"] = *types.NewIndirectRef(it.prev, 0)
	}
	if next != 0 {
		d["Next"] = *types.NewIndirectRef(next, 0)
	}
	m.object(it.num, d)
	m.lastItem = it.num
}

// text is a text string, encrypted when the document is.
func (m *merger) text(s string) types.Object {
	b := []byte(types.EncodeUTF16String(s))
	if m.crypt != nil {
		b = m.crypt.encrypt(b)
	}
	return types.NewHexLiteral(b)
}

// finish writes the page tree's root, the outline, the catalog, the
// document information, the encryption dictionary, then the
// cross-reference table and the trailer.
func (m *merger) finish(o *Options) error {
	m.closeNode()
	if m.item != nil {
		m.writeItem(m.item, 0)
	}
	m.object(objPages, types.Dict{"Type": types.Name("Pages"), "Kids": refs(m.nodes), "Count": types.Integer(m.pages)})
	outlines := types.Dict{"Type": types.Name("Outlines"), "Count": types.Integer(m.items)}
	if m.items > 0 {
		outlines["First"] = *types.NewIndirectRef(m.first, 0)
		outlines["Last"] = *types.NewIndirectRef(m.lastItem, 0)
	}
	m.object(objOutlines, outlines)
	catalog := types.Dict{
		"Type": types.Name("Catalog"), "Pages": *types.NewIndirectRef(objPages, 0),
		"Outlines": *types.NewIndirectRef(objOutlines, 0), "PageMode": types.Name("UseOutlines"),
	}
	if len(m.dests) > 0 {
		num := m.alloc()
		m.offsets[num] = m.off
		m.writeString(strconv.Itoa(num) + " 0 obj\n<<")
		for _, d := range m.dests {
			m.writeString(types.Name(d.name).PDFString() + " " + d.dest + "\n")
		}
		m.writeString(">>\nendobj\n")
		catalog["Dests"] = *types.NewIndirectRef(num, 0)
	}
	at := time.Now()
	if part := o.archival(); part != "" {
		m.archive(o, part, catalog, at)
	}
	m.object(objCatalog, catalog)
	now := types.DateString(at)
	info := types.Dict{"Producer": m.text(Producer), "CreationDate": m.text(now), "ModDate": m.text(now)}
	for _, f := range []struct{ key, v string }{
		{"Title", o.Title}, {"Author", o.Author}, {"Subject", o.Subject}, {"Keywords", o.Keywords},
	} {
		if f.v != "" {
			info[f.key] = m.text(f.v)
		}
	}
	m.object(objInfo, info)
	id := md5.Sum([]byte(now + strconv.Itoa(m.pages) + strconv.FormatInt(m.off, 10)))
	if m.crypt != nil {
		id = m.crypt.id
		m.object(objEncrypt, m.crypt.dict())
	} else {
		m.object(objEncrypt, nil) // keeps the numbers dense
	}

	xref := m.off
	m.writeString("xref\n0 " + strconv.Itoa(len(m.offsets)) + "\n0000000000 65535 f \n")
	for _, off := range m.offsets[1:] {
		m.writeString(fmt.Sprintf("%010d 00000 n \n", off))
	}
	trailer := types.Dict{
		"Size": types.Integer(len(m.offsets)), "Root": *types.NewIndirectRef(objCatalog, 0),
		"Info": *types.NewIndirectRef(objInfo, 0),
		"ID":   types.Array{types.NewHexLiteral(id[:]), types.NewHexLiteral(id[:])},
	}
	if m.crypt != nil {
		trailer["Encrypt"] = *types.NewIndirectRef(objEncrypt, 0)
	}
	m.writeString("trailer\n" + trailer.PDFString() + "\nstartxref\n" + strconv.FormatInt(xref, 10) + "\n%%EOF\n")
	if m.err != nil {
		return m.err
	}
	return m.bw.Flush()
}
