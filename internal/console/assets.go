package console

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// assets serves the embedded files of static/ with an ETag of their
// content, so browsers revalidate rather than download them again, gzipped
// (once, at start) to browsers that accept it: the editor's bundle is
// 475 KB, 164 KB gzipped.
func (c *Console) assets() http.Handler {
	type asset struct {
		body, gz []byte
		etag     string
	}
	files := map[string]asset{}
	err := fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := staticFiles.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		a := asset{body: b, etag: hex.EncodeToString(sum[:8])}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(b)
		if zw.Close() == nil && buf.Len() < len(b)*9/10 {
			a.gz = buf.Bytes()
		}
		files[strings.TrimPrefix(p, "static/")] = a
		return nil
	})
	if err != nil {
		panic(err) // embedded at build time
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		headers(w)
		a, ok := files[strings.TrimPrefix(r.URL.Path, "/console/static/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		body, etag := a.body, a.etag
		if a.gz != nil {
			h.Set("Vary", "Accept-Encoding")
			if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				body, etag = a.gz, a.etag+"-gz"
				h.Set("Content-Encoding", "gzip")
			}
		}
		h.Set("ETag", `"`+etag+`"`)
		if ct := mime.TypeByExtension(path.Ext(r.URL.Path)); ct != "" {
			h.Set("Content-Type", ct) // of the file, not of its gzip
		}
		http.ServeContent(w, r, path.Base(r.URL.Path), time.Time{}, bytes.NewReader(body))
	})
}
