package api

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// docTool runs pdfinfo, pdftotext (poppler-utils) or qpdf on a document,
// the independent readers of what Paprika wrote.
func docTool(t *testing.T, doc []byte, tool string, args ...string) (string, error) {
	t.Helper()
	_, err := exec.LookPath(tool)
	require.NoError(t, err, "%s is needed: scripts/install-deps.sh test (apt-get install -y poppler-utils qpdf)", tool)
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	args = append(args, in)
	if tool == "pdftotext" {
		args = append(args, "-")
	}
	out, err := exec.Command(tool, args...).Output()
	return string(out), err
}

func pdfPages(t *testing.T, text string) []string {
	t.Helper()
	return strings.Split(strings.TrimRight(text, "\f\n"), "\f")
}

// TestDocumentOptions renders through the real api, worker and Chromium (one
// engine for both, to start Chromium once): a synchronous render with
// options.pdf, and a batch downloaded as one merged PDF.
func TestDocumentOptions(t *testing.T) {
	t.Parallel()
	e := setupChromium(t, nil)
	key := e.tenantKey(t, "acme")

	t.Run("sync render", func(t *testing.T) {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{
			"template": `<style>p{page-break-after:always}</style><p>Invoice {{n}}</p><p>Terms</p>`,
			"data":     map[string]any{"n": 42},
			"options": map[string]any{"pdf": map[string]any{
				"title": "Invoice 42", "author": "Acme GmbH", "subject": "Invoices", "keywords": "invoice",
				"password": map[string]any{"user": "letmein", "owner": "admin-pw"}, "permissions": []string{"print", "copy"},
				"watermark": map[string]any{"text": "PAID", "opacity": 0.4, "fontSize": 72, "rotation": 0},
			}},
		})
		requireStatus(t, http.StatusOK, resp, body)
		require.Equal(t, "application/pdf", resp.Header.Get("Content-Type"))
		require.Equal(t, "2", resp.Header.Get("X-Render-Pages"))
		info, err := docTool(t, body, "pdfinfo", "-upw", "letmein")
		require.NoError(t, err)
		require.Regexp(t, `(?m)^Pages:\s+2$`, info)
		require.Regexp(t, `(?m)^Title:\s+Invoice 42$`, info)
		require.Regexp(t, `(?m)^Author:\s+Acme GmbH$`, info)
		require.Regexp(t, `(?m)^Producer:\s+Paprika$`, info)
		require.Regexp(t, `(?m)^Encrypted:\s+yes \(print:yes copy:yes change:no addNotes:no algorithm:AES-256\)$`, info)
		_, err = docTool(t, body, "pdfinfo")
		require.Error(t, err, "opens without the password")
		text, err := docTool(t, body, "pdftotext", "-upw", "letmein")
		require.NoError(t, err)
		pages := pdfPages(t, text)
		require.Len(t, pages, 2)
		require.Contains(t, pages[0], "Invoice 42")
		for i, p := range pages {
			require.Contains(t, p, "PAID", "page %d", i+1)
		}
	})

	t.Run("refused at submission", func(t *testing.T) {
		for _, c := range []struct {
			in   map[string]any
			want string
		}{
			{map[string]any{"format": "png", "options": map[string]any{"pdf": map[string]any{"title": "x"}}}, "options.pdf applies to the pdf format only"},
			{map[string]any{"options": map[string]any{"pdf": map[string]any{"watermark": map[string]any{"text": "x", "opacity": 2}}}}, "options.pdf.watermark.opacity"},
			{map[string]any{"options": map[string]any{"pdf": map[string]any{"password": map[string]any{"user": "u"}, "permissions": []string{"fly"}}}}, "options.pdf.permissions"},
			{map[string]any{"options": map[string]any{"pdf": map[string]any{"password": map[string]any{"user": strings.Repeat("x", 128)}}}}, "options.pdf.password.user"},
			{map[string]any{"options": map[string]any{"pdf": map[string]any{"colour": "red"}}}, "colour"},
		} {
			c.in["template"] = "<p>x</p>"
			for _, path := range []string{"/v1/renders", "/v1/jobs", "/v1/batches"} {
				in := c.in
				if path == "/v1/batches" {
					in = map[string]any{"records": records(1)}
					for k, v := range c.in {
						in[k] = v
					}
				}
				resp, body := e.do(t, http.MethodPost, path, key, in)
				msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
				require.Contains(t, msg, c.want, path)
			}
		}
	})

	t.Run("batch as one pdf", func(t *testing.T) {
		customers := []string{"Fabrikam", "Contoso", "Northwind & Co", "Tailspin"}
		recs := make([]any, len(customers))
		for i, c := range customers {
			recs[i] = map[string]any{"n": i + 1, "customer": c, "long": i == 1}
		}
		b := e.postBatch(t, key, map[string]any{
			"template": `<h1>Invoice {{n}} for {{customer}}</h1>{{#if long}}<p style="page-break-before:always">{{customer}} page two</p>{{/if}}`,
			"records":  recs,
			"options": map[string]any{"pdf": map[string]any{
				"title": "All invoices", "bookmark": "customer",
				"password": map[string]any{"user": "batch-pw"}, "permissions": []string{"print"},
				"watermark": map[string]any{"text": "COPY", "rotation": 0},
			}},
		})
		b = e.waitBatch(t, key, b.ID)
		require.Equal(t, len(customers), b.Done)
		base := "/v1/batches/" + b.ID + "/output"

		resp, merged := e.getBody(t, key, base+"?as=pdf")
		require.Equal(t, "application/pdf", resp.Header.Get("Content-Type"))
		require.Equal(t, "5", resp.Header.Get("X-Render-Pages"))
		info, err := docTool(t, merged, "pdfinfo", "-upw", "batch-pw")
		require.NoError(t, err)
		require.Regexp(t, `(?m)^Pages:\s+5$`, info)
		require.Regexp(t, `(?m)^Title:\s+All invoices$`, info)
		require.Regexp(t, `(?m)^Encrypted:\s+yes \(print:yes copy:no change:no addNotes:no algorithm:AES-256\)$`, info)
		_, err = docTool(t, merged, "pdfinfo")
		require.Error(t, err, "the merged PDF opens without the password")

		text, err := docTool(t, merged, "pdftotext", "-upw", "batch-pw")
		require.NoError(t, err)
		pages := pdfPages(t, text)
		want := []string{"Invoice 1 for Fabrikam", "Invoice 2 for Contoso", "Contoso page two", "Invoice 3 for Northwind & Co", "Invoice 4 for Tailspin"}
		require.Len(t, pages, len(want))
		for i, w := range want {
			require.Contains(t, pages[i], w, "page %d", i+1)
			require.Contains(t, pages[i], "COPY", "page %d", i+1)
		}

		out, err := docTool(t, merged, "qpdf", "--password=batch-pw", "--json", "--json-key=outlines")
		require.NoError(t, err)
		var j struct {
			Outlines []struct {
				Title string `json:"title"`
				Page  int    `json:"destpageposfrom1"`
			} `json:"outlines"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &j))
		require.Len(t, j.Outlines, len(customers), "one bookmark per record")
		for i, page := range []int{1, 2, 4, 5} {
			require.Equal(t, customers[i], j.Outlines[i].Title)
			require.Equal(t, page, j.Outlines[i].Page, customers[i])
		}

		// ?as=zip, the default, is unchanged; an unknown as is refused.
		for _, q := range []string{"", "?as=zip"} {
			resp, zipped := e.getBody(t, key, base+q)
			require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
			zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
			require.NoError(t, err)
			require.Len(t, zr.File, len(customers))
		}
		resp, body := e.do(t, http.MethodGet, base+"?as=tar", key, nil)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "as is zip")
		resp, body = e.do(t, http.MethodGet, base+"?as=pdf", e.tenantKey(t, "other"), nil)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	})

	t.Run("batch without bookmark field or password", func(t *testing.T) {
		b := e.postBatch(t, key, map[string]any{"template": "<p>record {{n}}</p>", "records": records(3)})
		b = e.waitBatch(t, key, b.ID)
		_, merged := e.getBody(t, key, "/v1/batches/"+b.ID+"/output?as=pdf")
		info, err := docTool(t, merged, "pdfinfo")
		require.NoError(t, err)
		require.Regexp(t, `(?m)^Encrypted:\s+no$`, info)
		out, err := docTool(t, merged, "qpdf", "--json", "--json-key=outlines")
		require.NoError(t, err)
		for i := 1; i <= 3; i++ {
			require.Contains(t, out, fmt.Sprintf(`"title": "Record %d"`, i))
		}
		text, err := docTool(t, merged, "pdftotext")
		require.NoError(t, err)
		require.Regexp(t, regexp.MustCompile(`(?s)record 1.*record 2.*record 3`), text)

		// Every merge slot taken: busy, at once.
		for range cap(e.Server.merges) {
			e.Server.merges <- struct{}{}
		}
		resp, body := e.do(t, http.MethodGet, "/v1/batches/"+b.ID+"/output?as=pdf", key, nil)
		requireError(t, http.StatusServiceUnavailable, paprika.CodeBusy, resp, body)
		require.Equal(t, "5", resp.Header.Get("Retry-After"))
		for range cap(e.Server.merges) {
			<-e.Server.merges
		}

		h := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records(1)})
		e.waitBatch(t, key, h.ID)
		resp, body = e.do(t, http.MethodGet, "/v1/batches/"+h.ID+"/output?as=pdf", key, nil)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "format is html")
	})
}

// The merged PDF reads its records through the output store, so it comes
// whole from a bucket as from files (through another api than the one the
// batch was submitted to: with s3, a host that shares no disk with the
// worker).
func TestMergedPDFFromEitherStore(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		engine := render.New(render.Config{Slots: 1})
		t.Cleanup(func() { require.NoError(t, engine.Close()) })
		e := setupWork(t, vars, engine)
		e.startWorker(t, engine)
		key := e.tenantKey(t, "acme")
		b := e.postBatch(t, key, map[string]any{
			"template": `<h1>Letter {{n}}</h1>`,
			"records":  []map[string]any{{"n": 1}, {"n": 2}, {"n": 3}},
		})
		b = e.waitBatch(t, key, b.ID)
		require.Equal(t, 3, b.Done)
		other := e.serveAgain(t, &fakeRenderer{})
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, other.HTTP.URL+"/v1/batches/"+b.ID+"/output?as=pdf", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, merged := other.send(t, req)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s", merged)
		require.Equal(t, "3", resp.Header.Get("X-Render-Pages"))
		text, err := docTool(t, merged, "pdftotext")
		require.NoError(t, err)
		pages := pdfPages(t, text)
		require.Len(t, pages, 3)
		for i, p := range pages {
			require.Contains(t, p, fmt.Sprintf("Letter %d", i+1))
		}
		out, err := docTool(t, merged, "qpdf", "--json", "--json-key=outlines")
		require.NoError(t, err)
		require.Equal(t, 3, strings.Count(out, `"title": "Record `), "one bookmark per record: %s", out)
	})
}
