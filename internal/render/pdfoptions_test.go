package render

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// threePages is a template that prints three A4 pages.
const threePages = `<style>p{page-break-after:always}</style><p>page one</p><p>page two</p><p>page three</p>`

func pdfOptions(t *testing.T, js string) *pdf.Options {
	t.Helper()
	var o pdf.Options
	require.NoError(t, json.Unmarshal([]byte(js), &o))
	require.NoError(t, o.Validate())
	return &o
}

// popplerPW runs a poppler tool with a user password (-upw).
func popplerPW(t *testing.T, tool string, doc []byte, password string, args ...string) (string, error) {
	t.Helper()
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	if password != "" {
		args = append(args, "-upw", password)
	}
	args = append(args, in)
	if tool == "pdftotext" {
		args = append(args, "-")
	}
	out, err := exec.Command(tool, args...).CombinedOutput()
	return string(out), err
}

func TestPDFOptionsMetadataPasswordWatermark(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"title":"Facture n° 42","author":"Ada Lovelace","subject":"Invoices","keywords":"invoice, 2026",
		"password":{"user":"open-sesame","owner":"the-owner"},"permissions":["print"],
		"watermark":{"text":"CONFIDENTIAL","opacity":0.25,"fontSize":60,"rotation":30}}`)
	out := render(t, shared, Input{Template: threePages, Options: Options{PDF: o}})
	require.Equal(t, 3, out.Pages)

	info, err := popplerPW(t, "pdfinfo", out.Body, "open-sesame")
	require.NoError(t, err, info)
	require.Regexp(t, `(?m)^Title:\s+Facture n° 42$`, info)
	require.Regexp(t, `(?m)^Author:\s+Ada Lovelace$`, info)
	require.Regexp(t, `(?m)^Subject:\s+Invoices$`, info)
	require.Regexp(t, `(?m)^Keywords:\s+invoice, 2026$`, info)
	require.Regexp(t, `(?m)^Producer:\s+Paprika$`, info)
	require.Regexp(t, `(?m)^Pages:\s+3$`, info)
	// pdfinfo reports the permissions of the user password.
	require.Regexp(t, `(?m)^Encrypted:\s+yes \(print:yes copy:no change:no addNotes:no algorithm:AES-256\)$`, info)

	_, err = popplerPW(t, "pdfinfo", out.Body, "")
	require.Error(t, err, "a document with a user password must not open without it")
	_, err = popplerPW(t, "pdfinfo", out.Body, "wrong")
	require.Error(t, err)

	text, err := popplerPW(t, "pdftotext", out.Body, "open-sesame", "-raw")
	require.NoError(t, err, text)
	pages := strings.Split(strings.TrimRight(text, "\f\n"), "\f")
	require.Len(t, pages, 3)
	for i, p := range pages {
		require.Contains(t, p, "CONFIDENTIAL", "page %d", i+1)
		require.Contains(t, p, []string{"page one", "page two", "page three"}[i])
	}
}

func TestPDFOptionsPermissionsAndOwnerOnly(t *testing.T) {
	t.Parallel()
	// Owner password only: anyone opens it, with the permissions given.
	o := pdfOptions(t, `{"password":{"owner":"boss"},"permissions":["copy","annotate"]}`)
	out := render(t, shared, Input{Template: "<p>hello</p>", Options: Options{PDF: o}})
	info, err := popplerPW(t, "pdfinfo", out.Body, "")
	require.NoError(t, err, info)
	require.Regexp(t, `(?m)^Encrypted:\s+yes \(print:no copy:yes change:no addNotes:yes algorithm:AES-256\)$`, info)

	// No permissions given: every right, only opening is protected; the
	// owner password is random, not empty.
	o = pdfOptions(t, `{"password":{"user":"u"}}`)
	out = render(t, shared, Input{Template: "<p>hello</p>", Options: Options{PDF: o}})
	info, err = popplerPW(t, "pdfinfo", out.Body, "u")
	require.NoError(t, err, info)
	require.Regexp(t, `print:yes copy:yes change:yes addNotes:yes algorithm:AES-256`, info)
	_, err = exec.LookPath("qpdf")
	require.NoError(t, err, "qpdf is needed: scripts/install-deps.sh test (apt-get install -y qpdf)")
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, out.Body, 0o600))
	qout, err := exec.Command("qpdf", "--password=", "--decrypt", in, filepath.Join(t.TempDir(), "out.pdf")).CombinedOutput()
	require.Error(t, err, "an empty owner password must not open it: %s", qout)
	qout, err = exec.Command("qpdf", "--password=u", "--show-encryption", in).CombinedOutput()
	require.NoError(t, err, "%s", qout)
	require.Contains(t, string(qout), "R = 6")
}

func TestPDFOptionsPagesStayExact(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"title":"t","watermark":{"text":"DRAFT"}}`)
	out := render(t, shared, Input{Template: threePages, Options: Options{PDF: o, PageRanges: "2-3"}})
	require.Equal(t, 2, out.Pages)
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindStringSubmatch(pdfInfo(t, out.Body))
	require.NotNil(t, m)
	require.Equal(t, strconv.Itoa(out.Pages), m[1])
}

func TestPDFOptionsRefusedOnOtherFormats(t *testing.T) {
	t.Parallel()
	_, err := renderErr(t, shared, Input{Template: "<p>x</p>", Format: FormatPNG, Options: Options{PDF: &pdf.Options{Title: "x"}}})
	requireCode(t, err, paprika.CodeTemplateError)
	require.ErrorContains(t, err, "options.pdf")
}

// The watermark's text is printed as given: parentheses, backslashes and
// per cent signs are not PDF or pdfcpu syntax.
func TestPDFWatermarkTextIsLiteral(t *testing.T) {
	t.Parallel()
	doc := render(t, shared, Input{Template: "<p>body</p>"}).Body
	for _, text := range []string{`100% (paid) \ back`, `50 %`, `Entwurf für Müller`} {
		o := &pdf.Options{Watermark: &pdf.Watermark{Text: text, Rotation: new(0.0)}}
		require.NoError(t, o.Validate())
		out, pages, err := pdf.Apply(doc, o)
		require.NoError(t, err)
		require.Equal(t, 1, pages)
		require.Contains(t, pdfText(t, out), text)
	}
}
