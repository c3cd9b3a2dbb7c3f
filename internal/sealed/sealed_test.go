package sealed

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func newKey(t *testing.T) (*Key, string) {
	t.Helper()
	raw := make([]byte, KeySize)
	_, _ = rand.Read(raw)
	s := base64.StdEncoding.EncodeToString(raw)
	k, err := ParseKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return k, s
}

func TestSealOpens(t *testing.T) {
	k, _ := newKey(t)
	plain := []byte("a private key")
	box := k.Seal(plain, []byte("acme\x00main"))
	if bytes.Contains(box, plain) {
		t.Fatal("the sealed value holds the plain text")
	}
	if again := k.Seal(plain, []byte("acme\x00main")); bytes.Equal(again, box) {
		t.Fatal("two seals of one value are the same bytes: the nonce is not random")
	}
	got, err := k.Open(box, []byte("acme\x00main"))
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("Open = %q, %v", got, err)
	}
}

func TestOpenRefuses(t *testing.T) {
	k, _ := newKey(t)
	other, _ := newKey(t)
	box := k.Seal([]byte("secret"), []byte("acme\x00main"))
	flipped := bytes.Clone(box)
	flipped[len(flipped)-1] ^= 1
	for name, try := range map[string]func() ([]byte, error){
		"another key":     func() ([]byte, error) { return other.Open(box, []byte("acme\x00main")) },
		"another place":   func() ([]byte, error) { return k.Open(box, []byte("evil\x00main")) },
		"a changed byte":  func() ([]byte, error) { return k.Open(flipped, []byte("acme\x00main")) },
		"a short value":   func() ([]byte, error) { return k.Open(box[:10], []byte("acme\x00main")) },
		"another version": func() ([]byte, error) { b := bytes.Clone(box); b[0] = 9; return k.Open(b, []byte("acme\x00main")) },
	} {
		if _, err := try(); !errors.Is(err, ErrOpen) {
			t.Errorf("%s: err = %v, want ErrOpen", name, err)
		}
	}
}

func TestParseKey(t *testing.T) {
	_, s := newKey(t)
	if _, err := ParseKey(strings.TrimRight(s, "=")); err != nil {
		t.Errorf("unpadded: %v", err)
	}
	short := base64.StdEncoding.EncodeToString([]byte("sixteen bytes!!!"))
	for _, bad := range []string{"", "not base64 !!", short} {
		_, err := ParseKey(bad)
		if err == nil {
			t.Errorf("ParseKey(%q) took it", bad)
			continue
		}
		if bad != "" && strings.Contains(err.Error(), bad) {
			t.Errorf("the error %q shows the value", err)
		}
	}
	if _, err := ParseKey(short); err == nil || !strings.Contains(err.Error(), "not 16 bytes") {
		t.Errorf("a 16-byte key: %v", err)
	}
}
