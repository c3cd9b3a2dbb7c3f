package api

import (
	"archive/zip"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/storage"
)

// redirectExpiry is how long a presigned download URL works (docs/storage.md).
const redirectExpiry = 5 * time.Minute

// serveOutput sends a stored document, streamed from the store, with its
// ETag: Range, If-Range and If-None-Match (304) are answered by
// http.ServeContent. With PAPRIKA_STORAGE_REDIRECT it answers 302 to a
// presigned URL instead.
func (s *Server) serveOutput(w http.ResponseWriter, r *http.Request, key, contentType string) error {
	ctx := r.Context()
	if s.cfg.Storage.Redirect {
		u, err := s.outputs.SignedURL(ctx, key, redirectExpiry)
		if err != nil {
			return s.storeError(r, key, err)
		}
		w.Header().Set("Cache-Control", "no-store") // the URL expires
		http.Redirect(w, r, u, http.StatusFound)
		return nil
	}
	o, err := storage.Open(ctx, s.outputs, key)
	if err != nil {
		return s.storeError(r, key, err)
	}
	defer o.Close()
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("ETag", o.ETag)
	return s.serveStored(w, r, o, o.ModTime, "document", key)
}

// serveStored streams a stored object, with Range and conditional
// requests by http.ServeContent: a range past its end is the error body's
// 416 range-not-satisfiable naming what (document, asset) and its size, and
// a read that fails once the status is sent is logged with key.
func (s *Server) serveStored(w http.ResponseWriter, r *http.Request, body io.ReadSeeker, modTime time.Time, what, key string) error {
	ctx := r.Context()
	w.Header().Set("Accept-Ranges", "bytes")
	rec := &readErr{r: body}
	rw := &rangeWriter{ResponseWriter: w}
	http.ServeContent(rw, r, "", modTime, struct {
		io.Reader
		io.Seeker
	}{rec, body})
	if rw.unsatisfiable {
		// ServeContent set Content-Range: bytes */SIZE; the body is ours.
		size := strings.TrimPrefix(w.Header().Get("Content-Range"), "bytes */")
		return paprika.Errorf(paprika.CodeRangeNotSatisfiable,
			"Range not satisfiable: the %s is %s bytes long; ask for a range within it", what, size)
	}
	if rec.err != nil && ctx.Err() == nil {
		// The status is sent; the client sees a body shorter than its length.
		s.log.ErrorContext(ctx, "download cut short", "requestId", requestID(ctx), "of", what, "key", key, "err", rec.err)
	}
	return nil
}

// rangeWriter holds back ServeContent's 416, plain text, so that the one
// writer of error bodies answers it.
type rangeWriter struct {
	http.ResponseWriter
	unsatisfiable bool
}

func (w *rangeWriter) WriteHeader(status int) {
	if status == http.StatusRequestedRangeNotSatisfiable {
		w.unsatisfiable = true
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *rangeWriter) Write(b []byte) (int, error) {
	if w.unsatisfiable {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *rangeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// readErr remembers the first error of a read that is not its end.
type readErr struct {
	r   io.Reader
	err error
}

func (e *readErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

// storeError is what a client sees of a store's failure: not-found when the
// object is gone (swept), else unavailable with Retry-After, the detail
// logged.
func (s *Server) storeError(r *http.Request, key string, err error) error {
	if errors.Is(err, storage.ErrNotExist) {
		return paprika.Errorf(paprika.CodeNotFound, "Not found: the output is no longer stored")
	}
	s.log.WarnContext(r.Context(), "output store failed", "requestId", requestID(r.Context()), "key", key, "err", err)
	return &paprika.Error{Code: paprika.CodeUnavailable, RetryAfter: 5,
		Message: "Unavailable: the output store cannot be reached; try again shortly"}
}

// batchZip streams a ZIP of every finished record's document, named by
// index, from the store one object at a time: nothing is held in memory.
// The first object is opened before anything is sent, so an unreachable
// store is a 503; a failure later cuts the archive short.
func (s *Server) batchZip(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	ctx := r.Context()
	p := principal(r)
	b, err := s.store.Batch(ctx, p.Tenant.ID, id)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	method := zip.Store // PDFs and PNGs are compressed already
	if b.Format == "html" {
		method = zip.Deflate
	}
	started := false
	start := func() {
		if !started {
			started = true
			w.Header().Set("Content-Type", "application/zip")
			w.Header().Set("Content-Disposition", `attachment; filename="batch-`+id.String()+`.zip"`)
		}
	}
	err = s.store.DoneRecords(ctx, id, func(index int) error {
		key := storage.RecordKey(p.Tenant.ID, id, index, b.Format)
		rc, err := s.outputs.NewRangeReader(ctx, key, 0, -1)
		if err != nil {
			if !started {
				return s.storeError(r, key, err)
			}
			return err
		}
		defer rc.Close()
		start()
		f, err := zw.CreateHeader(&zip.FileHeader{Name: storage.RecordName(index, b.Format), Method: method, Modified: time.Now()})
		if err != nil {
			return err
		}
		_, err = io.Copy(f, rc)
		return err
	})
	if err != nil {
		if !started {
			return err
		}
		// The status is sent: all that is left is to cut the archive short,
		// which clients see as a broken download.
		s.log.ErrorContext(ctx, "batch zip cut short", "requestId", requestID(ctx), "batch", id, "err", err)
		panic(http.ErrAbortHandler)
	}
	start()
	return zw.Close()
}
