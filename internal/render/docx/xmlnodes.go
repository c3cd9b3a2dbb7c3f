package docx

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
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
	cell           // w:tc
	runProps       // w:rPr
)

var kinds = map[string]kind{"p": paragraph, "r": run, "t": text, "tr": row, "tc": cell, "rPr": runProps}

// node is one element of a part that Fill reads: where its bytes are and
// what holds it. Nodes are in document order, so an element's descendants
// follow it. Other elements are not kept (a part may hold millions), only
// known through parentAt.
type node struct {
	start, end int32 // its bytes, start tag to end tag
	parent     int32 // the nearest node holding it, -1 for none
	parentAt   int32 // where the element holding it starts, kept or not: -1 for the root
	para       int32 // the nearest paragraph holding it (itself for one), -1 for none
	textAt     int32 // a w:t's text, decoded, in tree.texts
	textEnd    int32
	kind       kind
	direct     bool // parent is the element holding it
}

// tree is a part's nodes and the prefix its WordprocessingML elements
// carry.
type tree struct {
	src    []byte
	nodes  []node
	texts  []byte
	prefix string
}

// maxNodes bounds the paragraphs, runs, texts, rows and cells of one part
// (a thousand-page document holds a few hundred thousand), so that the
// nodes of a part take at most a few tens of MiB.
const maxNodes = 1_000_000

// parseTree reads a part's XML, keeping the byte ranges of the elements
// Fill reads. It holds its own stack, refused past maxDepth, so that no
// document can make it recurse or grow without bound.
func parseTree(part string, src []byte, maxDepth int) (*tree, error) {
	if len(src) > math.MaxInt32 {
		return nil, errorf("%s is larger than 2 GiB", part)
	}
	t := &tree{src: src, prefix: "w"}
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	type open struct {
		name xml.Name
		at   int32
		node int32 // -1 for an element not kept
	}
	var stack []open
	kept := func() int32 { // the nearest kept element open
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].node >= 0 {
				return stack[i].node
			}
		}
		return -1
	}
	var para int32 = -1
	for {
		start := int32(d.InputOffset())
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
			o := open{name: tok.Name, at: start, node: -1}
			k := other
			if tok.Name.Space == t.prefix {
				k = kinds[tok.Name.Local]
			}
			if k != other {
				if len(t.nodes) >= maxNodes {
					return nil, errorf("%s holds more than %d paragraphs, runs, rows and cells", part, maxNodes)
				}
				n := node{start: start, parent: kept(), parentAt: -1, para: para, kind: k}
				if len(stack) > 0 {
					top := stack[len(stack)-1]
					n.parentAt, n.direct = top.at, top.node >= 0 && top.node == n.parent
				}
				o.node = int32(len(t.nodes))
				if k == paragraph {
					n.para, para = o.node, o.node
				}
				t.nodes = append(t.nodes, n)
			}
			stack = append(stack, o)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1].name != tok.Name {
				return nil, errorf("%s is not well-formed XML: </%s:%s> closes nothing open", part, tok.Name.Space, tok.Name.Local)
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.node >= 0 {
				n := &t.nodes[o.node]
				n.end = int32(d.InputOffset())
				if n.kind == paragraph {
					para = -1
					if n.parent >= 0 {
						para = t.nodes[n.parent].para
					}
				}
			}
		case xml.CharData:
			if len(stack) > 0 {
				if i := stack[len(stack)-1].node; i >= 0 && t.nodes[i].kind == text {
					n := &t.nodes[i]
					if n.textEnd == 0 {
						n.textAt = int32(len(t.texts))
					}
					t.texts = append(t.texts, tok...)
					n.textEnd = int32(len(t.texts))
				}
			}
		}
	}
	if len(stack) > 0 {
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

// textOf is the decoded text of w:t node i.
func (t *tree) textOf(i int) string {
	n := t.nodes[i]
	if n.textEnd == 0 {
		return ""
	}
	return string(t.texts[n.textAt:n.textEnd])
}

// ancestor is the nearest element of kind k holding node i (not i
// itself), or -1.
func (t *tree) ancestor(i int, k kind) int {
	for j := t.nodes[i].parent; j >= 0; j = t.nodes[j].parent {
		if t.nodes[j].kind == k {
			return int(j)
		}
	}
	return -1
}

// runOf is the run whose child w:t node i is, or -1.
func (t *tree) runOf(i int) int {
	n := t.nodes[i]
	if !n.direct || t.nodes[n.parent].kind != run {
		return -1
	}
	return int(n.parent)
}

// runProps is the raw w:rPr of run r, or "".
func (t *tree) runProps(r int) string {
	if r+1 < len(t.nodes) && t.nodes[r+1].parent == int32(r) && t.nodes[r+1].direct && t.nodes[r+1].kind == runProps {
		n := t.nodes[r+1]
		return string(t.src[n.start:n.end])
	}
	return ""
}
