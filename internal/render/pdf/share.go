package pdf

import (
	"crypto/sha256"
	"hash"
	"sort"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A merge writes a stream (an image, a font file, an ICC profile) once
// when several documents carry the same one: a logo on each of 1,000
// records is one image in the merged document, not 1,000. A stream is the
// same as one already written when its key is: the SHA-256 of its raw
// (still encoded, decrypted) bytes and of its dictionary, in which every
// reference stands for the key of what it refers to, computed the same
// way. So object numbers, which differ from document to document, never
// make two equal streams differ, and two streams equal but for what they
// refer to (an image with another soft mask) never match. The merge keeps
// only the key and the object number of each stream it shares, never the
// bytes.
const (
	// maxShared bounds the streams a merge remembers (about 64 bytes
	// each): past it, new streams are written as they come, and those
	// remembered are still shared.
	maxShared = 1 << 18
	// minShared is the size under which a stream is not remembered: a
	// reference would save less than its entry costs.
	minShared = 256
	// maxKeyDepth bounds how deep a key looks (references followed and
	// objects nested): past it, the stream is written, not shared.
	maxKeyDepth = 32
)

// objKey is the key of a source object, once computed: ok is false when
// the object cannot be shared (it reaches a page, a cycle, a named
// destination, or an object pdfcpu does not give as plain data).
type objKey struct {
	sum [sha256.Size]byte
	ok  bool
}

// share numbers each stream of the source that the merged document
// already has as that one, so that copying refers to it rather than
// writing it again. It returns the keys of the other streams, for
// rememberWritten.
func (c *copier) share() map[int][sha256.Size]byte {
	fresh := map[int][sha256.Size]byte{}
	for src, e := range c.src.XRefTable.Table {
		if e == nil || e.Free || e.Compressed { // an object stream holds no stream
			continue
		}
		obj, err := c.object(src)
		if err != nil {
			continue // copying reports it, if the pages reach it
		}
		sd, ok := obj.(types.StreamDict)
		if !ok || len(sd.Raw) < minShared {
			continue
		}
		key, ok := c.key(src, 0)
		if !ok {
			continue
		}
		if n, ok := c.m.shared[key]; ok {
			c.nums[src] = n
		} else {
			fresh[src] = key
		}
	}
	return fresh
}

// rememberWritten remembers the streams of fresh that the copy wrote
// (those its pages reach), up to maxShared.
func (c *copier) rememberWritten(fresh map[int][sha256.Size]byte) {
	for src, key := range fresh {
		n, written := c.nums[src]
		if _, dup := c.m.shared[key]; written && !dup && len(c.m.shared) < maxShared {
			c.m.shared[key] = n
		}
	}
}

// key is the key of source object src. While it is being computed, its
// entry says it cannot be shared, so a cycle through it ends there.
func (c *copier) key(src, depth int) ([sha256.Size]byte, bool) {
	if k, ok := c.m.keys[src]; ok {
		return k.sum, k.ok
	}
	var k objKey
	if depth > maxKeyDepth {
		return k.sum, false
	}
	c.m.keys[src] = k
	obj, err := c.object(src)
	if _, page := c.pages[src]; err == nil && !page {
		h := sha256.New()
		if k.ok = c.hash(h, obj, depth); k.ok {
			h.Sum(k.sum[:0])
		}
	}
	c.m.keys[src] = k
	return k.sum, k.ok
}

// hash writes obj to h in a form where two objects are written the same
// only when they are equal, and reports whether obj can be shared.
func (c *copier) hash(h hash.Hash, obj types.Object, depth int) bool {
	if depth > maxDepth {
		return false
	}
	w := func(s string) { h.Write([]byte(s)) }
	lit := func(tag string, b []byte) {
		w(tag + strconv.Itoa(len(b)) + ":")
		h.Write(b)
	}
	switch v := obj.(type) {
	case nil:
		w("n")
	case types.Boolean:
		w("b" + strconv.FormatBool(bool(v)) + ";")
	case types.Integer:
		w("i" + strconv.Itoa(int(v)) + ";")
	case types.Float:
		w("f" + strconv.FormatFloat(float64(v), 'g', -1, 64) + ";")
	case types.Name:
		lit("N", []byte(v))
	case types.StringLiteral:
		b, err := types.Unescape(v.Value())
		if err != nil {
			return false
		}
		lit("s", b)
	case types.HexLiteral:
		b, err := v.Bytes()
		if err != nil {
			return false
		}
		lit("s", b)
	case types.IndirectRef:
		return c.hashRef(h, v, depth)
	case *types.IndirectRef:
		return c.hashRef(h, *v, depth)
	case types.Array:
		w("a" + strconv.Itoa(len(v)) + ";")
		for _, x := range v {
			if !c.hash(h, x, depth+1) {
				return false
			}
		}
	case types.Dict:
		return c.hashDict(h, v, "", depth)
	case types.StreamDict:
		if !c.hashDict(h, v.Dict, "Length", depth) {
			return false
		}
		lit("S", v.Raw)
	default:
		return false
	}
	return true
}

func (c *copier) hashRef(h hash.Hash, r types.IndirectRef, depth int) bool {
	sum, ok := c.key(r.ObjectNumber.Value(), depth+1)
	if ok {
		h.Write([]byte("r"))
		h.Write(sum[:])
	}
	return ok
}

// hashDict hashes d's entries in key order, but for skip (a stream's
// Length, which its bytes say). A page, the page tree or the catalog is
// never shared (the merge writes its own), nor a named destination (the
// merge renames them per document).
func (c *copier) hashDict(h hash.Hash, d types.Dict, skip string, depth int) bool {
	if t := d.Type(); t != nil && (*t == "Page" || *t == "Pages" || *t == "Catalog") {
		return false
	}
	goTo := d["S"] == types.Name("GoTo")
	keys := make([]string, 0, len(d))
	for k, x := range d {
		if _, name := x.(types.Name); name && (k == "Dest" || (k == "D" && goTo)) {
			return false
		}
		if k != skip {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	h.Write([]byte("d" + strconv.Itoa(len(keys)) + ";"))
	for _, k := range keys {
		h.Write([]byte(strconv.Itoa(len(k)) + ":" + k))
		if !c.hash(h, d[k], depth+1) {
			return false
		}
	}
	return true
}
