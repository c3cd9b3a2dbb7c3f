package api

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/storage"
)

// maxBookmarkTitle bounds a bookmark's title taken from record data.
const maxBookmarkTitle = 256

// batchOutput answers GET /v1/batches/{id}/output: the ZIP (the default,
// ?as=zip) or one merged PDF (?as=pdf).
func (s *Server) batchOutput(w http.ResponseWriter, r *http.Request) error {
	switch r.URL.Query().Get("as") {
	case "", "zip":
		return s.batchZip(w, r)
	case "pdf":
		return s.batchPDF(w, r)
	default:
		return paprika.BadRequest("as is zip (the default) or pdf")
	}
}

// batchPDF streams every finished record's PDF, in index order, as one
// document with a bookmark per record. The merge reads one record at a
// time, so memory does not grow with the batch; X-Render-Pages is the sum
// of the records' pages, known before the first byte is sent.
func (s *Server) batchPDF(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	p := principal(r)
	b, err := s.store.Batch(r.Context(), p.Tenant.ID, id)
	if err != nil {
		return err
	}
	if b.Format != render.FormatPDF {
		return paprika.BadRequest("as=pdf merges pdf batches; this batch's format is %s (download ?as=zip)", b.Format)
	}
	opts, err := render.DecodeOptions(b.Source.Options)
	if err != nil {
		return err
	}
	field := ""
	if opts.PDF != nil {
		field = opts.PDF.Bookmark
	}
	done, err := s.store.DoneDocuments(r.Context(), p.Tenant.ID, id, field)
	if err != nil {
		return err
	}
	if len(done) == 0 {
		return paprika.Errorf(paprika.CodeNotFound, "Not found: no record of the batch is done yet")
	}
	// A merge costs CPU (about 5 ms a page); as many run at once as the
	// process has render slots, and one more is answered busy rather than
	// slowing every merge and render down.
	select {
	case s.merges <- struct{}{}:
		defer func() { <-s.merges }()
	default:
		s.meters.Busy(p.Tier.Key, metrics.SlotsMerge)
		return &paprika.Error{Code: paprika.CodeBusy, Message: "Busy: every batch PDF merge slot is taken; retry shortly", RetryAfter: 5}
	}
	parts := make([]render.Part, len(done))
	pages := 0
	for i, d := range done {
		parts[i] = render.Part{Index: d.Index, Title: bookmarkTitle(d)}
		pages += d.Pages
	}
	open := func(ctx context.Context, index int) (io.ReadCloser, error) {
		return s.outputs.NewRangeReader(ctx, storage.RecordKey(p.Tenant.ID, id, index, b.Format), 0, -1)
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="batch-`+id.String()+`.pdf"`)
	w.Header().Set("X-Render-Pages", strconv.Itoa(pages))
	w.WriteHeader(http.StatusOK)
	if _, err := render.Merge(r.Context(), w, parts, open, opts.PDF); err != nil {
		// As with the ZIP, the status is sent: the download is cut short.
		if r.Context().Err() != nil {
			panic(http.ErrAbortHandler) // the client went away
		}
		s.log.ErrorContext(r.Context(), "batch pdf cut short", "requestId", requestID(r.Context()), "batch", id, "err", err)
		panic(http.ErrAbortHandler)
	}
	return nil
}

// bookmarkTitle is a record's bookmark: the field named in
// options.pdf.bookmark when the record has it, else "Record N".
func bookmarkTitle(d paprika.DoneDocument) string {
	t := d.Field
	if t == "" {
		return "Record " + strconv.Itoa(d.Index)
	}
	if len(t) > maxBookmarkTitle {
		t = t[:maxBookmarkTitle]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1]
		}
	}
	return t
}
