package certtest

import (
	"bytes"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// Pdfsig runs poppler's pdfsig on doc and returns what it printed. A
// missing pdfsig fails the test with the command that installs it.
func Pdfsig(t testing.TB, doc []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdfsig"); err != nil {
		t.Fatal("pdfsig is needed: scripts/install-deps.sh test (apt-get install -y poppler-utils)")
	}
	p := filepath.Join(t.TempDir(), "signed.pdf")
	if err := os.WriteFile(p, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	// pdfsig exits non-zero for a signature that does not verify; its
	// output says why, which is what tests read.
	out, _ := exec.Command("pdfsig", p).CombinedOutput()
	return string(out)
}

var byteRangeRE = regexp.MustCompile(`/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]`)

// Signed returns the bytes the document's last signature covers and its
// CMS, from its /ByteRange and /Contents.
func Signed(t testing.TB, doc []byte) (content, cms []byte) {
	t.Helper()
	all := byteRangeRE.FindAllSubmatch(doc, -1)
	if len(all) == 0 {
		t.Fatal("the document has no /ByteRange")
	}
	m := all[len(all)-1]
	var n [4]int
	for i := range n {
		n[i], _ = strconv.Atoi(string(m[i+1]))
	}
	if n[0] != 0 || n[2]+n[3] != len(doc) || n[1] >= n[2] {
		t.Fatalf("the byte range %v does not cover the document of %d bytes but the signature", n, len(doc))
	}
	content = append(bytes.Clone(doc[:n[1]]), doc[n[2]:]...)
	hole := doc[n[1]+1 : n[2]-1]
	cms = make([]byte, hex.DecodedLen(len(hole)))
	if _, err := hex.Decode(cms, hole); err != nil {
		t.Fatalf("the /Contents is not hex: %v", err)
	}
	return content, cms
}

// OpenSSL verifies the document's last signature with openssl cms
// -verify against the CA, and returns openssl's print of the CMS (its
// signed attributes by name). A missing openssl fails the test with the
// command that installs it.
func (s *Set) OpenSSL(t testing.TB, doc []byte) string {
	t.Helper()
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Fatal("openssl is needed: scripts/install-deps.sh test (apt-get install -y openssl)")
	}
	content, cms := Signed(t, doc)
	dir := t.TempDir()
	data, sig := filepath.Join(dir, "content.bin"), filepath.Join(dir, "signature.der")
	if err := os.WriteFile(data, content, 0o600); err != nil {
		t.Fatal(err)
	}
	// The DER of the CMS is followed by the hole's zero padding; openssl
	// wants the DER alone.
	if err := os.WriteFile(sig, derPrefix(t, cms), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", sig,
		"-content", data, "-CAfile", s.WriteCA(t, dir), "-purpose", "any", "-out", os.DevNull).CombinedOutput()
	if err != nil {
		t.Fatalf("openssl cms -verify: %v\n%s", err, out)
	}
	printed, err := exec.Command("openssl", "cms", "-cmsout", "-print", "-inform", "DER", "-in", sig).CombinedOutput()
	if err != nil {
		t.Fatalf("openssl cms -cmsout -print: %v\n%s", err, printed)
	}
	return string(out) + string(printed)
}

// derPrefix is the one DER element at the start of b.
func derPrefix(t testing.TB, b []byte) []byte {
	t.Helper()
	if len(b) < 2 || b[0] != 0x30 {
		t.Fatal("the CMS is not a DER SEQUENCE")
	}
	n, hdr := int(b[1]), 2
	if n&0x80 != 0 {
		k := n & 0x7f
		n = 0
		for i := 0; i < k; i++ {
			n = n<<8 | int(b[2+i])
		}
		hdr = 2 + k
	}
	if hdr+n > len(b) {
		t.Fatalf("the CMS DER says %d bytes, %d are there", hdr+n, len(b))
	}
	return b[:hdr+n]
}
