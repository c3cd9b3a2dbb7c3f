package pdf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
)

// minimalPDF is a one-page PDF with a classic cross-reference table, as
// a simple writer makes it.
func minimalPDF() []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	var offsets []int
	obj := func(s string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), s)
	}
	content := "BT /F1 24 Tf 72 720 Td (Signed by Paprika) Tj ET"
	obj("<</Type/Catalog/Pages 2 0 R>>")
	obj("<</Type/Pages/Kids[3 0 R]/Count 1>>")
	obj("<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>")
	obj(fmt.Sprintf("<</Length %d>>\nstream\n%s\nendstream", len(content), content))
	obj("<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>")
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f\r\n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n\r\n", o)
	}
	fmt.Fprintf(&b, "trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

func qpdfCheck(t *testing.T, doc []byte) {
	t.Helper()
	_, err := exec.LookPath("qpdf")
	require.NoError(t, err, "qpdf is needed: scripts/install-deps.sh test (apt-get install -y qpdf)")
	p := filepath.Join(t.TempDir(), "signed.pdf")
	require.NoError(t, os.WriteFile(p, doc, 0o600))
	out, err := exec.Command("qpdf", "--check", p).CombinedOutput()
	require.NoError(t, err, "qpdf --check: %s", out)
}

// TestSign signs a document written with a cross-reference table and one
// pdfcpu wrote (streams, after a watermark and metadata), and checks each
// with pdfsig and openssl; a flipped byte of the signed range breaks it.
func TestSign(t *testing.T) {
	t.Parallel()
	set := certtest.New(t, certtest.Options{CommonName: "Acme Invoicing"})
	finished, _, err := Apply(minimalPDF(), &Options{Title: "Invoice", Watermark: &Watermark{Text: "PAID"}})
	require.NoError(t, err)
	_, classic, err := lastXref(finished)
	require.NoError(t, err)
	require.False(t, classic, "pdfcpu is expected to write a cross-reference stream, so that both kinds are tested")

	for name, doc := range map[string][]byte{"table": minimalPDF(), "stream": finished} {
		t.Run(name, func(t *testing.T) {
			signed, err := Sign(doc, set.SigningKey(), &Signature{Certificate: "acme", Reason: "Apprové", Location: "Berlin", ContactInfo: "billing@example.com"}, time.Now())
			require.NoError(t, err)
			require.True(t, bytes.HasPrefix(signed, doc), "an incremental update keeps the bytes before it")
			qpdfCheck(t, signed)

			out := certtest.Pdfsig(t, signed)
			require.Contains(t, out, "Signature #1", out)
			require.Contains(t, out, "Signature Validation: Signature is Valid.", out)
			require.Contains(t, out, "Signer Certificate Common Name: Acme Invoicing", out)
			require.Contains(t, out, "Signature Type: ETSI.CAdES.detached", out)
			require.Contains(t, out, "Total document signed", out)
			require.Contains(t, out, "Signing Hash Algorithm: SHA-256", out)
			require.Contains(t, out, "Signature Field Name: Signature1", out)

			printed := set.OpenSSL(t, signed)
			require.Contains(t, printed, "Verification successful", printed)
			for _, attr := range []string{"contentType", "messageDigest", "signingCertificateV2"} {
				require.Contains(t, printed, attr, "signed attribute %s", attr)
			}
			require.NotContains(t, printed, "signingTime", "PAdES baseline signatures carry no signing-time attribute")

			// One byte of the signed range changed: the digest no longer matches.
			bad := bytes.Clone(signed)
			i := bytes.Index(bad, []byte("endobj")) - 2
			bad[i] ^= 0x01
			out = certtest.Pdfsig(t, bad)
			require.NotContains(t, out, "Signature is Valid", out)
			require.Contains(t, out, "Signature Validation: Digest Mismatch.", out)
		})
	}
}

// TestSignECDSA signs with a P-256 key: the CMS names ecdsa-with-SHA256.
func TestSignECDSA(t *testing.T) {
	t.Parallel()
	set := certtest.New(t, certtest.Options{ECDSA: true})
	signed, err := Sign(minimalPDF(), set.SigningKey(), &Signature{Certificate: "ec"}, time.Now())
	require.NoError(t, err)
	out := certtest.Pdfsig(t, signed)
	require.Contains(t, out, "Signature Validation: Signature is Valid.", out)
	require.Contains(t, set.OpenSSL(t, signed), "Verification successful")
}

// TestSignatureOptions checks what options.pdf.signature refuses.
func TestSignatureOptions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Signature: &Signature{Certificate: "acme"}, Password: &Password{User: "u"}}, "options.pdf.signature and options.pdf.password"},
		{Options{Signature: &Signature{}}, "options.pdf.signature.certificate is required"},
		{Options{Signature: &Signature{Certificate: "../x"}}, "options.pdf.signature.certificate is a certificate name"},
		{Options{Signature: &Signature{Certificate: "a", Reason: strings.Repeat("x", 2000)}}, "options.pdf.signature.reason must be at most"},
		{Options{Signature: &Signature{Certificate: "a", Location: "\xff"}}, "options.pdf.signature.location must be valid UTF-8"},
	} {
		err := c.o.Validate()
		require.Error(t, err, c.want)
		require.Contains(t, err.Error(), c.want)
	}
	require.NoError(t, (&Options{Signature: &Signature{Certificate: "acme.2026", Reason: "ok"}}).Validate())
}

// BenchmarkSign signs a finished one-page document (pdfcpu's output) with
// an RSA 2048 key: what options.pdf.signature adds to a render.
func BenchmarkSign(b *testing.B) {
	set := certtest.New(b, certtest.Options{})
	doc, _, err := Apply(minimalPDF(), &Options{Title: "Invoice"})
	require.NoError(b, err)
	k := set.SigningKey()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Sign(doc, k, &Signature{Certificate: "acme"}, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}
