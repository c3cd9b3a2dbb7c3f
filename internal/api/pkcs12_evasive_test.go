package api

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/pem"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
	"golang.org/x/crypto/pbkdf2"
	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/certtest"
)

// hugeCount is 2^40 iterations: days of PBKDF2 on a core.
const hugeCount = 1 << 40

var oidX509Certificate = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 22, 1}

// p12 builds PKCS#12 structures by hand, as an attacker would, with
// cryptobyte: each helper adds one element.
type p12 = cryptobyte.Builder

func addSeq(b *p12, f func(*p12))      { b.AddASN1(cbasn1.SEQUENCE, f) }
func addExplicit(b *p12, f func(*p12)) { b.AddASN1(tagContextExplicit, f) }

// addPBES2 adds a PBES2 AlgorithmIdentifier: PBKDF2-HMAC-SHA-256 of count
// iterations, its salt under saltTag, and AES-256-CBC with iv.
func addPBES2(b *p12, saltTag cbasn1.Tag, salt []byte, count int64, iv []byte) {
	addSeq(b, func(b *p12) {
		b.AddASN1ObjectIdentifier(oidPBES2)
		addSeq(b, func(b *p12) {
			addSeq(b, func(b *p12) {
				b.AddASN1ObjectIdentifier(oidPBKDF2)
				addSeq(b, func(b *p12) {
					b.AddASN1(saltTag, func(b *p12) { b.AddBytes(salt) })
					b.AddASN1Int64(count)
					addSeq(b, func(b *p12) { b.AddASN1ObjectIdentifier(oidHMACWithSHA256); b.AddASN1NULL() })
				})
			})
			addSeq(b, func(b *p12) { b.AddASN1ObjectIdentifier(oidAES256CBC); b.AddASN1OctetString(iv) })
		})
	})
}

// shroudedKeyBag is a SafeBag of a key whose PBES2 derivation asks for
// count iterations, its salt under saltTag. The key need not be real: the
// derivation runs before anything is decrypted.
func shroudedKeyBag(saltTag cbasn1.Tag, count int64) func(*p12) {
	return func(b *p12) {
		addSeq(b, func(b *p12) {
			b.AddASN1ObjectIdentifier(oidShroudedKeyBag)
			addExplicit(b, func(b *p12) {
				addSeq(b, func(b *p12) {
					addPBES2(b, saltTag, make([]byte, 8), count, make([]byte, 16))
					b.AddASN1OctetString(make([]byte, 48))
				})
			})
		})
	}
}

// certBag is a SafeBag of cert.
func certBag(cert *x509.Certificate) func(*p12) {
	return func(b *p12) {
		addSeq(b, func(b *p12) {
			b.AddASN1ObjectIdentifier(oidCertBag)
			addExplicit(b, func(b *p12) {
				addSeq(b, func(b *p12) {
					b.AddASN1ObjectIdentifier(oidX509Certificate)
					addExplicit(b, func(b *p12) { b.AddASN1OctetString(cert.Raw) })
				})
			})
		})
	}
}

// safeContents is the DER of a SafeContents of bags.
func safeContents(t *testing.T, bags ...func(*p12)) []byte {
	var b p12
	addSeq(&b, func(b *p12) {
		for _, bag := range bags {
			bag(b)
		}
	})
	return b.BytesOrPanic()
}

// dataInfo is a data ContentInfo of contents.
func dataInfo(contents []byte) func(*p12) {
	return func(b *p12) {
		addSeq(b, func(b *p12) {
			b.AddASN1ObjectIdentifier(oidData)
			addExplicit(b, func(b *p12) { b.AddASN1OctetString(contents) })
		})
	}
}

// encryptedInfo is an encryptedData ContentInfo of contents, encrypted
// for real with the empty password (PBES2, one PBKDF2 iteration), so that
// go-pkcs12 decrypts it and reads what it holds.
func encryptedInfo(t *testing.T, contents []byte) func(*p12) {
	salt, iv := make([]byte, 8), make([]byte, 16)
	block, err := aes.NewCipher(pbkdf2.Key(nil, salt, 1, 32, sha256.New))
	require.NoError(t, err)
	pad := 16 - len(contents)%16
	plain := append(append([]byte{}, contents...), []byte(strings.Repeat(string(rune(pad)), pad))...)
	sealed := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(sealed, plain)
	return func(b *p12) {
		addSeq(b, func(b *p12) {
			b.AddASN1ObjectIdentifier(oidEncryptedData)
			addExplicit(b, func(b *p12) {
				addSeq(b, func(b *p12) {
					b.AddASN1Int64(0)
					addSeq(b, func(b *p12) {
						b.AddASN1ObjectIdentifier(oidData)
						addPBES2(b, cbasn1.OCTET_STRING, salt, 1, iv)
						b.AddASN1(tagContextImplicit, func(b *p12) { b.AddBytes(sealed) })
					})
				})
			})
		})
	}
}

// pfxOf is a PFX of infos, with mac (MacData) unless nil.
func pfxOf(infos []func(*p12), mac func(*p12)) []byte {
	var safe p12
	addSeq(&safe, func(b *p12) {
		for _, info := range infos {
			info(b)
		}
	})
	authSafe := safe.BytesOrPanic()
	var b p12
	addSeq(&b, func(b *p12) {
		b.AddASN1Int64(3)
		dataInfo(authSafe)(b)
		if mac != nil {
			mac(b)
		}
	})
	return b.BytesOrPanic()
}

// evasivePKCS12 are files that hide a 2^40-iteration derivation from a
// count that only recognises a salt OCTET STRING followed by an INTEGER,
// or that does not look inside encrypted content; none has a MAC that
// would stop it before its derivations (the empty password, or a MAC that
// is itself the derivation).
func evasivePKCS12(t *testing.T) map[string][]byte {
	set := certtest.New(t, certtest.Options{ECDSA: true})
	otherClass := cbasn1.Tag(4).ContextSpecific() // [4]: tag number 4, OCTET STRING's, in another class
	return map[string][]byte{
		"a salt tagged in another class, no MAC": pfxOf([]func(*p12){
			dataInfo(safeContents(t, shroudedKeyBag(otherClass, hugeCount), certBag(set.Cert))),
		}, nil),
		"a key bag inside an encrypted SafeContents, no MAC": pfxOf([]func(*p12){
			dataInfo(safeContents(t, certBag(set.Cert))),
			encryptedInfo(t, safeContents(t, shroudedKeyBag(cbasn1.OCTET_STRING, hugeCount))),
		}, nil),
		"a PBMAC1 MAC with a salt tagged in another class": pfxOf([]func(*p12){
			dataInfo(safeContents(t, certBag(set.Cert))),
		}, func(b *p12) {
			addSeq(b, func(b *p12) {
				addSeq(b, func(b *p12) {
					addSeq(b, func(b *p12) {
						b.AddASN1ObjectIdentifier(oidPBMAC1)
						addSeq(b, func(b *p12) {
							addSeq(b, func(b *p12) {
								b.AddASN1ObjectIdentifier(oidPBKDF2)
								addSeq(b, func(b *p12) {
									b.AddASN1(otherClass, func(b *p12) { b.AddBytes(make([]byte, 8)) })
									b.AddASN1Int64(hugeCount)
									b.AddASN1Int64(32)
									addSeq(b, func(b *p12) { b.AddASN1ObjectIdentifier(oidHMACWithSHA256); b.AddASN1NULL() })
								})
							})
							addSeq(b, func(b *p12) { b.AddASN1ObjectIdentifier(oidHMACWithSHA256); b.AddASN1NULL() })
						})
					})
					b.AddASN1OctetString(make([]byte, 32))
				})
				b.AddASN1OctetString(make([]byte, 8))
				b.AddASN1Int64(1)
			})
		}),
	}
}

// threadCPU is the CPU time the calling OS thread has used.
func threadCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Files that hide a 2^40-iteration key derivation (a salt in another
// ASN.1 class, a shrouded key inside an encrypted container, a PBMAC1 MAC
// so hidden; no MAC to stop them) are refused, 400 saying so, before any
// of it runs: reading each costs next to no CPU, where go-pkcs12 would
// derive for days. The CPU is that of the thread reading the file, locked
// to it, so that other tests do not count.
func TestPKCS12EvasiveIterationsRefused(t *testing.T) {
	t.Parallel()
	for name, pfx := range evasivePKCS12(t) {
		for _, password := range []string{"", "pw"} {
			done := make(chan struct{})
			var err error
			var cpu time.Duration
			go func() {
				defer close(done)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				before := threadCPU(t)
				_, err = parsePKCS12(pfx, password)
				cpu = threadCPU(t) - before
			}()
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				t.Fatalf("%s: still deriving a key after 2 minutes", name)
			}
			require.Error(t, err, name)
			require.ErrorContains(t, err, "Bad request: p", name) // pkcs12 …, or password does not open it
			t.Logf("%s (password %q): refused in %v of CPU: %s", name, password, cpu, err)
			// 2^40 rounds would take days; the bound's 2 million under a second.
			require.Less(t, cpu, 500*time.Millisecond, name)
		}
	}
}

// The evasive files are refused through the API too, and certificate
// uploads are rate-limited per tenant: past certificateUploadsPerMinute a
// minute, 429 rate-limited with Retry-After and the limit.
func TestCertificateUploadsBounded(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_SECRET_KEY": base64.StdEncoding.EncodeToString(make([]byte, 32))}, nil)
	key := e.tenantKey(t, "acme")
	other := e.tenantKey(t, "globex")
	n := 0
	for name, pfx := range evasivePKCS12(t) {
		resp, body := e.do(t, http.MethodPut, "/v1/certificates/main", key, map[string]any{"pkcs12": base64.StdEncoding.EncodeToString(pfx), "password": ""})
		got := requireError(t, http.StatusBadRequest, "bad-request", resp, body)
		require.Contains(t, got.Message, "pkcs12", name)
		n++
	}
	var resp *http.Response
	var body []byte
	for ; n <= certificateUploadsPerMinute; n++ {
		resp, body = e.do(t, http.MethodPut, "/v1/certificates/main", key, map[string]any{"pkcs12": "AAAA"})
		if resp.StatusCode == http.StatusTooManyRequests {
			break // the clock minute turned while counting: counted again from 0
		}
	}
	if resp.StatusCode != http.StatusTooManyRequests {
		resp, body = e.do(t, http.MethodPut, "/v1/certificates/main", key, map[string]any{"pkcs12": "AAAA"})
	}
	got := requireError(t, http.StatusTooManyRequests, "rate-limited", resp, body)
	require.NotNil(t, got.Limit)
	require.Equal(t, certificateUploadsPerMinute, *got.Limit)
	require.NotEmpty(t, resp.Header.Get("Retry-After"))
	// Another tenant's uploads are its own.
	resp, body = e.do(t, http.MethodPut, "/v1/certificates/main", other, map[string]any{"pkcs12": "AAAA"})
	requireError(t, http.StatusBadRequest, "bad-request", resp, body)
}

// At most maxDerivations files are read at once in a process: past them
// an upload is 503 busy, whatever its file.
func TestCertificateDerivationsBusy(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	for range maxDerivations {
		e.Server.derivations <- struct{}{}
	}
	set := certtest.New(t, certtest.Options{ECDSA: true})
	_, err := e.Server.readPKCS12(t.Context(), set.PKCS12(t, "pw"), "pw")
	require.ErrorIs(t, err, errDerivationsBusy)
	<-e.Server.derivations
	sk, err := e.Server.readPKCS12(t.Context(), set.PKCS12(t, "pw"), "pw")
	require.NoError(t, err)
	require.Equal(t, set.Cert.Raw, sk.Certificate.Raw)
}

// Files as openssl and go-pkcs12 write them are still read: openssl
// pkcs12 -export with its defaults (PBES2, AES-256, a SHA-256 MAC) and
// -legacy (RC2-40 and 3DES, a SHA-1 MAC), and go-pkcs12's encoders,
// with and without a password.
func TestPKCS12LegitimateFilesAccepted(t *testing.T) {
	t.Parallel()
	openssl, err := exec.LookPath("openssl")
	require.NoError(t, err, "openssl writes the reference files; install it with: apt-get install -y openssl")
	for _, ecdsa := range []bool{false, true} {
		set := certtest.New(t, certtest.Options{ECDSA: ecdsa})
		files := map[string][]byte{}
		for name, enc := range map[string]*pkcs12.Encoder{"Modern": pkcs12.Modern, "Modern2026": pkcs12.Modern2026,
			"LegacyRC2": pkcs12.LegacyRC2, "LegacyDES": pkcs12.LegacyDES} {
			pfx, err := enc.Encode(set.Key, set.Cert, []*x509.Certificate{set.CA}, "pw")
			require.NoError(t, err, name)
			files["go-pkcs12 "+name] = pfx
		}
		dir := t.TempDir()
		keyDER, err := x509.MarshalPKCS8PrivateKey(set.Key)
		require.NoError(t, err)
		keyPath, certPath := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem")
		require.NoError(t, os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600))
		require.NoError(t, os.WriteFile(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: set.Cert.Raw}), 0o600))
		for name, args := range map[string][]string{"openssl defaults": nil, "openssl -legacy": {"-legacy"}} {
			out := filepath.Join(dir, "out.p12")
			cmd := exec.Command(openssl, append([]string{"pkcs12", "-export", "-inkey", keyPath, "-in", certPath, "-passout", "pass:pw", "-out", out}, args...)...)
			msg, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s: %s", name, msg)
			files[name], err = os.ReadFile(out)
			require.NoError(t, err)
		}
		for name, pfx := range files {
			sk, err := parsePKCS12(pfx, "pw")
			require.NoError(t, err, name)
			require.Equal(t, set.Cert.Raw, sk.Certificate.Raw, name)
			_, err = parsePKCS12(pfx, "wrong")
			require.ErrorContains(t, err, "password does not open", name)
		}
	}
}
