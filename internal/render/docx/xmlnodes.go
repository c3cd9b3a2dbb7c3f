package docx

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
)

// kind is what an element is to Fill; other is everything it copies.
type kind uint8

const (
	other     kind = iota
	paragraph      // w:p
	run            // w:r
	text           // w:t, or a paragraph's character data (ODF)
	row            // w:tr
	cell           // w:tc
	runProps       // w:rPr
	listItem       // text:list-item (ODF)
)

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

// tree is a part's nodes and the prefixes its root binds.
type tree struct {
	d        *dialect
	src      []byte
	nodes    []node
	texts    []byte
	prefixes map[string]string // namespace → prefix
}

// maxNodes bounds the paragraphs, runs, texts, rows and cells of one part
// (a thousand-page document holds a few hundred thousand), so that the
// nodes of a part take at most a few tens of MiB.
const maxNodes = 1_000_000

// openElement is an element being read.
type openElement struct {
	name xml.Name
	at   int32
	node int32 // -1 for an element not kept
	text bool  // its character data is text (ODF)
}

// add appends n, held by the open elements of stack of which parent is
// the nearest kept, and returns it.
func (t *tree) add(n node, stack []openElement, parent int32) *node {
	n.parent, n.parentAt = parent, -1
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		n.parentAt, n.direct = top.at, top.node >= 0 && top.node == parent
	}
	t.nodes = append(t.nodes, n)
	return &t.nodes[len(t.nodes)-1]
}

// parseTree reads a part's XML, keeping the byte ranges of the elements
// Fill reads. It holds its own stack, refused past maxDepth, so that no
// document can make it recurse or grow without bound.
func parseTree(d *dialect, part string, src []byte, maxDepth int) (*tree, error) {
	if len(src) > math.MaxInt32 {
		return nil, errorf("%s is larger than 2 GiB", part)
	}
	t := &tree{d: d, src: src, prefixes: map[string]string{}}
	namespaces := map[string]string{} // prefix → namespace
	dec := xml.NewDecoder(bytes.NewReader(src))
	dec.Strict = true
	var stack []openElement
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
		start := int32(dec.InputOffset())
		tok, err := dec.RawToken()
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
				t.bind(tok, namespaces)
			}
			ns := namespaces[tok.Name.Space]
			o := openElement{name: tok.Name, at: start, node: -1, text: d.charText && ns == d.textNS}
			if k := d.kinds[ns][tok.Name.Local]; k != other {
				if len(t.nodes) >= maxNodes {
					return nil, errorf("%s holds more than %d paragraphs, runs, rows and cells", part, maxNodes)
				}
				o.node = int32(len(t.nodes))
				n := t.add(node{start: start, kind: k, para: para}, stack, kept())
				if k == paragraph {
					n.para, para = o.node, o.node
				}
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
				n.end = int32(dec.InputOffset())
				if n.kind == paragraph {
					para = -1
					if n.parent >= 0 {
						para = t.nodes[n.parent].para
					}
				}
			}
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			if top.text && para >= 0 && len(tok) > 0 {
				// ODF: the character data is a node of text itself.
				if len(t.nodes) >= maxNodes {
					return nil, errorf("%s holds more than %d paragraphs, runs, rows and cells", part, maxNodes)
				}
				n := t.add(node{start: start, end: int32(dec.InputOffset()), kind: text, para: para}, stack, kept())
				n.textAt = int32(len(t.texts))
				t.texts = append(t.texts, tok...)
				n.textEnd = int32(len(t.texts))
			} else if i := top.node; i >= 0 && t.nodes[i].kind == text {
				n := &t.nodes[i]
				if n.textEnd == 0 {
					n.textAt = int32(len(t.texts))
				}
				t.texts = append(t.texts, tok...)
				n.textEnd = int32(len(t.texts))
			}
		}
	}
	if len(stack) > 0 {
		return nil, errorf("%s is not well-formed XML: it ends inside an element", part)
	}
	return t, nil
}

// bind reads the namespaces the root element binds (the documents Word
// and LibreOffice write bind them all there).
func (t *tree) bind(root xml.StartElement, namespaces map[string]string) {
	for _, a := range root.Attr {
		switch {
		case a.Name.Space == "xmlns":
			namespaces[a.Name.Local] = a.Value
			t.prefixes[a.Value] = a.Name.Local
		case a.Name.Space == "" && a.Name.Local == "xmlns":
			namespaces[""] = a.Value
			t.prefixes[a.Value] = ""
		}
	}
}

// name is the qualified name of element local of namespace ns in this
// part.
func (t *tree) name(ns, local string) string {
	p, ok := t.prefixes[ns]
	if !ok && ns == wordML {
		p = t.prefixes[wordMLStrict]
	}
	if p != "" {
		return p + ":" + local
	}
	return local
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

// unitOf is paragraph i, or the list item it is alone in (ODF, where a
// list's paragraphs are each in an item): what a paragraph of block tags
// stands as, removed, among its siblings.
func (t *tree) unitOf(i int) int {
	n := t.nodes[i]
	if !n.direct || t.nodes[n.parent].kind != listItem {
		return i
	}
	li := t.nodes[n.parent]
	open := bytes.IndexByte(t.src[li.start:n.start], '>')
	rest := t.src[n.end:li.end]
	end := bytes.LastIndex(rest, []byte("</"))
	if open < 0 || end < 0 || len(bytes.TrimSpace(t.src[int(li.start)+open+1:n.start])) > 0 || len(bytes.TrimSpace(rest[:end])) > 0 {
		return i
	}
	return int(n.parent)
}
