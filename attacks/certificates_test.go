package attacks

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"math/big"
	"net/http"
	"sync"
	"testing"
	"time"
)

// der is one DER element: tag, length, content.
func der(tag byte, content ...[]byte) []byte {
	var body []byte
	for _, c := range content {
		body = append(body, c...)
	}
	n := len(body)
	var length []byte
	switch {
	case n < 0x80:
		length = []byte{byte(n)}
	case n < 0x100:
		length = []byte{0x81, byte(n)}
	default:
		length = []byte{0x82, byte(n >> 8), byte(n)}
	}
	return append(append([]byte{tag}, length...), body...)
}

func oid(ids ...int) []byte {
	b, err := asn1.Marshal(asn1.ObjectIdentifier(ids))
	if err != nil {
		panic(err)
	}
	return b
}

func integer(n int64) []byte {
	b, err := asn1.Marshal(big.NewInt(n))
	if err != nil {
		panic(err)
	}
	return b
}

// pbes2 is the AlgorithmIdentifier of PBES2: PBKDF2 (HMAC-SHA256) of
// iterations over salt, whose tag is saltTag, then AES-256-CBC with iv.
func pbes2(saltTag byte, salt []byte, iterations int64, iv []byte) []byte {
	const seq, octets = 0x30, 0x04
	kdf := der(seq, oid(1, 2, 840, 113549, 1, 5, 12), der(seq,
		der(saltTag, salt),
		integer(iterations),
		der(seq, oid(1, 2, 840, 113549, 2, 9), []byte{0x05, 0x00}), // hmacWithSHA256
	))
	aes := der(seq, oid(2, 16, 840, 1, 101, 3, 4, 1, 42), der(octets, iv))
	return der(seq, oid(1, 2, 840, 113549, 1, 5, 13), der(seq, kdf, aes))
}

// pfxOf is a PKCS#12 file without a MAC (so an empty password opens it)
// whose one ContentInfo is an EncryptedData of alg and ciphertext.
func pfxOf(alg, ciphertext []byte) []byte {
	const seq, octets, ctx0, ctx0Prim = 0x30, 0x04, 0xa0, 0x80
	encrypted := der(seq, integer(0), der(seq, oid(1, 2, 840, 113549, 1, 7, 1), alg, der(ctx0Prim, ciphertext)))
	authSafe := der(seq, der(seq, oid(1, 2, 840, 113549, 1, 7, 6), der(ctx0, encrypted)))
	return der(seq, integer(3), der(seq, oid(1, 2, 840, 113549, 1, 7, 1), der(ctx0, der(octets, authSafe))))
}

// hiddenSaltPFX asks PBKDF2 for rounds with its salt tagged in
// another class (context-specific 4, which go-pkcs12 reads as an OCTET
// STRING), so that a count of parameters that looks for SEQUENCE { OCTET
// STRING, INTEGER } misses it.
func hiddenSaltPFX(rounds int64) []byte {
	return pfxOf(pbes2(0x84, []byte("saltsalt"), rounds, make([]byte, 16)), make([]byte, 32))
}

// hiddenBagPFX hides a key bag asking for rounds inside an
// encrypted container of one round, which a count of the file's DER cannot
// read into: the container decrypts (empty password), then the bag's key
// is derived.
func hiddenBagPFX(rounds int64) []byte {
	const seq, octets, ctx0 = 0x30, 0x04, 0xa0
	bag := der(seq, oid(1, 2, 840, 113549, 1, 12, 10, 1, 2), der(ctx0, der(seq,
		pbes2(octets, []byte("saltsalt"), rounds, make([]byte, 16)), der(octets, make([]byte, 32)))))
	plain := der(seq, bag) // SafeContents
	salt, iv := []byte("outersalt"), make([]byte, 16)
	key, err := pbkdf2.Key(sha256.New, "", salt, 1, 32)
	if err != nil {
		panic(err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	plain = append(plain, bytes.Repeat([]byte{byte(pad)}, pad)...)
	ciphertext := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(ciphertext, plain)
	return pfxOf(pbes2(octets, salt, 1, iv), ciphertext)
}

// TestPKCS12HiddenIterations proves that deriving a certificate's key runs
// under a deadline, whatever the file hides from a count of its
// parameters: a PKCS#12 asking for 2^40 PBKDF2 rounds where the count
// does not look is a 400, for little of the api's CPU; and uploads are
// rate-limited, so that 30 in a minute meet some 429s.
func TestPKCS12HiddenIterations(t *testing.T) {
	w := shared(t)
	upload := func(pfx []byte) map[string]any {
		return map[string]any{"pkcs12": base64.StdEncoding.EncodeToString(pfx), "password": ""}
	}
	body := upload(hiddenSaltPFX(1 << 40))
	w.attack(t, "pkcs12-hidden-iterations", func() {
		for name, pfx := range map[string][]byte{"salt of another class": hiddenSaltPFX(1 << 40), "key bag in an encrypted container": hiddenBagPFX(1 << 40)} {
			cpu := w.api.cpu()
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute) // generous: the answer takes under a second
			a, err := w.do(ctx, http.MethodPut, "/v1/certificates/hidden", w.certs, upload(pfx))
			cancel()
			used := w.api.cpu() - cpu
			if err != nil {
				// Unanswered: the api derives on. Stop it, so that the
				// rest of the suite runs; ensure starts it again.
				w.api.Kill()
				t.Fatalf("%s: the upload was not answered (%v); the api had used %.1f s of CPU", name, err, used)
			}
			refused(t, a, http.StatusBadRequest, "bad-request")
			t.Logf("%s: refused for %.1f s of the api's CPU", name, used)
			if used > 5 {
				t.Errorf("%s: refusing it took %.1f s of the api's CPU, want under 5 s", name, used)
			}
		}

		var (
			mu     sync.Mutex
			counts = map[int]int{}
			wg     sync.WaitGroup
		)
		start := time.Now()
		for range 30 {
			wg.Go(func() {
				a, err := w.do(t.Context(), http.MethodPut, "/v1/certificates/hidden", w.certs, body)
				if err != nil {
					t.Error(err)
					return
				}
				if a.status == http.StatusTooManyRequests {
					refused(t, a, http.StatusTooManyRequests, "rate-limited")
				}
				mu.Lock()
				counts[a.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		t.Logf("30 uploads in %s: %v", time.Since(start).Round(time.Millisecond), counts)
		if counts[http.StatusTooManyRequests] == 0 {
			t.Errorf("30 uploads at once met no 429 rate-limited: %v", counts)
		}
		if n := counts[http.StatusTooManyRequests] + counts[http.StatusBadRequest]; n != 30 {
			t.Errorf("answers other than 400 and 429: %v", counts)
		}
	})
}
