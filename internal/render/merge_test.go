package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/render/pdf"
)

// outline is qpdf's JSON view of a document's bookmarks.
type qpdfJSON struct {
	Outlines []struct {
		Title        string `json:"title"`
		DestPageOpen int    `json:"destpageposfrom1"`
	} `json:"outlines"`
}

func qpdf(t *testing.T, doc []byte, args ...string) []byte {
	t.Helper()
	_, err := exec.LookPath("qpdf")
	require.NoError(t, err, "qpdf is needed: scripts/install-deps.sh test (apt-get install -y qpdf)")
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	out, err := exec.Command("qpdf", append(args, in)...).Output()
	require.NoError(t, err, "qpdf %v", args)
	return out
}

func TestMergeRecordsWithBookmarks(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"title":"All invoices","password":{"user":"p-w-é"},"permissions":["print"],"watermark":{"text":"COPY","rotation":0}}`)
	var docs [][]byte
	for i, tpl := range []string{"<p>first record</p>", threePages, "<p>third record</p>"} {
		out := render(t, shared, Input{Template: tpl, Options: Options{PDF: o}})
		docs = append(docs, out.Body)
		require.Equal(t, []int{1, 3, 1}[i], out.Pages)
	}
	open := func(_ context.Context, i int) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(docs[i-1])), nil
	}
	var buf bytes.Buffer
	pages, err := pdf.Merge(context.Background(), &buf, []pdf.Doc{{Index: 1, Title: "Record 1"}, {Index: 2, Title: "Müller & Söhne"}, {Index: 3, Title: "Record 3"}}, open, o)
	require.NoError(t, err)
	require.Equal(t, 5, pages)
	merged := buf.Bytes()

	info, err := popplerPW(t, "pdfinfo", merged, "p-w-é")
	require.NoError(t, err, info)
	require.Regexp(t, `(?m)^Pages:\s+5$`, info)
	require.Regexp(t, `(?m)^Title:\s+All invoices$`, info)
	require.Regexp(t, `(?m)^Producer:\s+Paprika$`, info)
	require.Regexp(t, `(?m)^Encrypted:\s+yes \(print:yes copy:no change:no addNotes:no algorithm:AES-256\)$`, info)
	_, err = popplerPW(t, "pdfinfo", merged, "")
	require.Error(t, err)

	text, err := popplerPW(t, "pdftotext", merged, "p-w-é")
	require.NoError(t, err)
	pagesText := strings.Split(strings.TrimRight(text, "\f\n"), "\f")
	require.Len(t, pagesText, 5)
	for i, want := range []string{"first record", "page one", "page two", "page three", "third record"} {
		require.Contains(t, pagesText[i], want, "page %d", i+1)
		require.Contains(t, pagesText[i], "COPY", "page %d", i+1)
	}

	qpdf(t, merged, "--password=p-w-é", "--check")
	var j qpdfJSON
	require.NoError(t, json.Unmarshal(qpdf(t, merged, "--password=p-w-é", "--json", "--json-key=outlines"), &j))
	require.Len(t, j.Outlines, 3)
	for i, want := range []struct {
		title string
		page  int
	}{{"Record 1", 1}, {"Müller & Söhne", 2}, {"Record 3", 5}} {
		require.Equal(t, want.title, j.Outlines[i].Title, fmt.Sprint(i))
		require.Equal(t, want.page, j.Outlines[i].DestPageOpen, fmt.Sprint(i))
	}
}

// More records than one page tree node holds: the tree has levels, and
// every page and bookmark is where it should be.
func TestMergeManyRecords(t *testing.T) {
	t.Parallel()
	const n = 200
	doc := render(t, shared, Input{Template: "<p>one record</p>"}).Body
	docs := make([]pdf.Doc, n)
	for i := range docs {
		docs[i] = pdf.Doc{Index: i + 1, Title: fmt.Sprintf("R%d", i+1)}
	}
	open := func(context.Context, int) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(doc)), nil }
	var buf bytes.Buffer
	pages, err := pdf.Merge(context.Background(), &buf, docs, open, nil)
	require.NoError(t, err)
	require.Equal(t, n, pages)
	qpdf(t, buf.Bytes(), "--check")
	require.Regexp(t, fmt.Sprintf(`(?m)^Pages:\s+%d$`, n), pdfInfo(t, buf.Bytes()))
	var j qpdfJSON
	require.NoError(t, json.Unmarshal(qpdf(t, buf.Bytes(), "--json", "--json-key=outlines"), &j))
	require.Len(t, j.Outlines, n)
	for _, i := range []int{0, 127, 128, n - 1} {
		require.Equal(t, fmt.Sprintf("R%d", i+1), j.Outlines[i].Title)
		require.Equal(t, i+1, j.Outlines[i].DestPageOpen)
	}
}

// A link to an anchor of its own record still leads there in the merge,
// and a link to a URL keeps its URL through decryption and encryption.
func TestMergeKeepsLinksWithinRecords(t *testing.T) {
	t.Parallel()
	tpl := `<p><a href="#terms">see the terms</a> <a href="https://example.com/a(b)">site</a></p>` +
		`<h2 id="terms" style="page-break-before:always">Terms</h2>`
	o := pdfOptions(t, `{"password":{"user":"pw"}}`)
	doc := render(t, shared, Input{Template: tpl, Options: Options{PDF: o}}).Body
	open := func(context.Context, int) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(doc)), nil }
	var buf bytes.Buffer
	_, err := pdf.Merge(context.Background(), &buf, []pdf.Doc{{Index: 1}, {Index: 2}}, open, o)
	require.NoError(t, err)
	qpdf(t, buf.Bytes(), "--password=pw", "--check")
	// pdfinfo -dests lists each named destination with its page.
	dests, err := popplerPW(t, "pdfinfo", buf.Bytes(), "pw", "-dests")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^\s*2 \[.*\] "r1\.terms"$`, dests)
	require.Regexp(t, `(?m)^\s*4 \[.*\] "r2\.terms"$`, dests)
	all := string(qpdf(t, buf.Bytes(), "--password=pw", "--json", "--json-key=qpdf"))
	require.Contains(t, all, `"/Dest": "/r1.terms"`)
	require.Contains(t, all, `"/Dest": "/r2.terms"`)
	require.Equal(t, 2, strings.Count(all, `"/URI": "u:https://example.com/a(b)"`), "both records' links")
}
