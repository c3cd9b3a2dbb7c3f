package api

import (
	encasn1 "encoding/asn1"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The object identifiers a PKCS#12 file Paprika reads may hold: the
// content types, bag types and key-derivation algorithms go-pkcs12
// decodes. Anything else is refused before any key is derived.
var (
	oidData            = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 1}
	oidEncryptedData   = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 6}
	oidKeyBag          = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 10, 1, 1}
	oidShroudedKeyBag  = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 10, 1, 2}
	oidCertBag         = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 10, 1, 3}
	oidPBEWith3DES     = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 1, 3}
	oidPBEWithRC2128   = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 1, 5}
	oidPBEWithRC240    = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 1, 6}
	oidPBES2           = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 13}
	oidPBKDF2          = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 12}
	oidPBMAC1          = encasn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 14}
	oidHMACWithSHA1    = encasn1.ObjectIdentifier{1, 2, 840, 113549, 2, 7}
	oidHMACWithSHA256  = encasn1.ObjectIdentifier{1, 2, 840, 113549, 2, 9}
	oidHMACWithSHA512  = encasn1.ObjectIdentifier{1, 2, 840, 113549, 2, 11}
	oidAES128CBC       = encasn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 2}
	oidAES192CBC       = encasn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 22}
	oidAES256CBC       = encasn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 1, 42}
	oidSHA1            = encasn1.ObjectIdentifier{1, 3, 14, 3, 2, 26}
	oidSHA256          = encasn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}
	oidSHA512          = encasn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 3}
	tagContextExplicit = cbasn1.Tag(0).Constructed().ContextSpecific()
	tagContextImplicit = cbasn1.Tag(0).ContextSpecific()
)

// hashSizes are the output sizes of the PRFs and MAC digests counted, in
// bytes: a PBKDF2 derivation runs its iterations once per output block.
var hashSizes = map[string]int{
	oidHMACWithSHA1.String(): 20, oidHMACWithSHA256.String(): 32, oidHMACWithSHA512.String(): 64,
	oidSHA1.String(): 20, oidSHA256.String(): 32, oidSHA512.String(): 64,
}

// pkcs12Count is what reading a PKCS#12 file will cost in key-derivation
// rounds (one round: one hash or HMAC block), counted from its structure
// before any is run, and its encrypted containers, whose contents cannot
// be read before they are decrypted (inspectEncrypted).
type pkcs12Count struct {
	rounds    int64
	encrypted [][]byte // the DER of each encryptedData ContentInfo
}

// refusePKCS12 is the 400 of a file that cannot be counted.
func refusePKCS12(why string) error {
	return paprika.BadRequest("pkcs12 is not a PKCS#12 file Paprika can count before reading it: %s; Paprika reads PKCS#12 files as openssl pkcs12 -export writes them (PBES2 with PBKDF2 or PKCS#12 PBE, a key bag and certificate bags)", why)
}

// countPKCS12 parses pfx strictly, as DER, every element where go-pkcs12
// reads it, and counts the rounds of every key derivation it asks for: the
// MAC's (twice with an empty password, which go-pkcs12 tries two ways),
// each encrypted container's and each shrouded key's, wherever nested.
// What it cannot count — an algorithm it does not know, a tag other than
// the one expected, a bag it does not read, a count out of range — is
// refused, never passed on uncounted. It runs no derivation.
func countPKCS12(pfx []byte, emptyPassword bool) (*pkcs12Count, error) {
	c := &pkcs12Count{}
	in := cryptobyte.String(pfx)
	var pdu, authSafe, content, safes cryptobyte.String
	var version int64
	if !in.ReadASN1(&pdu, cbasn1.SEQUENCE) || !in.Empty() ||
		!pdu.ReadASN1Int64WithTag(&version, cbasn1.INTEGER) || version != 3 ||
		!pdu.ReadASN1(&authSafe, cbasn1.SEQUENCE) {
		return nil, refusePKCS12("it is not a DER PKCS#12 (version 3) file")
	}
	if !readContent(&authSafe, oidData, &content) || !content.ReadASN1(&safes, cbasn1.OCTET_STRING) || !content.Empty() {
		return nil, refusePKCS12("its authenticated safe is not data")
	}
	if !pdu.Empty() {
		var mac cryptobyte.String
		if !pdu.ReadASN1(&mac, cbasn1.SEQUENCE) || !pdu.Empty() {
			return nil, refusePKCS12("its MAC is malformed")
		}
		rounds, err := countMAC(mac)
		if err != nil {
			return nil, err
		}
		if emptyPassword {
			rounds *= 2
		}
		c.rounds += rounds
	}
	var infos cryptobyte.String
	if !safes.ReadASN1(&infos, cbasn1.SEQUENCE) || !safes.Empty() {
		return nil, refusePKCS12("its authenticated safe is malformed")
	}
	for n := 0; !infos.Empty(); n++ {
		if n == 2 {
			return nil, refusePKCS12("it has more than 2 content infos")
		}
		var info cryptobyte.String
		var oid encasn1.ObjectIdentifier
		if !infos.ReadASN1Element(&info, cbasn1.SEQUENCE) {
			return nil, refusePKCS12("a content info is malformed")
		}
		var body cryptobyte.String
		if whole := info; !whole.ReadASN1(&body, cbasn1.SEQUENCE) || !body.ReadASN1ObjectIdentifier(&oid) {
			return nil, refusePKCS12("a content info is malformed")
		}
		switch {
		case oid.Equal(oidData):
			var data, bags cryptobyte.String
			if !body.ReadASN1(&data, tagContextExplicit) || !body.Empty() ||
				!data.ReadASN1(&bags, cbasn1.OCTET_STRING) || !data.Empty() {
				return nil, refusePKCS12("a data content info is malformed")
			}
			if err := c.countBags(bags); err != nil {
				return nil, err
			}
		case oid.Equal(oidEncryptedData):
			var explicit, ed, eci, alg cryptobyte.String
			var v int64
			var inner encasn1.ObjectIdentifier
			if !body.ReadASN1(&explicit, tagContextExplicit) || !body.Empty() ||
				!explicit.ReadASN1(&ed, cbasn1.SEQUENCE) || !explicit.Empty() ||
				!ed.ReadASN1Int64WithTag(&v, cbasn1.INTEGER) || v != 0 ||
				!ed.ReadASN1(&eci, cbasn1.SEQUENCE) || !ed.Empty() ||
				!eci.ReadASN1ObjectIdentifier(&inner) || !inner.Equal(oidData) ||
				!eci.ReadASN1Element(&alg, cbasn1.SEQUENCE) ||
				!eci.SkipASN1(tagContextImplicit) || !eci.Empty() {
				return nil, refusePKCS12("an encrypted content info is malformed")
			}
			rounds, err := countEncryption(alg)
			if err != nil {
				return nil, err
			}
			// Decrypted twice: once to see what it holds, once to read it.
			c.rounds += 2 * rounds
			c.encrypted = append(c.encrypted, info)
		default:
			return nil, refusePKCS12("a content info is of type " + oid.String() + ", neither data nor encryptedData")
		}
	}
	return c, nil
}

// readContent reads a ContentInfo of type want and its [0] EXPLICIT content.
func readContent(in *cryptobyte.String, want encasn1.ObjectIdentifier, content *cryptobyte.String) bool {
	var oid encasn1.ObjectIdentifier
	return in.ReadASN1ObjectIdentifier(&oid) && oid.Equal(want) && in.ReadASN1(content, tagContextExplicit) && in.Empty()
}

// countBags counts the shrouded keys of a SafeContents; a bag of a kind
// other than a key, a shrouded key or a certificate (a CRL, a secret, a
// nested SafeContents) is refused.
func (c *pkcs12Count) countBags(der cryptobyte.String) error {
	var bags cryptobyte.String
	if !der.ReadASN1(&bags, cbasn1.SEQUENCE) || !der.Empty() {
		return refusePKCS12("its safe contents are malformed")
	}
	for !bags.Empty() {
		var bag, value cryptobyte.String
		var oid encasn1.ObjectIdentifier
		if !bags.ReadASN1(&bag, cbasn1.SEQUENCE) || !bag.ReadASN1ObjectIdentifier(&oid) || !bag.ReadASN1(&value, tagContextExplicit) {
			return refusePKCS12("a safe bag is malformed")
		}
		if !bag.Empty() && (!bag.SkipASN1(cbasn1.SET) || !bag.Empty()) {
			return refusePKCS12("a safe bag's attributes are malformed")
		}
		switch {
		case oid.Equal(oidCertBag), oid.Equal(oidKeyBag):
		case oid.Equal(oidShroudedKeyBag):
			var info, alg cryptobyte.String
			if !value.ReadASN1(&info, cbasn1.SEQUENCE) || !value.Empty() ||
				!info.ReadASN1Element(&alg, cbasn1.SEQUENCE) || !info.SkipASN1(cbasn1.OCTET_STRING) || !info.Empty() {
				return refusePKCS12("a shrouded key bag is malformed")
			}
			rounds, err := countEncryption(alg)
			if err != nil {
				return err
			}
			c.rounds += rounds
		default:
			return refusePKCS12("it holds a bag of type " + oid.String() + ", neither a key nor a certificate")
		}
	}
	return nil
}

// countEncryption counts the rounds of a content-encryption
// AlgorithmIdentifier: PKCS#12 PBE (a key and an IV derived, the iteration
// count for each block of each) or PBES2 with PBKDF2 and AES-CBC.
func countEncryption(der cryptobyte.String) (int64, error) {
	var alg, params cryptobyte.String
	var oid encasn1.ObjectIdentifier
	if !der.ReadASN1(&alg, cbasn1.SEQUENCE) || !alg.ReadASN1ObjectIdentifier(&oid) {
		return 0, refusePKCS12("an encryption algorithm is malformed")
	}
	switch {
	case oid.Equal(oidPBEWith3DES), oid.Equal(oidPBEWithRC2128), oid.Equal(oidPBEWithRC240):
		// The PKCS#12 KDF runs its iterations once per 20-byte SHA-1
		// block: a 3DES key is 2 blocks, an RC2 key 1, the IV 1.
		blocks := int64(2)
		if oid.Equal(oidPBEWith3DES) {
			blocks = 3
		}
		var n int64
		if !alg.ReadASN1(&params, cbasn1.SEQUENCE) || !alg.Empty() || !params.SkipASN1(cbasn1.OCTET_STRING) {
			return 0, refusePKCS12("PKCS#12 PBE parameters are not an OCTET STRING salt and an iteration count")
		}
		if err := readCount(&params, &n, "PKCS#12 PBE parameters"); err != nil {
			return 0, err
		}
		if !params.Empty() {
			return 0, refusePKCS12("PKCS#12 PBE parameters hold more than a salt and an iteration count")
		}
		return blocks * n, nil
	case oid.Equal(oidPBES2):
		var kdf, enc cryptobyte.String
		var encOID encasn1.ObjectIdentifier
		if !alg.ReadASN1(&params, cbasn1.SEQUENCE) || !alg.Empty() ||
			!params.ReadASN1(&kdf, cbasn1.SEQUENCE) || !params.ReadASN1(&enc, cbasn1.SEQUENCE) || !params.Empty() ||
			!enc.ReadASN1ObjectIdentifier(&encOID) || !enc.SkipASN1(cbasn1.OCTET_STRING) || !enc.Empty() {
			return 0, refusePKCS12("PBES2 parameters are malformed")
		}
		keyLen := map[string]int{oidAES128CBC.String(): 16, oidAES192CBC.String(): 24, oidAES256CBC.String(): 32}[encOID.String()]
		if keyLen == 0 {
			return 0, refusePKCS12("PBES2 encrypts with " + encOID.String() + ", not AES-CBC")
		}
		return countPBKDF2(kdf, keyLen)
	}
	return 0, refusePKCS12("it is encrypted with " + oid.String() + ", neither PBES2 nor PKCS#12 PBE")
}

// countPBKDF2 counts a PBKDF2 AlgorithmIdentifier's rounds (its SEQUENCE's
// contents in kdf) deriving keyLen bytes: its iterations once per block of
// its PRF's output. The salt must be an OCTET STRING (go-pkcs12 reads one
// of any class as one), the PRF HMAC-SHA-1, -256 or -512.
func countPBKDF2(kdf cryptobyte.String, keyLen int) (int64, error) {
	var oid, prf encasn1.ObjectIdentifier
	var params cryptobyte.String
	var n, length int64
	if !kdf.ReadASN1ObjectIdentifier(&oid) || !oid.Equal(oidPBKDF2) {
		return 0, refusePKCS12("its key derivation is not PBKDF2")
	}
	if !kdf.ReadASN1(&params, cbasn1.SEQUENCE) || !kdf.Empty() || !params.SkipASN1(cbasn1.OCTET_STRING) {
		return 0, refusePKCS12("PBKDF2 parameters are not an OCTET STRING salt and an iteration count")
	}
	if err := readCount(&params, &n, "PBKDF2 parameters"); err != nil {
		return 0, err
	}
	if params.PeekASN1Tag(cbasn1.INTEGER) {
		if !params.ReadASN1Int64WithTag(&length, cbasn1.INTEGER) || length < 1 || length > 64 {
			return 0, refusePKCS12("a PBKDF2 key length is out of range")
		}
		keyLen = max(keyLen, int(length)) // the larger of what is asked and what is used
	}
	prf = oidHMACWithSHA1
	if !params.Empty() {
		var alg cryptobyte.String
		if !params.ReadASN1(&alg, cbasn1.SEQUENCE) || !params.Empty() || !alg.ReadASN1ObjectIdentifier(&prf) ||
			!(alg.Empty() || alg.SkipASN1(cbasn1.NULL) && alg.Empty()) {
			return 0, refusePKCS12("a PBKDF2 PRF is malformed")
		}
	}
	size := hashSizes[prf.String()]
	if size == 0 || prf.Equal(oidSHA1) || prf.Equal(oidSHA256) || prf.Equal(oidSHA512) {
		return 0, refusePKCS12("PBKDF2's PRF is " + prf.String() + ", not HMAC-SHA-1, -256 or -512")
	}
	return n * int64((keyLen+size-1)/size), nil
}

// countMAC counts a MacData's rounds: a PKCS#12 MAC key derivation of its
// iteration count (1 when absent), or PBMAC1's PBKDF2.
func countMAC(mac cryptobyte.String) (int64, error) {
	var digestInfo, alg cryptobyte.String
	var oid encasn1.ObjectIdentifier
	if !mac.ReadASN1(&digestInfo, cbasn1.SEQUENCE) || !digestInfo.ReadASN1(&alg, cbasn1.SEQUENCE) ||
		!digestInfo.SkipASN1(cbasn1.OCTET_STRING) || !digestInfo.Empty() ||
		!alg.ReadASN1ObjectIdentifier(&oid) || !mac.SkipASN1(cbasn1.OCTET_STRING) {
		return 0, refusePKCS12("its MAC is malformed")
	}
	n := int64(1)
	if !mac.Empty() {
		var err error
		if oid.Equal(oidPBMAC1) {
			// Ignored by PBMAC1, whose count is its PBKDF2's: any will do.
			if !mac.ReadASN1Int64WithTag(&n, cbasn1.INTEGER) {
				err = refusePKCS12("its MAC's iteration count is malformed")
			}
		} else {
			err = readCount(&mac, &n, "the MAC")
		}
		if err != nil {
			return 0, err
		}
		if !mac.Empty() {
			return 0, refusePKCS12("its MAC holds more than a digest, a salt and an iteration count")
		}
	}
	switch {
	case oid.Equal(oidSHA1), oid.Equal(oidSHA256), oid.Equal(oidSHA512):
		if !(alg.Empty() || alg.SkipASN1(cbasn1.NULL) && alg.Empty()) {
			return 0, refusePKCS12("its MAC's digest parameters are malformed")
		}
		return n, nil
	case oid.Equal(oidPBMAC1):
		var params, kdf, macAlg cryptobyte.String
		if !alg.ReadASN1(&params, cbasn1.SEQUENCE) || !alg.Empty() ||
			!params.ReadASN1(&kdf, cbasn1.SEQUENCE) || !params.ReadASN1(&macAlg, cbasn1.SEQUENCE) || !params.Empty() {
			return 0, refusePKCS12("its PBMAC1 parameters are malformed")
		}
		return countPBKDF2(kdf, 64)
	}
	return 0, refusePKCS12("its MAC digest is " + oid.String() + ", not SHA-1, -256, -512 or PBMAC1")
}

// readCount reads an iteration count, an INTEGER from 1 to
// maxPKCS12Iterations, of what (for the message).
func readCount(in *cryptobyte.String, n *int64, what string) error {
	if !in.ReadASN1Int64WithTag(n, cbasn1.INTEGER) {
		return refusePKCS12(what + " has no iteration count, or one past 64 bits")
	}
	if *n < 1 || *n > maxPKCS12Iterations {
		return paprika.BadRequest("pkcs12 asks for %d key-derivation iterations in %s, more than %d; export it with fewer (openssl pkcs12 -iter 2048)", *n, what, maxPKCS12Iterations)
	}
	return nil
}
