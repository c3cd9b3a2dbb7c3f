package api

import (
	"context"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"net/http"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// CertificateJSON is a stored signing certificate as the API answers it:
// its public facts, never its key.
type CertificateJSON struct {
	Name      string `json:"name"`
	Subject   string `json:"subject"`
	Issuer    string `json:"issuer"`
	NotBefore string `json:"notBefore"`
	NotAfter  string `json:"notAfter"`
	CreatedAt string `json:"createdAt"`
}

func toCertificateJSON(c *paprika.Certificate) CertificateJSON {
	return CertificateJSON{Name: c.Name, Subject: c.Subject, Issuer: c.Issuer,
		NotBefore: ts(c.NotBefore), NotAfter: ts(c.NotAfter), CreatedAt: ts(c.CreatedAt)}
}

type certificateInput struct {
	PKCS12   string `json:"pkcs12"`
	Password string `json:"password"`
}

// Bounds of an uploaded PKCS#12 file.
const (
	maxPKCS12Bytes = 64 << 10
	maxChain       = 10
	// maxPKCS12Iterations bounds the key-derivation rounds a file asks
	// for, all its MAC and encryption parameters together: 2,048 is
	// common (openssl, go-pkcs12's Modern). A million PBKDF2-SHA256
	// rounds took 0.37–0.43 s here, so a file asking for 2^31 in one
	// parameter would hold a core for 14 minutes before its password is
	// known to be right; this bound is under a second.
	maxPKCS12Iterations = 2_000_000
)

// putCertificate stores a signing certificate from a PKCS#12 file: its
// key and chain sealed with PAPRIKA_SECRET_KEY, its public facts in the
// answer. Neither the file, its password nor the key is logged.
func (s *Server) putCertificate(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	var in certificateInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	if s.cfg.SecretKey == nil {
		return paprika.Errorf(paprika.CodeConflict, "Conflict: this server keeps no signing certificates: its operator has not set PAPRIKA_SECRET_KEY, the key that encrypts them")
	}
	if in.PKCS12 == "" {
		return paprika.BadRequest("pkcs12 is required: the PKCS#12 (.p12, .pfx) file in base64")
	}
	if base64.StdEncoding.DecodedLen(len(in.PKCS12)) > maxPKCS12Bytes+3 {
		return paprika.BadRequest("pkcs12 is at most %d KiB", maxPKCS12Bytes>>10)
	}
	pfx, err := base64.StdEncoding.DecodeString(in.PKCS12)
	if err != nil {
		return paprika.BadRequest("pkcs12 is not base64")
	}
	sk, err := parsePKCS12(pfx, in.Password)
	if err != nil {
		return err
	}
	cert := sk.Certificate
	plain, err := sk.Marshal()
	if err != nil {
		return err
	}
	tenantID := principal(r).Tenant.ID
	c, err := s.store.PutCertificate(r.Context(), paprika.Certificate{
		TenantID: tenantID, Name: name, Subject: cert.Subject.String(), Issuer: cert.Issuer.String(),
		NotBefore: cert.NotBefore, NotAfter: cert.NotAfter,
		Sealed: s.cfg.SecretKey.Seal(plain, paprika.CertificatePlace(tenantID, name)),
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toCertificateJSON(c))
	return nil
}

func (s *Server) listCertificates(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	rows, err := s.store.Certificates(r.Context(), principal(r).Tenant.ID, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]CertificateJSON, len(rows))
	for i := range rows {
		out[i] = toCertificateJSON(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(c CertificateJSON) string { return c.Name }))
	return nil
}

func (s *Server) deleteCertificate(w http.ResponseWriter, r *http.Request) error {
	if err := s.store.DeleteCertificate(r.Context(), principal(r).Tenant.ID, r.PathValue("name")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// renderCertificates are a synchronous render's tenant's certificates,
// for options.pdf.signature.
func (s *Server) renderCertificates(tenantID string) *render.Certificates {
	return &render.Certificates{Key: s.cfg.SecretKey, Find: func(ctx context.Context, name string) (*paprika.Certificate, error) {
		return s.store.Certificate(ctx, tenantID, name)
	}}
}

// parsePKCS12 reads a tenant's PKCS#12 file: one RSA or ECDSA key, its
// certificate, at most maxChain CAs. Its errors are 400s saying what is
// wrong, never holding the password or the key.
func parsePKCS12(pfx []byte, password string) (_ *paprika.SigningKey, err error) {
	if err := checkIterations(pfx); err != nil {
		return nil, err
	}
	defer func() {
		// A hostile file must not take the process down, whatever the
		// library does with it.
		if r := recover(); r != nil {
			err = paprika.BadRequest("pkcs12 does not parse")
		}
	}()
	key, cert, chain, err := pkcs12.DecodeChain(pfx, password)
	switch {
	case errors.Is(err, pkcs12.ErrIncorrectPassword):
		return nil, paprika.BadRequest("password does not open the PKCS#12 file")
	case err != nil:
		// go-pkcs12's messages say what the file lacks ("private key
		// missing"); none holds the password or the key.
		return nil, paprika.BadRequest("pkcs12 is not a PKCS#12 file of one private key and its certificate: %s", err.Error())
	}
	if len(chain) > maxChain {
		return nil, paprika.BadRequest("pkcs12 holds %d CA certificates; at most %d", len(chain), maxChain)
	}
	sk, err := paprika.NewSigningKey(key, cert, chain)
	if err != nil {
		return nil, paprika.BadRequest("pkcs12: %s", err.Error())
	}
	if cert.KeyUsage != 0 && cert.KeyUsage&(x509.KeyUsageDigitalSignature|x509.KeyUsageContentCommitment) == 0 {
		return nil, paprika.BadRequest("pkcs12: the certificate's key usage allows no signatures (digitalSignature or nonRepudiation)")
	}
	return sk, nil
}

// checkIterations refuses a PKCS#12 file whose key derivations ask for
// more than maxPKCS12Iterations rounds, before any is run. It walks the
// file's DER, and the DER inside its octet strings, and adds up every
// PBE parameter (a SEQUENCE of an OCTET STRING salt and an INTEGER
// count: the MAC's, PKCS#12 PBE's, PBKDF2's).
func checkIterations(pfx []byte) error {
	total := 0
	var walk func(der []byte, depth int)
	walk = func(der []byte, depth int) {
		if depth > 16 || total > maxPKCS12Iterations {
			return
		}
		in := cryptobyte.String(der)
		for !in.Empty() {
			var el cryptobyte.String
			var tag cbasn1.Tag
			if !in.ReadAnyASN1(&el, &tag) {
				return
			}
			switch {
			case tag == cbasn1.OCTET_STRING:
				walk(el, depth+1)
			case tag == cbasn1.SEQUENCE:
				probe := el
				var salt cryptobyte.String
				var n int64
				if probe.ReadASN1(&salt, cbasn1.OCTET_STRING) && probe.PeekASN1Tag(cbasn1.INTEGER) && probe.ReadASN1Int64WithTag(&n, cbasn1.INTEGER) {
					if n < 0 || n > maxPKCS12Iterations {
						total = maxPKCS12Iterations + 1
						return
					}
					total += int(n)
				}
				walk(el, depth+1)
			case tag&0x20 != 0: // any other constructed element
				walk(el, depth+1)
			}
		}
	}
	walk(pfx, 0)
	// The MacData's iteration count follows its salt in the PFX's top
	// SEQUENCE, after a DigestInfo: SEQUENCE { DigestInfo, salt, count }.
	if total += macIterations(pfx); total > maxPKCS12Iterations {
		return paprika.BadRequest("pkcs12 asks for more than %d key-derivation iterations; export it with fewer (openssl pkcs12 -iter 2048)", maxPKCS12Iterations)
	}
	return nil
}

// macIterations is the iteration count of a PFX's MacData, 1 when absent.
func macIterations(pfx []byte) int {
	in := cryptobyte.String(pfx)
	var pdu, mac, digestInfo, salt cryptobyte.String
	var version int64
	if !in.ReadASN1(&pdu, cbasn1.SEQUENCE) || !pdu.ReadASN1Int64WithTag(&version, cbasn1.INTEGER) ||
		!pdu.SkipASN1(cbasn1.SEQUENCE) || !pdu.ReadASN1(&mac, cbasn1.SEQUENCE) ||
		!mac.ReadASN1(&digestInfo, cbasn1.SEQUENCE) || !mac.ReadASN1(&salt, cbasn1.OCTET_STRING) {
		return 0
	}
	var n int64 = 1
	if mac.PeekASN1Tag(cbasn1.INTEGER) && !mac.ReadASN1Int64WithTag(&n, cbasn1.INTEGER) {
		return maxPKCS12Iterations + 1 // a count too large for 64 bits
	}
	if n < 0 || n > maxPKCS12Iterations {
		return maxPKCS12Iterations + 1
	}
	return int(n)
}
