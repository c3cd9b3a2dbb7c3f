package api

import (
	"context"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"time"

	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

type certificateInput struct {
	PKCS12   string `json:"pkcs12"`
	Password string `json:"password"`
}

// Bounds of an uploaded PKCS#12 file and of the work of reading one.
const (
	maxPKCS12Bytes = 64 << 10
	maxChain       = 10
	// maxPKCS12Iterations bounds the key-derivation rounds reading a file
	// costs, all its MAC and encryption parameters together (countPKCS12):
	// 2,048 an algorithm is common (openssl, go-pkcs12's Modern). A
	// million PBKDF2-SHA256 rounds took 0.37–0.43 s here, so a file asking
	// for 2^31 in one parameter would hold a core for 14 minutes before
	// its password is known to be right; this bound is under a second.
	maxPKCS12Iterations = 2_000_000
	// maxDerivations is how many files one process reads at once: past
	// it an upload is 503 busy, so that derivations cannot take every core.
	maxDerivations = 2
	// derivationDeadline bounds the wait for one file's derivations, which
	// the count above makes far shorter; past it the upload is 503 busy
	// and the derivation's slot stays taken until it ends.
	derivationDeadline = 20 * time.Second
	// certificateUploadsPerMinute bounds a tenant's uploads a minute, in
	// each api process.
	certificateUploadsPerMinute = 10
)

// putCertificate stores a signing certificate from a PKCS#12 file: its
// key and chain sealed with PAPRIKA_SECRET_KEY, its public facts in the
// answer. Neither the file, its password nor the key is logged.
func (s *Server) putCertificate(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	tenantID := principal(r).Tenant.ID
	if ok, retry := s.certUploads.allow(tenantID, time.Now(), certificateUploadsPerMinute); !ok {
		return &paprika.Error{Code: paprika.CodeRateLimited, RetryAfter: retry, Limit: certificateUploadsPerMinute,
			Message: fmt.Sprintf("Rate limited: a tenant uploads at most %d certificates a minute", certificateUploadsPerMinute)}
	}
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
	sk, err := s.readPKCS12(r.Context(), pfx, in.Password)
	if err != nil {
		return err
	}
	cert := sk.Certificate
	plain, err := sk.Marshal()
	if err != nil {
		return err
	}
	c, err := s.store.PutCertificate(r.Context(), paprika.Certificate{
		TenantID: tenantID, Name: name, Subject: cert.Subject.String(), Issuer: cert.Issuer.String(),
		NotBefore: cert.NotBefore, NotAfter: cert.NotAfter,
		Sealed: s.cfg.SecretKey.Seal(plain, paprika.CertificatePlace(tenantID, name)),
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewCertificate(c))
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
	out := make([]wire.Certificate, len(rows))
	for i := range rows {
		out[i] = wire.NewCertificate(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(c wire.Certificate) string { return c.Name }))
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

// errDerivationsBusy answers an upload while maxDerivations files are
// being read, or one whose reading ran past derivationDeadline.
var errDerivationsBusy = &paprika.Error{Code: paprika.CodeBusy, RetryAfter: 5,
	Message: "Busy: this server is reading other certificates; retry shortly"}

// readPKCS12 reads a tenant's PKCS#12 file (parsePKCS12) in one of the
// process's maxDerivations slots and under derivationDeadline: its work is
// counted and bounded before it runs, and the slots and the deadline hold
// whatever that count missed, since go-pkcs12 cannot be stopped once it
// derives a key.
func (s *Server) readPKCS12(ctx context.Context, pfx []byte, password string) (*paprika.SigningKey, error) {
	select {
	case s.derivations <- struct{}{}:
	default:
		return nil, errDerivationsBusy
	}
	type result struct {
		sk  *paprika.SigningKey
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() { <-s.derivations }()
		sk, err := parsePKCS12(pfx, password)
		done <- result{sk, err}
	}()
	deadline := time.NewTimer(derivationDeadline)
	defer deadline.Stop()
	select {
	case r := <-done:
		return r.sk, r.err
	case <-deadline.C:
		s.log.WarnContext(ctx, "a certificate's key derivation ran past its deadline", "requestId", requestID(ctx))
		return nil, errDerivationsBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// parsePKCS12 reads a tenant's PKCS#12 file: one RSA or ECDSA key, its
// certificate, at most maxChain CAs. Every key derivation it asks for is
// counted first (countPKCS12, inspectEncrypted), and the file refused past
// maxPKCS12Iterations rounds or when it cannot be counted. Its errors are
// 400s saying what is wrong, never holding the password or the key.
func parsePKCS12(pfx []byte, password string) (_ *paprika.SigningKey, err error) {
	defer func() {
		// A hostile file must not take the process down, whatever the
		// library does with it.
		if r := recover(); r != nil {
			err = paprika.BadRequest("pkcs12 does not parse")
		}
	}()
	count, err := countPKCS12(pfx, password == "")
	if err != nil {
		return nil, err
	}
	if count.rounds > maxPKCS12Iterations {
		return nil, paprika.BadRequest("pkcs12 asks for %d key-derivation rounds, more than %d; export it with fewer (openssl pkcs12 -iter 2048)", count.rounds, maxPKCS12Iterations)
	}
	if err := inspectEncrypted(count.encrypted, password); err != nil {
		return nil, err
	}
	key, cert, chain, err := pkcs12.DecodeChain(pfx, password)
	switch {
	case errors.Is(err, pkcs12.ErrIncorrectPassword):
		return nil, errWrongPassword
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
