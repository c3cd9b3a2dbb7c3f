package attacks

import (
	"context"
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

// hiddenIterationsPFX is a PKCS#12 file without a MAC (so an empty
// password opens it) whose one encrypted bag asks PBKDF2 for 2^40
// rounds, its salt tagged [UNIVERSAL 4] in another class (context-specific
// 4, which go-pkcs12 reads as an OCTET STRING), so that a count of the
// parameters that looks for SEQUENCE { OCTET STRING, INTEGER } misses it.
func hiddenIterationsPFX() []byte {
	const (
		seq, octets, ctx0, ctx0Prim, ctx4Prim = 0x30, 0x04, 0xa0, 0x80, 0x84
	)
	pbkdf2 := der(seq, oid(1, 2, 840, 113549, 1, 5, 12), der(seq,
		der(ctx4Prim, []byte("saltsalt")),
		integer(1<<40),
		der(seq, oid(1, 2, 840, 113549, 2, 9), []byte{0x05, 0x00}), // hmacWithSHA256
	))
	aes := der(seq, oid(2, 16, 840, 1, 101, 3, 4, 1, 42), der(octets, make([]byte, 16)))
	pbes2 := der(seq, oid(1, 2, 840, 113549, 1, 5, 13), der(seq, pbkdf2, aes))
	encrypted := der(seq, integer(0), der(seq,
		oid(1, 2, 840, 113549, 1, 7, 1), pbes2, der(ctx0Prim, make([]byte, 32))))
	authSafe := der(seq, der(seq, oid(1, 2, 840, 113549, 1, 7, 6), der(ctx0, encrypted)))
	return der(seq, integer(3), der(seq, oid(1, 2, 840, 113549, 1, 7, 1), der(ctx0, der(octets, authSafe))))
}

// TestPKCS12HiddenIterations proves that deriving a certificate's key runs
// under a deadline, whatever the file hides from a count of its
// parameters: a PKCS#12 asking for 2^40 PBKDF2 rounds where the count
// does not look is a 400, for little of the api's CPU; and uploads are
// rate-limited, so that 30 in a minute meet some 429s.
func TestPKCS12HiddenIterations(t *testing.T) {
	w := shared(t)
	pfx := base64.StdEncoding.EncodeToString(hiddenIterationsPFX())
	body := map[string]any{"pkcs12": pfx, "password": ""}
	w.attack(t, "pkcs12-hidden-iterations", func() {
		cpu := cpuSeconds(w.api.Pid())
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute) // generous: the answer takes under a second
		defer cancel()
		a, err := w.do(ctx, http.MethodPut, "/v1/certificates/hidden", w.certs, body)
		used := cpuSeconds(w.api.Pid()) - cpu
		if err != nil {
			// Unanswered: the api derives on. Stop it, so that the rest
			// of the suite runs; ensure starts it again.
			w.api.Kill()
			t.Fatalf("the upload was not answered (%v); the api had used %.1f s of CPU", err, used)
		}
		refused(t, a, http.StatusBadRequest, "bad-request")
		if used > 5 {
			t.Errorf("refusing it took %.1f s of the api's CPU, want under 5 s", used)
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
