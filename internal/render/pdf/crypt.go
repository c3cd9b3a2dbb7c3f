package pdf

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"math/big"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// crypt is the standard security handler, AES-256, revision 6 (ISO
// 32000-2 §7.6.4), for the merged document, which the merge writes
// itself: pdfcpu encrypts only documents it holds whole in memory. The
// records it merges are encrypted by pdfcpu (Apply) with the same
// algorithm, so the same passwords open both.
type crypt struct {
	key                []byte // the file encryption key
	u, ue, o, oe, perm []byte
	p                  int32
	id                 [16]byte
}

func newCrypt(o *Options) *crypt {
	owner := o.Password.Owner
	if owner == "" {
		owner = randomPassword()
	}
	upw, opw := password(o.Password.User), password(owner)
	c := &crypt{key: random(32), p: int32(uint32(o.permissions()) | 0xFFFF0000)}
	copy(c.id[:], random(16))

	// Algorithm 8: U and UE from the user password.
	vs, ks := random(8), random(8)
	c.u = append(append(hash2B(upw, vs, nil), vs...), ks...)
	c.ue = cbcNoIV(hash2B(upw, ks, nil), c.key)
	// Algorithm 9: O and OE from the owner password and U.
	vs, ks = random(8), random(8)
	c.o = append(append(hash2B(opw, vs, c.u), vs...), ks...)
	c.oe = cbcNoIV(hash2B(opw, ks, c.u), c.key)
	// Algorithm 10: Perms, the permissions encrypted with the file key.
	perms := make([]byte, 16)
	binary.LittleEndian.PutUint32(perms, uint32(c.p))
	copy(perms[4:], []byte{0xFF, 0xFF, 0xFF, 0xFF, 'T', 'a', 'd', 'b'})
	copy(perms[12:], random(4))
	b, _ := aes.NewCipher(c.key)
	c.perm = make([]byte, 16)
	b.Encrypt(c.perm, perms)
	return c
}

// dict is the encryption dictionary.
func (c *crypt) dict() types.Dict {
	return types.Dict{
		"Filter": types.Name("Standard"), "V": types.Integer(5), "R": types.Integer(6), "Length": types.Integer(256),
		"CF": types.Dict{"StdCF": types.Dict{
			"AuthEvent": types.Name("DocOpen"), "CFM": types.Name("AESV3"), "Length": types.Integer(32),
		}},
		"StmF": types.Name("StdCF"), "StrF": types.Name("StdCF"),
		"U": types.NewHexLiteral(c.u), "UE": types.NewHexLiteral(c.ue),
		"O": types.NewHexLiteral(c.o), "OE": types.NewHexLiteral(c.oe),
		"Perms": types.NewHexLiteral(c.perm), "P": types.Integer(c.p),
		"EncryptMetadata": types.Boolean(true),
	}
}

// encrypt encrypts a string or a stream: AES-256-CBC, a random IV first,
// PKCS#7 padding. AESV3 uses the file key for every object.
func (c *crypt) encrypt(b []byte) []byte {
	pad := aes.BlockSize - len(b)%aes.BlockSize
	out := make([]byte, aes.BlockSize+len(b)+pad)
	copy(out, random(aes.BlockSize))
	copy(out[aes.BlockSize:], b)
	for i := len(out) - pad; i < len(out); i++ {
		out[i] = byte(pad)
	}
	blk, _ := aes.NewCipher(c.key)
	cipher.NewCBCEncrypter(blk, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], out[aes.BlockSize:])
	return out
}

// hash2B is Algorithm 2.B, the hash of revision 6.
func hash2B(pw, salt, udata []byte) []byte {
	h := sha256.Sum256(append(append(append([]byte{}, pw...), salt...), udata...))
	k := h[:]
	var e []byte
	three := big.NewInt(3)
	for round := 0; round < 64 || int(e[len(e)-1]) > round-32; round++ {
		seq := append(append(append([]byte{}, pw...), k...), udata...)
		k1 := make([]byte, 0, 64*len(seq))
		for range 64 {
			k1 = append(k1, seq...)
		}
		blk, _ := aes.NewCipher(k[:16])
		e = make([]byte, len(k1))
		cipher.NewCBCEncrypter(blk, k[16:32]).CryptBlocks(e, k1)
		switch new(big.Int).Mod(new(big.Int).SetBytes(e[:16]), three).Int64() {
		case 0:
			s := sha256.Sum256(e)
			k = s[:]
		case 1:
			s := sha512.Sum384(e)
			k = s[:]
		default:
			s := sha512.Sum512(e)
			k = s[:]
		}
	}
	return k[:32]
}

// cbcNoIV encrypts one 32-byte key with AES-256-CBC, a zero IV and no
// padding, as UE and OE are.
func cbcNoIV(key, b []byte) []byte {
	blk, _ := aes.NewCipher(key)
	out := make([]byte, len(b))
	cipher.NewCBCEncrypter(blk, make([]byte, aes.BlockSize)).CryptBlocks(out, b)
	return out
}

// password is a password's bytes as revision 6 hashes them: UTF-8, at most
// 127 bytes. Like pdfcpu, which encrypts the records, it does not apply
// SASLprep, so one password opens the records and their merge alike.
func password(pw string) []byte {
	b := []byte(pw)
	if len(b) > MaxPassword {
		b = b[:MaxPassword]
	}
	return b
}

func random(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return b
}
