package render

import (
	"bytes"
	"context"
	"crypto/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/certtest"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/sealed"
)

// storedCertificates is a tenant's certificates as the api and the worker
// give them, sealed with key, found in memory.
func storedCertificates(t *testing.T, key *sealed.Key, set *certtest.Set, name string) *Certificates {
	t.Helper()
	plain, err := set.SigningKey().Marshal()
	require.NoError(t, err)
	c := &paprika.Certificate{TenantID: "acme", Name: name, Subject: set.Cert.Subject.String(),
		NotBefore: set.Cert.NotBefore, NotAfter: set.Cert.NotAfter, Sealed: key.Seal(plain, paprika.CertificatePlace("acme", name))}
	return &Certificates{Key: key, Find: func(_ context.Context, n string) (*paprika.Certificate, error) {
		if n != name {
			return nil, paprika.NotFound("certificate")
		}
		return c, nil
	}}
}

func newSealedKey(t *testing.T) *sealed.Key {
	t.Helper()
	raw := make([]byte, sealed.KeySize)
	_, _ = rand.Read(raw)
	k, err := sealed.NewKey(raw)
	require.NoError(t, err)
	return k
}

// TestSignedPDFA signs a PDF/A-2b document with a link as the last step
// of the engine: the signature verifies over the whole file, and what
// PDF/A made of the document (its header, its XMP) is still there.
func TestSignedPDFA(t *testing.T) {
	t.Parallel()
	key := newSealedKey(t)
	set := certtest.New(t, certtest.Options{CommonName: "Archive Signer"})
	tpl := `<!doctype html><html lang="en"><head><title>Archive</title></head><body><h1>Archived</h1><p>See <a href="https://example.com/terms">the terms</a>.</p></body></html>`
	o := pdfOptions(t, `{"standards":["PDF/A-2b"],"title":"Archive copy","signature":{"certificate":"archive","reason":"Archived","location":"Berlin"}}`)
	out := render(t, shared, Input{Template: tpl, Options: Options{PDF: o}, Certificates: storedCertificates(t, key, set, "archive")})
	require.True(t, bytes.HasPrefix(out.Body, []byte("%PDF-1.7\n")), "%q", out.Body[:9])
	qpdf(t, out.Body, "--check")
	sig := certtest.Pdfsig(t, out.Body)
	require.Contains(t, sig, "Signature Validation: Signature is Valid.", sig)
	require.Contains(t, sig, "Signer Certificate Common Name: Archive Signer", sig)
	require.Contains(t, sig, "Total document signed", sig)
	require.Contains(t, set.OpenSSL(t, out.Body), "Verification successful")
	meta := poppler(t, "pdfinfo", out.Body, "-meta")
	require.Contains(t, meta, "pdfaid:part", "the XMP of PDF/A is the signed document's")
}

// TestSignatureFailures: a render that cannot sign says why, as the
// tenant's error when the tenant can mend it.
func TestSignatureFailures(t *testing.T) {
	t.Parallel()
	set := certtest.New(t, certtest.Options{})
	o := pdfOptions(t, `{"signature":{"certificate":"main"}}`)
	tpl := `<p>x</p>`

	_, err := renderErr(t, shared, Input{Template: tpl, Options: Options{PDF: o}})
	re := requireCode(t, err, paprika.CodeTemplateError)
	require.Contains(t, re.Message, "no stored certificates to sign with")

	stored := storedCertificates(t, newSealedKey(t), set, "main")
	stored.Key = newSealedKey(t) // not the key it was sealed with
	_, err = renderErr(t, shared, Input{Template: tpl, Options: Options{PDF: o}, Certificates: stored})
	re = requireCode(t, err, paprika.CodeRenderFailed)
	require.Contains(t, re.Message, "does not open with this server's PAPRIKA_SECRET_KEY")

	soon := certtest.New(t, certtest.Options{NotBefore: time.Now().Add(time.Hour), NotAfter: time.Now().Add(2 * time.Hour)})
	_, err = renderErr(t, shared, Input{Template: tpl, Options: Options{PDF: o}, Certificates: storedCertificates(t, newSealedKey(t), soon, "main")})
	re = requireCode(t, err, paprika.CodeTemplateError)
	require.Contains(t, re.Message, `"main" is not valid yet: it is valid from `+soon.Cert.NotBefore.UTC().Format(time.RFC3339))
}
