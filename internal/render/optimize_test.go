package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
)

// ledger is a document of many pages of table rows: what compress is for.
func ledger(rows int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><title>Ledger</title><style>td{border:1px solid #999;padding:2px}</style></head><body><h1>Ledger</h1><table><thead><tr><th>#</th><th>Account</th><th>Amount</th></tr></thead><tbody>`)
	for i := range rows {
		fmt.Fprintf(&b, "<tr><td>%d</td><td>Account %d, Musterstraße %d</td><td>%d.%02d EUR</td></tr>", i, i%97, i%13, i*7, i%100)
	}
	b.WriteString(`</tbody></table></body></html>`)
	return b.String()
}

// TestCompressAndLinearize renders one long table with options.pdf's
// compress and linearize, alone and with the options they must keep: the
// compressed file is smaller and reads the same, the linearized one passes
// qpdf's check of linearization, an encrypted one stays encrypted, and a
// signed PDF/A one keeps its standard and a valid signature.
func TestCompressAndLinearize(t *testing.T) {
	t.Parallel()
	tpl := ledger(1500)
	plain := render(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"title":"Ledger"}`)}})
	small := render(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"title":"Ledger","compress":true}`)}})
	t.Logf("compress: %d bytes -> %d (%d pages)", len(plain.Body), len(small.Body), small.Pages)
	require.Less(t, len(small.Body), len(plain.Body), "compress makes the document smaller")
	require.Equal(t, plain.Pages, small.Pages)
	require.Greater(t, small.Pages, 10)
	qpdf(t, small.Body, "--check")
	require.Equal(t, poppler(t, "pdftotext", plain.Body), poppler(t, "pdftotext", small.Body), "lossless: the text is the same")
	require.Regexp(t, `Optimized: +no`, poppler(t, "pdfinfo", plain.Body))

	lin := render(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"title":"Ledger","linearize":true,"compress":true}`)}})
	require.Contains(t, string(qpdf(t, lin.Body, "--check-linearization")), "no linearization errors")
	require.Regexp(t, `Optimized: +yes`, poppler(t, "pdfinfo", lin.Body))
	t.Logf("compress and linearize: %d bytes", len(lin.Body))

	locked := render(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t,
		`{"password":{"user":"open-sesame","owner":"acme"},"permissions":["print"],"linearize":true,"compress":true}`)}})
	enc := string(qpdf(t, locked.Body, "--password=open-sesame", "--show-encryption"))
	require.Contains(t, enc, "AESv3", "still AES-256: %s", enc)
	require.Contains(t, enc, "extract for any purpose: not allowed", enc)
	text, err := popplerPW(t, "pdftotext", locked.Body, "open-sesame")
	require.NoError(t, err)
	require.Contains(t, text, "Account 42")
	_, err = popplerPW(t, "pdftotext", locked.Body, "")
	require.Error(t, err, "no password, no text")

	key := newSealedKey(t)
	set := certtest.New(t, certtest.Options{CommonName: "Ledger Signer"})
	signed := render(t, shared, Input{Template: tpl, Certificates: storedCertificates(t, key, set, "ledger"), Options: Options{PDF: pdfOptions(t,
		`{"standards":["PDF/A-2b"],"compress":true,"linearize":true,"signature":{"certificate":"ledger","reason":"Closed"}}`)}})
	qpdf(t, signed.Body, "--check")
	sig := certtest.Pdfsig(t, signed.Body)
	require.Contains(t, sig, "Signature Validation: Signature is Valid.", sig)
	require.Contains(t, sig, "Total document signed", sig)
	require.Contains(t, poppler(t, "pdfinfo", signed.Body, "-meta"), "pdfaid:part")
}
