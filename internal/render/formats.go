package render

import (
	"context"

	"github.com/chromedp/cdproto/page"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

// errSpool is a print that the server could not hold on its way from
// Chromium (its temporary directory full, say): the service's failure,
// not the page's nor Chromium's, so not counted toward restarting it.
var errSpool = &paprika.Error{Code: paprika.CodeRenderFailed, Message: "the printed document could not be held on the server's temporary disk (a failure of the service)"}

// renderOn renders html in a tab in the input's format.
// assetBudget is the bytes of assets its page may be served (assetBytes).
func renderOn(ctx context.Context, tab *chromium.Tab, in Input, html string, assetBudget int64) (*Output, error) {
	p := chromium.Page{HTML: html, Scripts: chromium.HasScripts(html), WaitFor: in.Options.WaitFor,
		Check: accessibilityCheck(in.Options), Assets: in.Assets, AssetBytes: assetBudget}
	if in.Format == FormatPNG {
		width := in.Options.Width
		if width == 0 {
			width = DefaultWidth
		}
		body, err := tab.PNG(ctx, p, width)
		if err != nil {
			return nil, err
		}
		return &Output{Body: body, ContentType: "image/png", Pages: 1}, nil
	}
	sp := newSpool()
	defer sp.Close()
	if _, err := tab.PrintTo(ctx, p, in.Options.printParams(), sp); err != nil {
		if sp.werr != nil {
			return nil, errSpool
		}
		return nil, err
	}
	body, err := sp.Bytes()
	if err != nil {
		return nil, errSpool
	}
	return &Output{Body: body, ContentType: "application/pdf", Pages: chromium.CountPages(body)}, nil
}

// printParams are Page.printToPDF's parameters for validated options.
func (o Options) printParams() page.PrintToPDFParams {
	l, _ := o.pdfLayout() // validated by Render
	p := page.PrintToPDFParams{
		PrintBackground: new(o.PrintBackground == nil || *o.PrintBackground),
		Scale:           1,
		PaperWidth:      l.width,
		PaperHeight:     l.height,
		MarginTop:       l.top,
		MarginRight:     l.right,
		MarginBottom:    l.bottom,
		MarginLeft:      l.left,
		PageRanges:      o.PageRanges,
	}
	if o.Scale != nil {
		p.Scale = *o.Scale
	}
	if o.PDF.Accessible() {
		// A structure tree of the page's accessibility tree: headings,
		// paragraphs, tables, figures with their alt text.
		p.GenerateTaggedPDF = new(true)
	}
	if o.PDF != nil && o.PDF.Outline {
		p.GenerateDocumentOutline = new(true)
	}
	if o.HeaderTemplate != "" || o.FooterTemplate != "" {
		// Chromium prints its own header (date, title) or footer (URL,
		// page) where a template is missing; an empty span prints nothing.
		p.DisplayHeaderFooter = new(true)
		p.HeaderTemplate, p.FooterTemplate = o.HeaderTemplate, o.FooterTemplate
		if p.HeaderTemplate == "" {
			p.HeaderTemplate = "<span></span>"
		}
		if p.FooterTemplate == "" {
			p.FooterTemplate = "<span></span>"
		}
	}
	return p
}
