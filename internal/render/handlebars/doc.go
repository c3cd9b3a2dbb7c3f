// Package handlebars is Paprika's template language: Handlebars (raymond,
// its parser vendored in internal/hbsparse with bounds of its own) with the
// helpers of docs/templates.md — numbers, dates, currencies, barcodes and
// QR codes drawn as SVG, assets — and the limits that keep one tenant's
// template from holding a process: its size, its depth, its output and the
// work it may do. Compile gives a template (cached per process), Exec runs
// it on a document's data; every failure is a *paprika.Error with Code
// template-error naming the line the tenant wrote.
//
// It knows nothing of browsers or PDFs: the pipeline (internal/render)
// gives its output to an engine.
package handlebars
