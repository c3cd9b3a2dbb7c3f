package api

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"errors"
	"sync"
	"time"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
	"golang.org/x/crypto/pbkdf2"
	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/paprika"
)

// inspectEncrypted checks that no encrypted container of a PKCS#12 file
// holds a key: a shrouded key inside one would ask for a derivation that
// countPKCS12 cannot see before the container is decrypted. Each container
// is decrypted by go-pkcs12 itself (its rounds are counted already) in a
// probe file of its own, after a plain key bag: go-pkcs12 reads bags in
// order and refuses a second key before deriving it, so the probe runs no
// derivation but the container's, and decodes only when the container
// holds certificates alone. A container that holds a key is refused, as
// nesting Paprika does not count.
func inspectEncrypted(containers [][]byte, password string) error {
	for _, container := range containers {
		probe, err := probePFX(container, password)
		if err != nil {
			return err
		}
		_, _, _, err = pkcs12.DecodeChain(probe, password)
		switch {
		case err == nil:
		case errors.Is(err, pkcs12.ErrIncorrectPassword), errors.Is(err, pkcs12.ErrDecryption):
			return errWrongPassword
		default:
			return refusePKCS12("an encrypted container holds a key or what cannot be read (" + err.Error() + "); export the key in a shrouded key bag of its own, as openssl pkcs12 -export does")
		}
	}
	return nil
}

// probePFX is a PKCS#12 file of a throwaway key in a plain key bag, then
// container: with password's MAC, one PBMAC1 round, unless password is
// empty (go-pkcs12 reads a file without a MAC then).
func probePFX(container []byte, password string) ([]byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	var safe cryptobyte.Builder
	safe.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // AuthenticatedSafe
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // ContentInfo: data
			b.AddASN1ObjectIdentifier(oidData)
			b.AddASN1(tagContextExplicit, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.OCTET_STRING, func(b *cryptobyte.Builder) {
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // SafeContents
						b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // SafeBag: keyBag
							b.AddASN1ObjectIdentifier(oidKeyBag)
							b.AddASN1(tagContextExplicit, func(b *cryptobyte.Builder) { b.AddBytes(pkcs8) })
						})
					})
				})
			})
		})
		b.AddBytes(container)
	})
	authSafe, err := safe.Bytes()
	if err != nil {
		return nil, err
	}
	var pfx cryptobyte.Builder
	pfx.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(3)
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(oidData)
			b.AddASN1(tagContextExplicit, func(b *cryptobyte.Builder) { b.AddASN1OctetString(authSafe) })
		})
		if password != "" {
			addPBMAC1(b, authSafe, password)
		}
	})
	return pfx.Bytes()
}

// addPBMAC1 adds a MacData of message under password: PBMAC1 with one
// PBKDF2-HMAC-SHA-256 round, as go-pkcs12 checks it (the password as UTF-8).
func addPBMAC1(b *cryptobyte.Builder, message []byte, password string) {
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	mac := hmac.New(sha256.New, pbkdf2.Key([]byte(password), salt, 1, 32, sha256.New))
	mac.Write(message)
	hmacSHA256 := func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oidHMACWithSHA256)
		b.AddASN1NULL()
	}
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // MacData
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { // DigestInfo
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1ObjectIdentifier(oidPBMAC1)
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
						b.AddASN1ObjectIdentifier(oidPBKDF2)
						b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
							b.AddASN1OctetString(salt)
							b.AddASN1Int64(1)
							b.AddASN1Int64(32)
							b.AddASN1(cbasn1.SEQUENCE, hmacSHA256)
						})
					})
					b.AddASN1(cbasn1.SEQUENCE, hmacSHA256)
				})
			})
			b.AddASN1OctetString(mac.Sum(nil))
		})
		b.AddASN1OctetString(salt)
		b.AddASN1Int64(1)
	})
}

// uploadLimiter counts each tenant's uploads in the current clock minute,
// in this process: certificate uploads are few (a tenant stores a handful
// of certificates), and each costs key derivations, so they get a small
// bound of their own, apart from the tier's ratePerMinute, which counts
// renders and submissions in PostgreSQL. Its map holds the tenants of one
// minute only.
type uploadLimiter struct {
	mu     sync.Mutex
	minute int64
	counts map[string]int
}

// allow counts one upload of tenantID at now, unless it already made
// limit this minute: then it answers false and the seconds to the next
// minute.
func (l *uploadLimiter) allow(tenantID string, now time.Time, limit int) (ok bool, retryAfter int) {
	minute := now.Unix() / 60
	l.mu.Lock()
	defer l.mu.Unlock()
	if minute != l.minute || l.counts == nil {
		l.minute, l.counts = minute, map[string]int{}
	}
	if l.counts[tenantID] >= limit {
		return false, int(60 - now.Unix()%60)
	}
	l.counts[tenantID]++
	return true, 0
}

// errWrongPassword answers a password that does not open the file.
var errWrongPassword = paprika.BadRequest("password does not open the PKCS#12 file")
