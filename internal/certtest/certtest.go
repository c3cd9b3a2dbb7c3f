// Package certtest makes signing certificates for tests: a CA of its own
// and a certificate it issued, made with crypto/x509 at test time (no
// fixture to expire), and their PKCS#12 bundle as a tenant uploads it.
package certtest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Set is a CA and the signing certificate it issued.
type Set struct {
	CA      *x509.Certificate
	CAKey   crypto.Signer
	Cert    *x509.Certificate
	Key     crypto.Signer
	Subject string // the signer's common name
}

// Options choose the signer's key and validity.
type Options struct {
	CommonName          string
	NotBefore, NotAfter time.Time // zero: from an hour ago to a year on
	ECDSA               bool      // a P-256 key, else RSA 2048
}

// New makes a CA and a signing certificate.
func New(t testing.TB, o Options) *Set {
	t.Helper()
	if o.CommonName == "" {
		o.CommonName = "Paprika Test Signer"
	}
	if o.NotBefore.IsZero() {
		o.NotBefore = time.Now().Add(-time.Hour)
	}
	if o.NotAfter.IsZero() {
		o.NotAfter = time.Now().AddDate(1, 0, 0)
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Paprika Test CA", Organization: []string{"Paprika Tests"}},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().AddDate(2, 0, 0),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	ca := create(t, caTmpl, caTmpl, caKey.Public(), caKey)
	var key crypto.Signer
	if o.ECDSA {
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	} else {
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	}
	if err != nil {
		t.Fatal(err)
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	leaf := create(t, &x509.Certificate{
		SerialNumber: serial, Subject: pkix.Name{CommonName: o.CommonName, Organization: []string{"Paprika Tests"}},
		NotBefore: o.NotBefore, NotAfter: o.NotAfter,
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageEmailProtection},
	}, ca, key.Public(), caKey)
	return &Set{CA: ca, CAKey: caKey, Cert: leaf, Key: key, Subject: o.CommonName}
}

func create(t testing.TB, tmpl, parent *x509.Certificate, pub crypto.PublicKey, signer crypto.Signer) *x509.Certificate {
	t.Helper()
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// PKCS12 is the signer's key, certificate and CA as a PKCS#12 file,
// encoded by go-pkcs12's Modern encoder (AES-256, PBKDF2).
func (s *Set) PKCS12(t testing.TB, password string) []byte {
	t.Helper()
	pfx, err := pkcs12.Modern.Encode(s.Key, s.Cert, []*x509.Certificate{s.CA}, password)
	if err != nil {
		t.Fatal(err)
	}
	return pfx
}

// SigningKey is the signer as the renderer gets it.
func (s *Set) SigningKey() *paprika.SigningKey {
	return &paprika.SigningKey{Key: s.Key, Certificate: s.Cert, Chain: []*x509.Certificate{s.CA}}
}

// WriteCA writes the CA certificate as PEM into dir and returns its path,
// for openssl cms -verify -CAfile.
func (s *Set) WriteCA(t testing.TB, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.CA.Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
