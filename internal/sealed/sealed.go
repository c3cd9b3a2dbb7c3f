// Package sealed encrypts secrets Paprika keeps at rest (a tenant's
// signing keys and their certificates) with the operator's
// PAPRIKA_SECRET_KEY: AES-256-GCM, a random 96-bit nonce for every seal,
// and associated data that binds a sealed value to where it is stored (a
// tenant and a name), so that a value copied to another row does not open.
package sealed

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the length of a key, in bytes (AES-256).
const KeySize = 32

// version is the first byte of every sealed value: a later scheme can be
// told apart from this one.
const version = 1

// ErrOpen is the error of a value that does not open: another key, other
// associated data, or bytes changed since it was sealed.
var ErrOpen = errors.New("sealed: the value does not open with this key (another key, another place, or changed bytes)")

// Key seals and opens values. It is safe for concurrent use.
type Key struct {
	aead cipher.AEAD
}

// ParseKey reads a key of KeySize bytes in base64 (standard or URL
// alphabet, padded or not). Its error never holds the value.
func ParseKey(s string) (*Key, error) {
	s = strings.TrimSpace(s)
	var raw []byte
	var err error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if raw, err = enc.DecodeString(s); err == nil {
			break
		}
	}
	if err != nil {
		return nil, errors.New("must be base64 (make one with: openssl rand -base64 32)")
	}
	if len(raw) != KeySize {
		return nil, fmt.Errorf("must be %d bytes in base64, not %d bytes (make one with: openssl rand -base64 32)", KeySize, len(raw))
	}
	return NewKey(raw)
}

// NewKey returns the key of raw, KeySize bytes.
func NewKey(raw []byte) (*Key, error) {
	if len(raw) != KeySize {
		return nil, fmt.Errorf("sealed: a key is %d bytes, not %d", KeySize, len(raw))
	}
	block, err := aes.NewCipher(raw)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Key{aead: aead}, nil
}

// Seal encrypts plain, bound to ad: version, nonce, then the ciphertext
// with its tag.
func (k *Key) Seal(plain, ad []byte) []byte {
	out := make([]byte, 1+k.aead.NonceSize(), 1+k.aead.NonceSize()+len(plain)+k.aead.Overhead())
	out[0] = version
	_, _ = rand.Read(out[1:]) // never fails (crypto/rand)
	return k.aead.Seal(out, out[1:], plain, ad)
}

// Open decrypts what Seal made with the same key and ad, or returns ErrOpen.
func (k *Key) Open(box, ad []byte) ([]byte, error) {
	n := k.aead.NonceSize()
	if len(box) < 1+n+k.aead.Overhead() || box[0] != version {
		return nil, ErrOpen
	}
	plain, err := k.aead.Open(nil, box[1:1+n], box[1+n:], ad)
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}
