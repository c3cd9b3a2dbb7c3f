// Package pdf finishes the PDFs Chromium prints, after the tab is done:
// document metadata, a text watermark on every page, AES-256 encryption
// with permissions (docs/rendering.md), and the merge of a batch's records into one
// document with a bookmark per record, streamed with bounded memory.
//
// It is built on github.com/pdfcpu/pdfcpu (pure Go, Apache-2.0, maintained
// since 2017): its api package reads and writes whole documents on an
// io.ReadSeeker, which is what one record is. The merge writes its own
// file structure around the objects pdfcpu reads, one record at a time,
// because pdfcpu's merge keeps every merged document in memory.
//
// It also makes documents that pass audits (docs/rendering.md): PDF/A-2b
// and PDF/A-3b (pdfa.go, xmp.go, icc.go), PDF/UA-1 (the marks of a
// document Chromium tagged; the render package checks the page first),
// attachments as associated files (attach.go) and Factur-X invoices
// (facturx.go), in the same one read and one write, before encryption.
package pdf
