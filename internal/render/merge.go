package render

import (
	"context"
	"io"

	"github.com/paprikahq/paprika/internal/render/pdf"
)

// A Part is one finished PDF of a merge: a batch's record, by its index,
// under the bookmark it gets in the merged document's outline.
type Part struct {
	Index int
	Title string
}

// Merge writes the PDFs of parts, read one at a time through open, to w
// as one document with an outline entry per part, with o's options
// applied to the whole (a password, a watermark); identical streams
// (a logo on every record) are stored once. It returns the merged
// document's pages; memory is bounded by the largest part, not the sum.
func Merge(ctx context.Context, w io.Writer, parts []Part, open func(ctx context.Context, index int) (io.ReadCloser, error), o *pdf.Options) (int, error) {
	docs := make([]pdf.Doc, len(parts))
	for i, p := range parts {
		docs[i] = pdf.Doc{Index: p.Index, Title: p.Title}
	}
	return pdf.Merge(ctx, w, docs, open, o)
}
