package docx

import (
	"bytes"
	"encoding/xml"
	"io"
)

// WordprocessingML's namespaces, transitional and strict.
var wordNamespaces = map[string]bool{
	"http://schemas.openxmlformats.org/wordprocessingml/2006/main": true,
	"http://purl.oclc.org/ooxml/wordprocessingml/main":             true,
}

// kind is what an element is to Fill; other is everything it copies.
type kind uint8

const (
	other     kind = iota
	paragraph      // w:p
	run            // w:r
	text           // w:t
	row            // w:tr
	runProps       // w:rPr
)

var kinds = map[string]kind{"p": paragraph, "r": run, "t": text, "tr": row, "rPr": runProps}

// node is one element of a part: where its bytes are and what holds it.
// Nodes are in document order, so an element's descendants follow it.
type node struct {
	start, end int // its bytes, start tag to end tag
	parent     int // index of the element holding it, -1 for the root
	kind       kind
	para       int    // the nearest paragraph holding it (itself for one), -1 for none
	text       string // a w:t's text, decoded
}

// tree is a part's elements and the prefix its WordprocessingML elements
// carry.
type tree struct {
	src    []byte
	nodes  []node
	prefix string
}

// parseTree reads a part's XML, keeping every element's byte range. It
// holds its own stack, refused past maxDepth, so no document can make it
// recurse or grow without bound.
func parseTree(part string, src []byte, maxDepth int) (*tree, error) {
	t := &tree{src: src, prefix: "w"}
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	var stack []int // open elements
	var names []xml.Name
	para := -1
	for {
		start := int(d.InputOffset())
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errorf("%s is not well-formed XML: %v", part, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, errorf("%s nests its XML deeper than the limit of %d levels", part, maxDepth)
			}
			if len(stack) == 0 {
				t.prefix = wordPrefix(tok, t.prefix)
			}
			n := node{start: start, parent: -1, para: para}
			if len(stack) > 0 {
				n.parent = stack[len(stack)-1]
			}
			if tok.Name.Space == t.prefix {
				n.kind = kinds[tok.Name.Local]
			}
			if n.kind == paragraph {
				n.para = len(t.nodes)
				para = n.para
			}
			stack = append(stack, len(t.nodes))
			names = append(names, tok.Name)
			t.nodes = append(t.nodes, n)
		case xml.EndElement:
			if len(stack) == 0 || names[len(names)-1] != tok.Name {
				return nil, errorf("%s is not well-formed XML: </%s:%s> closes nothing open", part, tok.Name.Space, tok.Name.Local)
			}
			i := stack[len(stack)-1]
			stack, names = stack[:len(stack)-1], names[:len(names)-1]
			t.nodes[i].end = int(d.InputOffset())
			if t.nodes[i].kind == paragraph {
				para = -1
				if p := t.nodes[i].parent; p >= 0 {
					para = t.nodes[p].para
				}
			}
		case xml.CharData:
			if len(stack) > 0 {
				if n := &t.nodes[stack[len(stack)-1]]; n.kind == text {
					n.text += string(tok)
				}
			}
		}
	}
	if len(stack) > 0 || len(t.nodes) == 0 {
		return nil, errorf("%s is not well-formed XML: it ends inside an element", part)
	}
	return t, nil
}

// wordPrefix is the prefix the root element binds to WordprocessingML's
// namespace, else def.
func wordPrefix(root xml.StartElement, def string) string {
	for _, a := range root.Attr {
		if a.Name.Space == "xmlns" && wordNamespaces[a.Value] {
			return a.Name.Local
		}
	}
	return def
}

// name is a WordprocessingML element's qualified name in this part.
func (t *tree) name(local string) string {
	if t.prefix == "" {
		return local
	}
	return t.prefix + ":" + local
}

// ancestor is the nearest element of kind k holding node i (not i
// itself), or -1.
func (t *tree) ancestor(i int, k kind) int {
	for j := t.nodes[i].parent; j >= 0; j = t.nodes[j].parent {
		if t.nodes[j].kind == k {
			return j
		}
	}
	return -1
}

// runProps is the raw w:rPr of run r, or "".
func (t *tree) runProps(r int) string {
	if r+1 < len(t.nodes) && t.nodes[r+1].parent == r && t.nodes[r+1].kind == runProps {
		n := t.nodes[r+1]
		return string(t.src[n.start:n.end])
	}
	return ""
}
