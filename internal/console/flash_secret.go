package console

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"net/http"
)

// A new key's secret is shown once, on the page the creating POST
// redirects to (post/redirect/get: reloading that page creates no second
// key). Between the two requests it waits as a one-time item of the
// session, taken (read and deleted) by the GET. It is sealed with AES-GCM
// under a key derived from the session's cookie, which the server never
// stores (the database has only its hash): the database never holds a
// secret it could show.

// secretFlashType marks a sealed secret among the session's kept items.
const secretFlashType = "application/x.paprika-sealed-secret"

// flashKey derives the sealing key from the session's cookie value.
func flashKey(r *http.Request) ([]byte, error) {
	ck, err := r.Cookie(cookieName)
	if err != nil || ck.Value == "" {
		return nil, errors.New("console: no session cookie")
	}
	m := hmac.New(sha256.New, []byte(ck.Value))
	m.Write([]byte("paprika console: a secret shown once"))
	return m.Sum(nil), nil
}

func flashCipher(r *http.Request) (cipher.AEAD, error) {
	key, err := flashKey(r)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// putSecretFlash seals plain for the session's next page and returns the
// id that page is given.
func (c *Console) putSecretFlash(r *http.Request, s *session, plain []byte) (string, error) {
	aead, err := flashCipher(r)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	id := randomString(16)
	sealed := aead.Seal(nonce, nonce, plain, []byte(id))
	return id, c.cfg.Sessions.SaveConsolePreview(r.Context(), id, s.tokenHash, secretFlashType, sealed, previewsKept)
}

// takeSecretFlash returns the sealed item id once; nil when it was taken
// already (a reload) or is not the session's.
func (c *Console) takeSecretFlash(r *http.Request, s *session, id string) ([]byte, error) {
	contentType, sealed, ok, err := c.cfg.Sessions.TakeConsolePreview(r.Context(), id, s.tokenHash)
	if err != nil || !ok || contentType != secretFlashType {
		return nil, err
	}
	aead, err := flashCipher(r)
	if err != nil || len(sealed) < aead.NonceSize() {
		return nil, err
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], []byte(id))
	if err != nil {
		return nil, nil // sealed for another cookie: not this browser's to see
	}
	return plain, nil
}
