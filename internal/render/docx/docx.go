// Package docx fills a Word document (.docx), or an OpenDocument text
// (.odt), with the Handlebars tags of its text, however the editor split
// them into runs, and returns the filled document. It turns the XML of
// each part that carries text into one template whose output is the
// filled XML, so that tags, helpers and the limits of a render are those
// of every template: the template language itself is the caller's
// Executor.
//
// The document is untrusted: its archive, its XML and what its tags do are
// bounded (Limits), and every refusal is a *paprika.Error with code
// template-error.
package docx

import (
	"context"
	"encoding/json"
)

// Executor runs a template source on JSON data and returns its output:
// the template language of HTML templates (render.ExecTemplate), with its
// helpers and limits. Values printed with {{x}} come out HTML-escaped.
type Executor interface {
	Exec(ctx context.Context, src string, data json.RawMessage) (string, error)
}

// ExecutorFunc adapts a function to Executor.
type ExecutorFunc func(ctx context.Context, src string, data json.RawMessage) (string, error)

// Exec calls f.
func (f ExecutorFunc) Exec(ctx context.Context, src string, data json.RawMessage) (string, error) {
	return f(ctx, src, data)
}

// Limits bound what one document may make Fill do. A zero field takes its
// default (DefaultLimits).
type Limits struct {
	// MaxUncompressed bounds the bytes of all the archive's entries once
	// decompressed (a zip bomb is refused before it is inflated).
	MaxUncompressed int64
	// MaxEntries bounds the number of entries in the archive.
	MaxEntries int
	// MaxRatio bounds how many times larger the entries are, decompressed,
	// than the archive (past 1 MiB decompressed).
	MaxRatio int64
	// MaxDepth bounds how deep the XML of a part nests.
	MaxDepth int
	// MaxOutput bounds the bytes of the filled XML of all parts and of
	// the images placed: rows and paragraphs repeated by loops count here.
	MaxOutput int64
}

// DefaultLimits are the bounds a Word template gets unless told otherwise
// (read only).
// Word itself nests its XML a few dozen levels deep; documents of hundreds
// of pages are a few MiB of XML.
var DefaultLimits = Limits{
	MaxUncompressed: 64 << 20,
	MaxEntries:      2000,
	MaxRatio:        100,
	MaxDepth:        256,
	MaxOutput:       64 << 20,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxUncompressed > 0 {
		d.MaxUncompressed = l.MaxUncompressed
	}
	if l.MaxEntries > 0 {
		d.MaxEntries = l.MaxEntries
	}
	if l.MaxRatio > 0 {
		d.MaxRatio = l.MaxRatio
	}
	if l.MaxDepth > 0 {
		d.MaxDepth = l.MaxDepth
	}
	if l.MaxOutput > 0 {
		d.MaxOutput = l.MaxOutput
	}
	return d
}

// Options are what Fill takes besides the document and its data.
type Options struct {
	Limits Limits
	// Assets gives the images that {{image "name"}} tags place; without
	// it, an image tag is an error.
	Assets Assets
}

// Fill returns doc, a .docx or an .odt, with the tags of its body,
// headers, footers, footnotes and endnotes run on data by exec. Entries it
// does not fill (styles, images, fonts) are copied as they are, still
// compressed.
func Fill(ctx context.Context, exec Executor, doc []byte, data json.RawMessage, opts Options) ([]byte, error) {
	lim := opts.Limits.withDefaults()
	a, err := openArchive(doc, lim)
	if err != nil {
		return nil, err
	}
	budget := lim.MaxOutput
	im := newImager(opts.Assets, a)
	filled := make(map[string][]byte, len(a.parts))
	for _, name := range a.order {
		src, ok := a.parts[name]
		if !ok {
			continue
		}
		out, err := fillPart(ctx, exec, im, a.d, name, src, data, lim.MaxDepth, &budget)
		if err != nil {
			return nil, err
		}
		filled[name] = out
	}
	return a.write(filled, im.finish(filled))
}

// Check reports whether doc opens as a Word template whose tags can be
// placed, without running them: what a template is held to when it is
// stored.
func Check(doc []byte, lim Limits) error {
	lim = lim.withDefaults()
	a, err := openArchive(doc, lim)
	if err != nil {
		return err
	}
	for _, name := range a.order {
		if src, ok := a.parts[name]; ok {
			if _, err := skeletonOf(a.d, name, src, lim.MaxDepth); err != nil {
				return err
			}
		}
	}
	return nil
}
