package paprika

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"time"
)

// Certificate is a tenant's stored signing certificate, by name. Sealed
// holds its private key and certificate chain (a SigningKey), encrypted
// with the operator's PAPRIKA_SECRET_KEY bound to CertificatePlace; it is
// never shown in an answer nor logged.
type Certificate struct {
	TenantID  string
	Name      string
	Subject   string // the signing certificate's subject, RFC 2253
	Issuer    string
	NotBefore time.Time
	NotAfter  time.Time
	CreatedAt time.Time
	Sealed    []byte
}

// ValidAt reports whether the certificate may sign at t.
func (c *Certificate) ValidAt(t time.Time) bool {
	return !t.Before(c.NotBefore) && !t.After(c.NotAfter)
}

// CertificatePlace is the associated data a certificate's key is sealed
// with: its tenant and name, so that a sealed key copied to another
// tenant's row does not open there.
func CertificatePlace(tenantID, name string) []byte {
	return []byte("paprika certificate\x00" + tenantID + "\x00" + name)
}

// Opener opens what was sealed for a place (internal/sealed.Key).
type Opener interface {
	Open(box, place []byte) ([]byte, error)
}

// SigningKey is what signs a document: the private key, its certificate,
// and the certificates that issued it (the chain, signer's issuer first;
// possibly empty).
type SigningKey struct {
	Key         crypto.Signer
	Certificate *x509.Certificate
	Chain       []*x509.Certificate
}

// NewSigningKey checks what a PKCS#12 file held: an RSA or ECDSA key that
// belongs to the certificate. Its errors are written for the tenant.
func NewSigningKey(key any, cert *x509.Certificate, chain []*x509.Certificate) (*SigningKey, error) {
	var pub crypto.PublicKey
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return nil, fmt.Errorf("the RSA key has %d bits; a signing key has at least 2048", k.N.BitLen())
		}
		pub = &k.PublicKey
	case *ecdsa.PrivateKey:
		pub = &k.PublicKey
	default:
		return nil, fmt.Errorf("the private key is a %T; a signing key is RSA or ECDSA", key)
	}
	if cert == nil {
		return nil, errors.New("the file holds no certificate")
	}
	if eq, ok := cert.PublicKey.(interface{ Equal(crypto.PublicKey) bool }); !ok || !eq.Equal(pub) {
		return nil, errors.New("the private key does not belong to the certificate")
	}
	return &SigningKey{Key: key.(crypto.Signer), Certificate: cert, Chain: chain}, nil
}

// storedKey is a SigningKey's form inside the sealed value.
type storedKey struct {
	Key   []byte          // PKCS#8
	Certs []asn1.RawValue // the certificate, then the chain
}

// Marshal returns the key and its certificates in the form Open reads.
func (k *SigningKey) Marshal() ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(k.Key)
	if err != nil {
		return nil, err
	}
	s := storedKey{Key: der}
	for _, c := range append([]*x509.Certificate{k.Certificate}, k.Chain...) {
		s.Certs = append(s.Certs, asn1.RawValue{FullBytes: c.Raw})
	}
	return asn1.Marshal(s)
}

// SigningKey opens the certificate's sealed key with the operator's key.
func (c *Certificate) SigningKey(o Opener) (*SigningKey, error) {
	plain, err := o.Open(c.Sealed, CertificatePlace(c.TenantID, c.Name))
	if err != nil {
		return nil, err
	}
	var s storedKey
	if rest, err := asn1.Unmarshal(plain, &s); err != nil || len(rest) > 0 || len(s.Certs) == 0 {
		return nil, fmt.Errorf("certificate %s/%s: the stored key does not parse", c.TenantID, c.Name)
	}
	key, err := x509.ParsePKCS8PrivateKey(s.Key)
	if err != nil {
		return nil, fmt.Errorf("certificate %s/%s: %w", c.TenantID, c.Name, err)
	}
	certs := make([]*x509.Certificate, len(s.Certs))
	for i, raw := range s.Certs {
		if certs[i], err = x509.ParseCertificate(raw.FullBytes); err != nil {
			return nil, fmt.Errorf("certificate %s/%s: %w", c.TenantID, c.Name, err)
		}
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("certificate %s/%s: the stored key cannot sign", c.TenantID, c.Name)
	}
	return &SigningKey{Key: signer, Certificate: certs[0], Chain: certs[1:]}, nil
}
