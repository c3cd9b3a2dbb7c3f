package pdf

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"fmt"
	"slices"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The CMS (RFC 5652) of a PAdES B-B signature, written here rather than
// taken from a PKCS#7 library: github.com/digitorus/pkcs7's current
// version needs a newer Go than this module's, and go.mozilla.org/pkcs7
// is archived and always signs a signing-time attribute, which PAdES
// baseline signatures must not carry (the time is the signature
// dictionary's /M). What a PAdES B-B signer needs is one SignedData with
// one SignerInfo and three signed attributes; golang.org/x/crypto's
// cryptobyte writes its DER.

var (
	oidData                 = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 1}
	oidSignedData           = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 2}
	oidContentType          = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 3}
	oidMessageDigest        = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 4}
	oidSigningCertificateV2 = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 47}
	oidSHA256               = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}
	oidRSAEncryption        = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 1}
	oidECDSAWithSHA256      = asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3, 2}
)

// cmsSignature returns a detached CMS SignedData over content whose
// SHA-256 is digest, signed by k: the signed attributes content-type
// (id-data), message-digest and ESS signing-certificate-v2 (RFC 5035,
// the signer's certificate by its SHA-256 and issuer and serial), and the
// signer's certificate and chain in the certificates field.
func cmsSignature(digest []byte, k *paprika.SigningKey) ([]byte, error) {
	attrs := signedAttributes(digest, k.Certificate)
	h := sha256.Sum256(attrs)
	var sigAlg asn1.ObjectIdentifier
	var sigNull bool
	switch k.Key.Public().(type) {
	case *rsa.PublicKey:
		sigAlg, sigNull = oidRSAEncryption, true
	case *ecdsa.PublicKey:
		sigAlg = oidECDSAWithSHA256
	default:
		return nil, fmt.Errorf("cms: a %T key cannot sign", k.Key.Public())
	}
	sig, err := k.Key.Sign(rand.Reader, h[:], crypto.SHA256)
	if err != nil {
		return nil, fmt.Errorf("cms: sign: %w", err)
	}
	// In the SignerInfo the attributes are [0] IMPLICIT; their signature
	// is over the same bytes tagged as a SET (RFC 5652 §5.4).
	implicit := slices.Clone(attrs)
	implicit[0] = byte(cbasn1.Tag(0).Constructed().ContextSpecific())

	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // ContentInfo
		b.AddASN1ObjectIdentifier(oidSignedData)
		b.AddASN1(cbasn1.Tag(0).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // SignedData
				b.AddASN1Int64(1)
				b.AddASN1(cbasn1.SET, func(b *cryptobyte.Builder) { algorithm(b, oidSHA256, false) })
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // detached: no eContent
					b.AddASN1ObjectIdentifier(oidData)
				})
				b.AddASN1(cbasn1.Tag(0).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
					b.AddBytes(k.Certificate.Raw)
					for _, c := range k.Chain {
						b.AddBytes(c.Raw)
					}
				})
				b.AddASN1(cbasn1.SET, func(b *cryptobyte.Builder) {
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // SignerInfo
						b.AddASN1Int64(1)
						issuerAndSerial(b, k.Certificate)
						algorithm(b, oidSHA256, false)
						b.AddBytes(implicit)
						algorithm(b, sigAlg, sigNull)
						b.AddASN1OctetString(sig)
					})
				})
			})
		})
	})
	return b.Bytes()
}

// signedAttributes is the DER SET OF the three signed attributes, in DER
// order (by their encodings).
func signedAttributes(digest []byte, cert *x509.Certificate) []byte {
	certHash := sha256.Sum256(cert.Raw)
	attrs := [][]byte{
		attribute(oidContentType, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(oidData) }),
		attribute(oidMessageDigest, func(b *cryptobyte.Builder) { b.AddASN1OctetString(digest) }),
		attribute(oidSigningCertificateV2, func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // SigningCertificateV2
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // certs
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // ESSCertIDv2
						// hashAlgorithm is left out: its DEFAULT is SHA-256.
						b.AddASN1OctetString(certHash[:])
						b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // IssuerSerial
							b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // GeneralNames
								b.AddASN1(cbasn1.Tag(4).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
									b.AddBytes(cert.RawIssuer) // directoryName
								})
							})
							b.AddASN1BigInt(cert.SerialNumber)
						})
					})
				})
			})
		}),
	}
	slices.SortFunc(attrs, bytes.Compare)
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SET, func(b *cryptobyte.Builder) {
		for _, a := range attrs {
			b.AddBytes(a)
		}
	})
	return b.BytesOrPanic()
}

// attribute is an Attribute of one value.
func attribute(oid asn1.ObjectIdentifier, value func(*cryptobyte.Builder)) []byte {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
		b.AddASN1(cbasn1.SET, value)
	})
	return b.BytesOrPanic()
}

func algorithm(b *cryptobyte.Builder, oid asn1.ObjectIdentifier, null bool) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
		if null {
			b.AddASN1NULL()
		}
	})
}

func issuerAndSerial(b *cryptobyte.Builder, cert *x509.Certificate) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddBytes(cert.RawIssuer)
		b.AddASN1BigInt(cert.SerialNumber)
	})
}

// cmsReserve is the room a signature by k can take in its DER: its
// certificates, its attributes (which name the issuer) and the
// signature itself (RSA up to 8192 bits), with room to spare.
func cmsReserve(k *paprika.SigningKey) int {
	n := len(k.Certificate.Raw) + 2*len(k.Certificate.RawIssuer) + 2048
	for _, c := range k.Chain {
		n += len(c.Raw)
	}
	return n
}
