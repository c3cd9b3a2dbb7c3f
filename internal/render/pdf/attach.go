package pdf

import (
	"crypto/md5"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Attachment is a file embedded in the document, as a PDF/A-3 associated
// file of the document (the catalog's /AF): exactly one of Content (base64
// in JSON) and Text.
type Attachment struct {
	Name         string  `json:"name"`
	ContentType  string  `json:"contentType,omitempty"`
	Content      []byte  `json:"content,omitempty"`
	Text         *string `json:"text,omitempty"`
	Relationship string  `json:"relationship,omitempty"`
	Description  string  `json:"description,omitempty"`
}

// Limits of the attachments of one document. They are held with the
// work's options until it is rendered, so they stay well below the
// request's own limit.
const (
	MaxAttachments      = 20
	MaxAttachmentBytes  = 8 << 20 // all of a document's together
	maxAttachmentName   = 255
	maxAttachmentDesc   = 1 << 10
	defaultContentType  = "application/octet-stream"
	defaultRelationship = "Unspecified"
)

// Relationships are the values of /AFRelationship (ISO 19005-3, 6.8).
var Relationships = []string{"Alternative", "Data", "Source", "Supplement", "Unspecified"}

// contentTypeRE is a MIME type without parameters (RFC 6838 names).
var contentTypeRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$`)

// validateAttachments checks options.pdf.attachments; invoice is the file
// name of the Factur-X invoice, which no attachment may take, or "".
func validateAttachments(as []Attachment, invoice string) error {
	if len(as) > MaxAttachments {
		return fmt.Errorf("options.pdf.attachments may have at most %d files", MaxAttachments)
	}
	total := 0
	names := map[string]bool{}
	for i, a := range as {
		field := fmt.Sprintf("options.pdf.attachments[%d]", i)
		if a.Name == "" {
			return fmt.Errorf("%s.name is required", field)
		}
		if len(a.Name) > maxAttachmentName || !utf8.ValidString(a.Name) ||
			strings.ContainsAny(a.Name, `/\`) || strings.IndexFunc(a.Name, unicode.IsControl) >= 0 || a.Name == "." || a.Name == ".." {
			return fmt.Errorf("%s.name must be a file name of at most %d bytes, without / \\ or control characters", field, maxAttachmentName)
		}
		if names[a.Name] {
			return fmt.Errorf("%s.name %q is given twice", field, a.Name)
		}
		names[a.Name] = true
		if invoice != "" && strings.EqualFold(a.Name, invoice) {
			return fmt.Errorf("%s.name %s is the invoice's, which options.pdf.facturx embeds", field, invoice)
		}
		// An empty content is none (it is not kept): a file of no bytes
		// is a text "".
		if (a.Text == nil) == (len(a.Content) == 0) {
			return fmt.Errorf("%s needs exactly one of content (base64) and text", field)
		}
		if a.Text != nil && !utf8.ValidString(*a.Text) {
			return fmt.Errorf("%s.text must be valid UTF-8", field)
		}
		if a.ContentType != "" && !contentTypeRE.MatchString(a.ContentType) {
			return fmt.Errorf("%s.contentType must be a MIME type like application/xml, without parameters", field)
		}
		if a.Relationship != "" && !slices.Contains(Relationships, a.Relationship) {
			return fmt.Errorf("%s.relationship must be one of %s", field, strings.Join(Relationships, ", "))
		}
		if len(a.Description) > maxAttachmentDesc || !utf8.ValidString(a.Description) {
			return fmt.Errorf("%s.description must be valid UTF-8 of at most %d bytes", field, maxAttachmentDesc)
		}
		total += len(a.bytes())
		if total > MaxAttachmentBytes {
			return fmt.Errorf("options.pdf.attachments hold more than %d bytes together", MaxAttachmentBytes)
		}
	}
	return nil
}

func (a *Attachment) bytes() []byte {
	if a.Text != nil {
		return []byte(*a.Text)
	}
	return a.Content
}

// addAttachments embeds the attachments, and the Factur-X invoice first,
// as associated files of the document: each is in the EmbeddedFiles name
// tree (where every viewer lists it) and in the catalog's /AF array,
// with its /AFRelationship, its MIME type (/Subtype) and its /Params.
func addAttachments(ctx *model.Context, root types.Dict, o *Options, now time.Time) error {
	as := o.Attachments
	if fx := o.FacturX; fx != nil {
		as = append([]Attachment{fx.attachment()}, as...)
	}
	if len(as) == 0 {
		return nil
	}
	if err := ctx.LocateNameTree("EmbeddedFiles", true); err != nil {
		return fmt.Errorf("embedded files: %w", err)
	}
	var af types.Array
	if old, err := ctx.DereferenceArray(root["AF"]); err == nil {
		af = old
	}
	for _, a := range as {
		ir, spec, err := embed(ctx, a, now)
		if err != nil {
			return fmt.Errorf("attachment %q: %w", a.Name, err)
		}
		m := model.NameMap{a.Name: []types.Dict{spec}}
		if err := ctx.Names["EmbeddedFiles"].Add(ctx.XRefTable, a.Name, *ir, m, []string{"F", "UF"}); err != nil {
			return fmt.Errorf("attachment %q: %w", a.Name, err)
		}
		af = append(af, *ir)
	}
	root["AF"] = af
	return nil
}

// embed adds one file's embedded file stream and file specification.
func embed(ctx *model.Context, a Attachment, now time.Time) (*types.IndirectRef, types.Dict, error) {
	body := a.bytes()
	ct, rel := a.ContentType, a.Relationship
	if ct == "" {
		ct = defaultContentType
		if a.Text != nil {
			ct = "text/plain"
		}
	}
	if rel == "" {
		rel = defaultRelationship
	}
	sum := md5.Sum(body)
	sd, err := ctx.NewStreamDictForBuf(body)
	if err != nil {
		return nil, nil, err
	}
	sd.InsertName("Type", "EmbeddedFile")
	sd.Insert("Subtype", types.Name(ct))
	sd.Insert("Params", types.Dict{
		"Size":         types.Integer(len(body)),
		"CreationDate": types.StringLiteral(pdfDate(now)),
		"ModDate":      types.StringLiteral(pdfDate(now)),
		"CheckSum":     types.NewHexLiteral(sum[:]),
	})
	if err := sd.Encode(); err != nil {
		return nil, nil, err
	}
	stream, err := ctx.IndRefForNewObject(*sd)
	if err != nil {
		return nil, nil, err
	}
	spec := types.Dict{
		"Type":           types.Name("Filespec"),
		"F":              textString(a.Name),
		"UF":             textString(a.Name),
		"AFRelationship": types.Name(rel),
		"EF":             types.Dict{"F": *stream, "UF": *stream},
	}
	if a.Description != "" {
		spec["Desc"] = textString(a.Description)
	}
	ir, err := ctx.IndRefForNewObject(spec)
	return ir, spec, err
}
