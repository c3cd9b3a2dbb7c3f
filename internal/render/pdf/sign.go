package pdf

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Signature is options.pdf.signature: sign the finished document with
// the tenant's stored certificate of that name (see docs/rendering.md,
// "Signed documents"). Reason, Location and ContactInfo are shown by
// readers beside the signature.
type Signature struct {
	Certificate string `json:"certificate"`
	Reason      string `json:"reason,omitempty"`
	Location    string `json:"location,omitempty"`
	ContactInfo string `json:"contactInfo,omitempty"`
}

// CertificateName is the shape of a stored certificate's name.
var CertificateName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$`)

const maxSignatureText = 1 << 10

func (s *Signature) validate(o *Options) error {
	if o.Password != nil {
		return errors.New("options.pdf.signature and options.pdf.password cannot be combined: a signed document is not encrypted here")
	}
	if s.Certificate == "" {
		return errors.New("options.pdf.signature.certificate is required: the name of a stored certificate (PUT /v1/certificates/{name})")
	}
	if !CertificateName.MatchString(s.Certificate) {
		return errors.New("options.pdf.signature.certificate is a certificate name: 1 to 128 of A-Z, a-z, 0-9, _, . and -, starting with a letter or digit")
	}
	for _, f := range []struct{ name, v string }{{"reason", s.Reason}, {"location", s.Location}, {"contactInfo", s.ContactInfo}} {
		if len(f.v) > maxSignatureText {
			return fmt.Errorf("options.pdf.signature.%s must be at most %d bytes", f.name, maxSignatureText)
		}
		if !utf8.ValidString(f.v) {
			return fmt.Errorf("options.pdf.signature.%s must be valid UTF-8", f.name)
		}
	}
	return nil
}

// Sign signs a finished PDF with k at the time at: PAdES B-B (ETSI EN
// 319 142-1), a CMS detached signature (SubFilter ETSI.CAdES.detached)
// over the whole file but the signature's own /Contents, with SHA-256
// and the ESS signing-certificate-v2 attribute. It appends an
// incremental update, so the bytes before it (watermark, metadata, PDF/A,
// attachments) stay as they were: an invisible signature field and its
// widget on the first page, the catalog's /AcroForm with /SigFlags 3, and
// the signature dictionary, whose /Contents is filled once the rest is
// hashed.
func Sign(doc []byte, k *paprika.SigningKey, s *Signature, at time.Time) (_ []byte, err error) {
	defer recoverTo(&err)
	ctx, err := read(bytes.NewReader(doc), nil)
	if err != nil {
		return nil, err
	}
	if ctx.Encrypt != nil {
		return nil, errors.New("sign: the document is encrypted")
	}
	prev, classic, err := lastXref(doc)
	if err != nil {
		return nil, err
	}
	if ctx.Root == nil || ctx.Size == nil {
		return nil, errors.New("sign: the document has no catalog or no trailer /Size")
	}
	page, pageRef, _, err := ctx.PageDict(1, false)
	if err != nil || pageRef == nil {
		return nil, fmt.Errorf("sign: first page: %v", err)
	}
	size := *ctx.Size
	sigNum, fieldNum := size, size+1

	root := ctx.RootDict.Clone().(types.Dict)
	form := types.NewDict()
	if d, err := ctx.DereferenceDict(root["AcroForm"]); err == nil && d != nil {
		form = d.Clone().(types.Dict)
	}
	fields := types.Array{}
	if a, err := ctx.DereferenceArray(form["Fields"]); err == nil {
		fields = slices.Clone(a)
	}
	name := fieldName(ctx, fields)
	fields = append(fields, *types.NewIndirectRef(fieldNum, 0))
	form["Fields"] = fields
	form["SigFlags"] = types.Integer(3) // SignaturesExist | AppendOnly
	root["AcroForm"] = form

	page = page.Clone().(types.Dict)
	annots := types.Array{}
	if a, err := ctx.DereferenceArray(page["Annots"]); err == nil {
		annots = slices.Clone(a)
	}
	page["Annots"] = append(annots, *types.NewIndirectRef(fieldNum, 0))

	var u update
	u.buf = slices.Grow(slices.Clone(doc), 8<<10+2*cmsReserve(k))
	if u.buf[len(u.buf)-1] != '\n' {
		u.buf = append(u.buf, '\n')
	}
	u.object(ctx.Root.ObjectNumber.Value(), ctx.Root.GenerationNumber.Value(), root.PDFString())
	u.object(pageRef.ObjectNumber.Value(), pageRef.GenerationNumber.Value(), page.PDFString())

	// The signature dictionary, its /ByteRange and /Contents placeholders
	// filled below.
	u.start(sigNum)
	u.buf = append(u.buf, "<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached/ByteRange["...)
	rangeAt := len(u.buf)
	u.buf = append(u.buf, bytes.Repeat([]byte(" "), byteRangeWidth)...)
	u.buf = append(u.buf, "]/Contents"...)
	holeStart := len(u.buf)
	u.buf = append(u.buf, '<')
	u.buf = append(u.buf, bytes.Repeat([]byte("0"), 2*cmsReserve(k))...)
	u.buf = append(u.buf, '>')
	holeEnd := len(u.buf)
	u.buf = append(u.buf, "/M"...)
	u.buf = append(u.buf, types.StringLiteral("D:"+at.UTC().Format("20060102150405")+"Z").PDFString()...)
	for _, f := range []struct{ key, v string }{
		{"Name", k.Certificate.Subject.CommonName}, {"Reason", s.Reason}, {"Location", s.Location}, {"ContactInfo", s.ContactInfo},
	} {
		if f.v != "" {
			u.buf = append(u.buf, "/"+f.key...)
			u.buf = append(u.buf, textString(f.v).PDFString()...)
		}
	}
	u.buf = append(u.buf, ">>"...)
	u.end()

	// The field and its widget, one dictionary: invisible (no area), printed
	// and locked, as PDF/A wants of an annotation without appearance.
	u.object(fieldNum, 0, fmt.Sprintf("<</Type/Annot/Subtype/Widget/FT/Sig/T%s/V %d 0 R/F 132/Rect[0 0 0 0]/P %s>>",
		textString(name).PDFString(), sigNum, pageRef.PDFString()))

	trailer := types.NewDict()
	trailer["Root"] = *ctx.Root
	if ctx.Info != nil {
		trailer["Info"] = *ctx.Info
	}
	if len(ctx.ID) == 2 {
		trailer["ID"] = ctx.ID
	}
	trailer["Prev"] = types.Integer(prev)
	if classic {
		u.xrefTable(size+2, trailer)
	} else {
		u.xrefStream(size+2, trailer)
	}

	// The byte range: everything but the hole, up to the end of the file.
	out := u.buf
	br := fmt.Sprintf("0 %d %d %d", holeStart, holeEnd, len(out)-holeEnd)
	if len(br) > byteRangeWidth {
		return nil, errors.New("sign: the document is too large for its byte range")
	}
	copy(out[rangeAt:], br)
	h := sha256.New()
	h.Write(out[:holeStart])
	h.Write(out[holeEnd:])
	cms, err := cmsSignature(h.Sum(nil), k)
	if err != nil {
		return nil, err
	}
	if 2*len(cms) > holeEnd-holeStart-2 {
		return nil, fmt.Errorf("sign: the signature takes %d bytes, more than the %d reserved", len(cms), (holeEnd-holeStart-2)/2)
	}
	hex.Encode(out[holeStart+1:], cms)
	return out, nil
}

// byteRangeWidth is the room for the three numbers of the byte range
// after its 0: enough for files up to 10^12 bytes.
const byteRangeWidth = 40

// fieldName is a field name no field of the form has: Signature1, 2, …
func fieldName(ctx *model.Context, fields types.Array) string {
	taken := map[string]bool{}
	for _, f := range fields {
		if d, err := ctx.DereferenceDict(f); err == nil && d != nil {
			if t, ok := d["T"].(types.StringLiteral); ok {
				taken[t.Value()] = true
			}
			if t, ok := d["T"].(types.HexLiteral); ok {
				if b, err := t.Bytes(); err == nil {
					taken[string(b)] = true
				}
			}
		}
	}
	for i := 1; ; i++ {
		name := "Signature" + strconv.Itoa(i)
		if !taken[name] && !taken[types.EncodeUTF16String(name)] {
			return name
		}
	}
}

// lastXref finds the offset of the document's last cross-reference
// section and whether it is a table (else a stream).
func lastXref(doc []byte) (offset int, classic bool, err error) {
	tail := doc[max(0, len(doc)-1024):]
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return 0, false, errors.New("sign: no startxref")
	}
	f := bytes.Fields(tail[i+len("startxref"):])
	if len(f) == 0 {
		return 0, false, errors.New("sign: no startxref offset")
	}
	offset, err = strconv.Atoi(string(f[0]))
	if err != nil || offset <= 0 || offset >= len(doc) {
		return 0, false, fmt.Errorf("sign: startxref %q", f[0])
	}
	return offset, bytes.HasPrefix(doc[offset:], []byte("xref")), nil
}

// update is an incremental update being written after a document.
type update struct {
	buf     []byte
	offsets map[int]int // object number → offset
	gens    map[int]int
}

func (u *update) start(num int) { u.startGen(num, 0) }

func (u *update) startGen(num, gen int) {
	if u.offsets == nil {
		u.offsets, u.gens = map[int]int{}, map[int]int{}
	}
	u.offsets[num], u.gens[num] = len(u.buf), gen
	u.buf = fmt.Appendf(u.buf, "%d %d obj\n", num, gen)
}

func (u *update) end() { u.buf = append(u.buf, "\nendobj\n"...) }

func (u *update) object(num, gen int, body string) {
	u.startGen(num, gen)
	u.buf = append(u.buf, body...)
	u.end()
}

func (u *update) numbers() []int {
	nums := make([]int, 0, len(u.offsets))
	for n := range u.offsets {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	return nums
}

// xrefTable ends the update with a cross-reference table and trailer.
func (u *update) xrefTable(size int, trailer types.Dict) {
	at := len(u.buf)
	u.buf = append(u.buf, "xref\n"...)
	for _, n := range u.numbers() {
		u.buf = fmt.Appendf(u.buf, "%d 1\n%010d %05d n\r\n", n, u.offsets[n], u.gens[n])
	}
	trailer["Size"] = types.Integer(size)
	u.buf = fmt.Appendf(u.buf, "trailer\n%s\nstartxref\n%d\n%%%%EOF\n", trailer.PDFString(), at)
}

// xrefStream ends the update with a cross-reference stream (of a document
// whose cross-references are streams), uncompressed.
func (u *update) xrefStream(size int, trailer types.Dict) {
	num := size // the stream is an object of the update too
	at := len(u.buf)
	u.offsets[num], u.gens[num] = at, 0
	var index types.Array
	var data []byte
	for _, n := range u.numbers() {
		index = append(index, types.Integer(n), types.Integer(1))
		data = append(data, 1)
		data = binary.BigEndian.AppendUint64(data, uint64(u.offsets[n]))
		data = binary.BigEndian.AppendUint16(data, uint16(u.gens[n]))
	}
	trailer["Type"] = types.Name("XRef")
	trailer["Size"] = types.Integer(size + 1)
	trailer["W"] = types.Array{types.Integer(1), types.Integer(8), types.Integer(2)}
	trailer["Index"] = index
	trailer["Length"] = types.Integer(len(data))
	u.buf = fmt.Appendf(u.buf, "%d 0 obj\n%s\nstream\r\n", num, trailer.PDFString())
	u.buf = append(u.buf, data...)
	u.buf = fmt.Appendf(u.buf, "\r\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", at)
}
