package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
	"github.com/paprikahq/paprika/internal/facturxtest"
	"github.com/paprikahq/paprika/internal/pgtest"
)

// walkthroughTools are the programs docs/invoice.md runs, and those this
// test checks its files with, by the Debian package that has them.
var walkthroughTools = map[string]string{
	"bash": "bash", "curl": "curl", "jq": "jq", "openssl": "openssl", "base64": "coreutils",
	"pdfinfo": "poppler-utils", "pdfdetach": "poppler-utils", "pdfsig": "poppler-utils",
	"pdffonts": "poppler-utils", "pdftoppm": "poppler-utils", "qpdf": "qpdf", "zbarimg": "zbar-tools",
}

// TestInvoiceWalkthrough runs docs/invoice.md as a new user would: its
// shell blocks, in order, as one bash script (with -e and -o pipefail, so
// that the first command that fails stops it), against a real `paprika
// dev` (real PostgreSQL, real Chromium), with nothing set beforehand but
// PAPRIKA_URL, PAPRIKA_KEY and PAPRIKA_ADMIN_TOKEN (and TMPDIR, so that
// its `mktemp -d` is found afterwards). Every line of the outputs the page
// shows must be in what the script printed (a line ending in "…" as its
// beginning). Then the files it made are
// checked with the tools a receiver would use: the signature with pdfsig,
// the embedded invoice with the official Factur-X and EN 16931 validators
// and the XMP's PDF/A-3b and Factur-X fields,
// the bookmarks with qpdf, the font with pdffonts, the QR code and the
// Code 128 with zbarimg; and each of the batch's 50 records has its own
// title, invoice and valid signature.
func TestInvoiceWalkthrough(t *testing.T) {
	t.Parallel()
	for tool, pkg := range walkthroughTools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed: scripts/install-deps.sh test (apt-get install -y %s)", tool, pkg)
		}
	}
	page, err := os.ReadFile(filepath.FromSlash("../../docs/invoice.md"))
	require.NoError(t, err)
	script, shown := walkthroughBlocks(string(page))
	require.GreaterOrEqual(t, len(script), 8, "the shell blocks of docs/invoice.md")

	s, w := startDevEnv(t, map[string]string{
		"PORT":                 "0",
		"PAPRIKA_DATABASE_URL": pgtest.NewDB(t),
		"PAPRIKA_DATA_DIR":     t.TempDir(),
		"PAPRIKA_TIERS":        seedTiers,
	})
	s.waitReady(t, w.URL+"/readyz")

	tmp := t.TempDir()
	cmd := exec.CommandContext(t.Context(), "bash", "-e", "-u", "-o", "pipefail", "-c", strings.Join(script, "\n"))
	cmd.Env = append(os.Environ(), "PAPRIKA_URL="+w.URL, "PAPRIKA_KEY="+w.DemoKey, "PAPRIKA_ADMIN_TOKEN="+w.AdminToken, "TMPDIR="+tmp)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "docs/invoice.md's commands failed\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	printed := strings.Split(stdout.String(), "\n")
	for _, want := range shown {
		require.True(t, slices.ContainsFunc(printed, func(line string) bool {
			line = strings.TrimSpace(line)
			if prefix, cut := strings.CutSuffix(want, "…"); cut {
				return strings.HasPrefix(line, prefix)
			}
			return line == want
		}), "docs/invoice.md shows %q, which its commands did not print:\n%s", want, &stdout)
	}

	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Len(t, entries, 1, "the walkthrough's one mktemp -d")
	dir := filepath.Join(tmp, entries[0].Name())
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return b
	}
	var data struct {
		Number string `json:"number"`
		EPC    string `json:"epc"`
	}
	require.NoError(t, json.Unmarshal(read("invoice.json"), &data))

	for _, name := range []string{"invoice.pdf", "job.pdf"} {
		t.Run(name, func(t *testing.T) {
			doc := read(name)
			requireWalkthroughInvoice(t, doc, data.Number)
			facturxtest.ValidatePDF(t, doc, "factur-x.xml", "EN 16931")
			meta := runTool(t, doc, "pdfinfo", "-meta")
			for _, s := range []string{"<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>",
				"<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>", "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"} {
				require.Contains(t, meta, s)
			}
			requireOutline(t, doc, "Rechnung "+data.Number, "Rechnungssteller", "Rechnungsempfänger", "Positionen", "Zahlung")
			requireFontEmbedded(t, doc, "DejaVuSerif")
			png := firstPagePNG(t, doc)
			require.Equal(t, data.EPC, zbarSymbol(t, png, "qrcode"), "the payment QR code")
			require.Equal(t, data.Number, zbarSymbol(t, png, "code128"), "the Code 128")
		})
	}

	// The batch: 50 invoices, each its own.
	z, err := zip.NewReader(bytes.NewReader(read("invoices.zip")), int64(len(read("invoices.zip"))))
	require.NoError(t, err)
	require.Len(t, z.File, 50)
	for i, f := range z.File {
		require.Equal(t, fmt.Sprintf("%06d.pdf", i+1), f.Name)
		r, err := f.Open()
		require.NoError(t, err)
		doc, err := io.ReadAll(r)
		require.NoError(t, err)
		number := fmt.Sprintf("RE-2026-%d", 1001+i)
		inv := requireWalkthroughInvoice(t, doc, number)
		if i == 0 || i == 49 {
			facturxtest.Validate(t, inv, "EN 16931")
		}
	}
}

// walkthroughBlocks returns the page's shell blocks (```sh) and the lines
// of the outputs it shows (the plain ``` blocks after the first shell
// block; the first plain one is the export line a user pastes).
func walkthroughBlocks(page string) (script, shown []string) {
	fence := regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$")
	for _, m := range fence.FindAllStringSubmatch(page, -1) {
		switch {
		case m[1] == "sh":
			script = append(script, m[2])
		case m[1] == "" && len(script) > 0:
			for _, line := range strings.Split(strings.TrimSpace(m[2]), "\n") {
				shown = append(shown, strings.TrimSpace(line))
			}
		}
	}
	return script, shown
}

// requireWalkthroughInvoice checks what every invoice of the walkthrough
// is: titled by its number from the page's <title>, signed over the whole
// file with a signature that verifies, with the invoice of that number
// embedded as factur-x.xml, which it returns.
func requireWalkthroughInvoice(t *testing.T, doc []byte, number string) []byte {
	t.Helper()
	info := runTool(t, doc, "pdfinfo")
	require.Regexp(t, `(?m)^Title:\s+Rechnung `+regexp.QuoteMeta(number)+`$`, info)
	sig := certtest.Pdfsig(t, doc)
	require.Contains(t, sig, "Signature Validation: Signature is Valid.", number)
	require.Contains(t, sig, "Total document signed", number)
	files := facturxtest.Attachments(t, doc)
	require.Len(t, files, 1, number)
	inv := files["factur-x.xml"]
	require.Contains(t, string(inv), "<ram:ID>"+number+"</ram:ID>")
	return inv
}

// requireOutline checks that the document's bookmarks, at any level, have
// each of titles.
func requireOutline(t *testing.T, doc []byte, titles ...string) {
	t.Helper()
	type outline struct {
		Title string            `json:"title"`
		Kids  []json.RawMessage `json:"kids"`
	}
	var j struct {
		Outlines []json.RawMessage `json:"outlines"`
	}
	require.NoError(t, json.Unmarshal([]byte(runTool(t, doc, "qpdf", "--json", "--json-key=outlines")), &j))
	found := map[string]bool{}
	var walk func([]json.RawMessage)
	walk = func(items []json.RawMessage) {
		for _, raw := range items {
			var o outline
			require.NoError(t, json.Unmarshal(raw, &o))
			found[o.Title] = true
			walk(o.Kids)
		}
	}
	walk(j.Outlines)
	for _, title := range titles {
		require.True(t, found[title], "no bookmark %q in %v", title, found)
	}
}

// requireFontEmbedded checks that pdffonts lists a font of that name,
// embedded.
func requireFontEmbedded(t *testing.T, doc []byte, name string) {
	t.Helper()
	fonts := runTool(t, doc, "pdffonts")
	for _, line := range strings.Split(fonts, "\n") {
		if strings.Contains(line, "+"+name+" ") {
			f := strings.Fields(line)
			require.GreaterOrEqual(t, len(f), 5, line)
			require.Equal(t, "yes", f[len(f)-5], "emb of %s", line)
			return
		}
	}
	t.Fatalf("pdffonts lists no %s:\n%s", name, fonts)
}

// firstPagePNG draws the document's first page with pdftoppm, at 200 dpi,
// and returns the PNG's path.
func firstPagePNG(t *testing.T, doc []byte) string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	out, err := exec.CommandContext(t.Context(), "pdftoppm", "-r", "200", "-f", "1", "-l", "1", "-singlefile", "-png", in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", out)
	return filepath.Join(dir, "page.png")
}

// zbarSymbol decodes the one symbol of that zbar symbology (qrcode,
// code128) in the image, as bytes.
func zbarSymbol(t *testing.T, png, symbology string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "zbarimg", "-q", "--raw", "-Sdisable", "-S"+symbology+".enable", "-Sbinary", png)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout // stderr has zbar's D-Bus noise
	require.NoError(t, cmd.Run(), "zbarimg found no %s", symbology)
	return strings.TrimSuffix(stdout.String(), "\n")
}

// runTool runs a PDF tool (pdfinfo, pdffonts, qpdf) on doc, given after
// args, and returns its output.
func runTool(t *testing.T, doc []byte, tool string, args ...string) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, doc, 0o600))
	out, err := exec.CommandContext(t.Context(), tool, append(args, in)...).Output()
	require.NoError(t, err, "%s %v", tool, args)
	return string(out)
}
