package console

import (
	"bytes"
	"net/http"
	"net/url"
	"strconv"
)

// Downloads stream the API's own answer (Range, ETag, the storage's
// redirect) to the browser; an error answer becomes a console page.

func (c *Console) jobOutput(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	return c.download(w, r, s, "/v1/jobs/"+url.PathEscape(id)+"/output", "job-"+id)
}

func (c *Console) batchOutput(w http.ResponseWriter, r *http.Request, s *session) error {
	path := "/v1/batches/" + url.PathEscape(r.PathValue("id")) + "/output"
	if as := r.URL.Query().Get("as"); as == "pdf" || as == "zip" {
		path += "?as=" + as
	}
	return c.download(w, r, s, path, "")
}

func (c *Console) recordOutput(w http.ResponseWriter, r *http.Request, s *session) error {
	id, index := r.PathValue("id"), r.PathValue("index")
	if _, err := strconv.Atoi(index); err != nil {
		return &apiError{Status: http.StatusNotFound, Message: "Not found: no such record."}
	}
	return c.download(w, r, s, "/v1/batches/"+url.PathEscape(id)+"/records/"+index+"/output", "batch-"+id+"-"+index)
}

// download proxies a download of the API for s. name, when set and the
// API gives no Content-Disposition, names the file.
func (c *Console) download(w http.ResponseWriter, r *http.Request, s *session, path, name string) error {
	req, err := apiRequest(r, s, http.MethodGet, path, nil)
	if err != nil {
		return err
	}
	for _, h := range []string{"Range", "If-None-Match", "If-Range", "If-Modified-Since"} {
		if v := r.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	dw := &downloadWriter{w: w, name: name}
	c.cfg.API.ServeHTTP(dw, req)
	if dw.failed != nil {
		e := &apiError{Status: dw.status}
		_ = decodeAPIError(dw.failed.Bytes(), e)
		return e
	}
	return nil
}

// downloadWriter passes a successful answer through and keeps an error
// answer for the console to show as a page.
type downloadWriter struct {
	w      http.ResponseWriter
	name   string
	status int
	header http.Header
	failed *bytes.Buffer
}

func (d *downloadWriter) Header() http.Header {
	if d.header == nil {
		d.header = http.Header{}
	}
	return d.header
}

func (d *downloadWriter) WriteHeader(status int) {
	if d.status != 0 {
		return
	}
	d.status = status
	if status >= 400 {
		d.failed = &bytes.Buffer{}
		return
	}
	for k, v := range d.header {
		if k == "Content-Security-Policy" {
			continue
		}
		d.w.Header()[k] = v
	}
	if d.name != "" && d.w.Header().Get("Content-Disposition") == "" {
		ext := ".pdf"
		switch d.w.Header().Get("Content-Type") {
		case "image/png":
			ext = ".png"
		case "text/html; charset=utf-8", "text/html":
			ext = ".html"
		}
		d.w.Header().Set("Content-Disposition", `attachment; filename="`+d.name+ext+`"`)
	}
	d.w.WriteHeader(status)
}

func (d *downloadWriter) Write(p []byte) (int, error) {
	if d.status == 0 {
		d.WriteHeader(http.StatusOK)
	}
	if d.failed != nil {
		return d.failed.Write(p)
	}
	return d.w.Write(p)
}

// Unwrap lets http.ResponseController reach the connection.
func (d *downloadWriter) Unwrap() http.ResponseWriter { return d.w }

// Flush lets a streamed ZIP reach the browser as it is written.
func (d *downloadWriter) Flush() {
	if f, ok := d.w.(http.Flusher); ok && d.failed == nil {
		f.Flush()
	}
}
