package docx

import (
	"bytes"
	"crypto/rand"
	"sort"
	"strconv"
	"strings"
)

// skeleton is a part turned into one template: its XML stands in it as
// markers, so that the template holds only the tags (and stays within the
// language's bound on template text whatever the document's size), and
// the template's output, expanded, is the filled XML.
type skeleton struct {
	part   string
	src    string   // the template
	static []string // the XML each static marker stands for
	nonce  string   // what makes markers unguessable by data
	lines  []string // the text of the paragraph on line i+2 of src
	// lineBreak and tab stand for a line break and a tab in a value.
	lineBreak, tab string
	space          string     // a space after a space (ODF collapses them), "" to write it as it is
	wPrefix        string     // WordprocessingML's prefix in the part
	images         []imageUse // the image tags, their drawings to write
}

// wordName is a WordprocessingML element's name in the part.
func (sk *skeleton) wordName(local string) string {
	if sk.wPrefix == "" {
		return local
	}
	return sk.wPrefix + ":" + local
}

// Markers are \x01 nonce kind [index] \x02. \x01 and \x02 cannot stand in
// XML, and the nonce keeps a value that carries them from passing for one.
const (
	markStatic  = 's'
	markValue   = 'v' // a value the language escaped
	markRaw     = 'r' // a value the language did not escape
	markEnd     = 'e' // the end of a value
	markerStart = "\x01"
	markerEnd   = "\x02"
)

// edit replaces src[start:end] of a part with what emit writes.
type edit struct {
	start, end int
	order      int // at one offset: 0 after an element, 1 before one, 2 a replacement
	para       *para
	emit       func(b *builder)
}

// builder writes a skeleton.
type builder struct {
	sk      *skeleton
	src     strings.Builder
	pending strings.Builder
	emitted []*tag
}

// lit adds XML copied as it is.
func (b *builder) lit(s string) { b.pending.WriteString(s) }

// hbs adds template text.
func (b *builder) hbs(s string) {
	if b.pending.Len() > 0 {
		b.src.WriteString(b.sk.marker(markStatic, strconv.Itoa(len(b.sk.static))))
		b.sk.static = append(b.sk.static, b.pending.String())
		b.pending.Reset()
	}
	b.src.WriteString(s)
}

func (sk *skeleton) marker(kind byte, index string) string {
	return markerStart + sk.nonce + string(kind) + index + markerEnd
}

// skeletonOf reads a part's tags and turns it into a skeleton.
func skeletonOf(d *dialect, part string, src []byte, maxDepth int) (*skeleton, error) {
	t, err := parseTree(d, part, src, maxDepth)
	if err != nil {
		return nil, err
	}
	paras, err := paragraphs(part, t)
	if err != nil {
		return nil, err
	}
	if err := place(part, t, paras); err != nil {
		return nil, err
	}
	// 60 random bits: data cannot guess them within one render, and the
	// markers stay short (the template is held to the language's bound
	// on template text).
	sk := &skeleton{part: part, nonce: rand.Text()[:12]}
	if p, ok := t.prefixes[wordML]; ok {
		sk.wPrefix = p
	} else if p, ok := t.prefixes[wordMLStrict]; ok {
		sk.wPrefix = p
	}
	if d.charText {
		sk.lineBreak, sk.tab = "<"+t.name(odfText, "line-break")+"/>", "<"+t.name(odfText, "tab")+"/>"
		sk.space = "<" + t.name(odfText, "s") + "/>"
	} else {
		inT := func(el string) string {
			return "</" + t.name(wordML, "t") + "><" + t.name(wordML, el) + "/><" + t.name(wordML, "t") + ` xml:space="preserve">`
		}
		sk.lineBreak, sk.tab = inT("br"), inT("tab")
	}
	edits, err := editsOf(part, t, paras)
	if err != nil {
		return nil, err
	}
	b := &builder{sk: sk}
	at := 0
	var last *para
	for _, e := range edits {
		b.lit(string(src[at:e.start]))
		if e.para != last {
			last = e.para
			b.hbs("\n")
			sk.lines = append(sk.lines, e.para.text)
		}
		e.emit(b)
		at = e.end
	}
	b.lit(string(src[at:]))
	b.hbs("")
	sk.src = b.src.String()
	if err := checkOrder(part, paras, b.emitted); err != nil {
		return nil, err
	}
	for i, u := range sk.images {
		parsed, err := parseImageTag(part, u.tag)
		if err != nil {
			return nil, err
		}
		parsed.static = u.static
		sk.images[i] = parsed
	}
	return sk, nil
}

// paragraphs are a part's paragraphs that hold tags, in order.
func paragraphs(part string, t *tree) ([]*para, error) {
	byNode := map[int32]*para{}
	texts := map[*para]*strings.Builder{}
	var all []*para
	for i, n := range t.nodes {
		if n.kind != text || n.para < 0 {
			continue
		}
		p := byNode[n.para]
		if p == nil {
			p = &para{node: int(n.para), unit: t.unitOf(int(n.para))}
			byNode[n.para] = p
			texts[p] = &strings.Builder{}
			all = append(all, p)
		}
		p.pieces = append(p.pieces, i)
		p.starts = append(p.starts, texts[p].Len())
		texts[p].WriteString(t.textOf(i))
	}
	for _, p := range all {
		p.text = texts[p].String()
	}
	// Paragraphs are in the order of their first text; a paragraph in a
	// text box inside another comes after it, as in the document.
	sort.SliceStable(all, func(i, j int) bool { return all[i].node < all[j].node })
	var tagged []*para
	count := 0
	for _, p := range all {
		if !strings.Contains(p.text, "{{") {
			continue
		}
		if err := findTags(part, p, &count); err != nil {
			return nil, err
		}
		if len(p.tags) > 0 {
			tagged = append(tagged, p)
		}
	}
	return tagged, nil
}

// editsOf lists what changes in the part's XML, in order: each tagged
// paragraph's texts rewritten with its tags whole in the first run they
// start in, paragraphs of block tags alone replaced by them, rows wrapped
// in the blocks that repeat them.
func editsOf(part string, t *tree, paras []*para) ([]edit, error) {
	var edits []edit
	rowTags := map[int][2][]*tag{}
	for _, p := range paras {
		if p.removed {
			n := t.nodes[p.unit]
			keep := endsCell(t, p.unit)
			edits = append(edits, edit{start: int(n.start), end: int(n.end), order: 2, para: p, emit: func(b *builder) {
				for _, tg := range p.tags {
					if tg.kind != comment {
						b.hbs(tg.src)
						b.emitted = append(b.emitted, tg)
					}
				}
				if keep {
					b.lit("<" + t.name(t.d.paraNS, t.d.paraName) + "/>")
				}
			}})
			continue
		}
		for k, piece := range p.pieces {
			n := t.nodes[piece]
			edits = append(edits, edit{start: int(n.start), end: int(n.end), order: 2, para: p, emit: func(b *builder) { writePiece(b, t, p, k) }})
		}
		for _, tg := range p.tags {
			if tg.mode != atRow {
				continue
			}
			tr := t.ancestor(p.node, row)
			rt := rowTags[tr]
			if tg.kind == open {
				rt[0] = append(rt[0], tg)
			} else {
				rt[1] = append(rt[1], tg)
			}
			rowTags[tr] = rt
		}
	}
	for tr, rt := range rowTags {
		start, end := int(t.nodes[tr].start), int(t.nodes[tr].end)
		emit := func(tags []*tag) func(b *builder) {
			return func(b *builder) {
				for _, tg := range tags {
					b.hbs(tg.src)
					b.emitted = append(b.emitted, tg)
				}
			}
		}
		if len(rt[0]) > 0 {
			edits = append(edits, edit{start: start, end: start, order: 1, para: rt[0][0].para, emit: emit(rt[0])})
		}
		if len(rt[1]) > 0 {
			edits = append(edits, edit{start: end, end: end, order: 0, para: rt[1][0].para, emit: emit(rt[1])})
		}
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start < edits[j].start
		}
		return edits[i].order < edits[j].order
	})
	for i := 1; i < len(edits); i++ {
		if edits[i].start < edits[i-1].end {
			return nil, errorf("in %s, the tags cannot be placed: they stand inside a paragraph that is replaced by its block tags (a text box?)", where(part, edits[i].para.text))
		}
	}
	return edits, nil
}

// endsCell says whether paragraph i is the last element of a table cell,
// which must end with a paragraph: removed, it leaves an empty one.
func endsCell(t *tree, i int) bool {
	n := t.nodes[i]
	if !n.direct || t.nodes[n.parent].kind != cell {
		return false
	}
	rest := t.src[n.end:t.nodes[n.parent].end]
	end := bytes.LastIndex(rest, []byte("</"))
	return end >= 0 && len(bytes.TrimSpace(rest[:end])) == 0
}

// writePiece writes the k-th w:t (ODF: character data) of paragraph p: its text less the parts
// of tags that start in an earlier one, with the tags that start in it.
func writePiece(b *builder, t *tree, p *para, k int) {
	ps, pe := p.starts[k], len(p.text)
	if k+1 < len(p.starts) {
		pe = p.starts[k+1]
	}
	// A w:t is written anew, a tag's text kept whole; ODF's character
	// data stands alone.
	openT, closeT := "", ""
	if !t.d.charText {
		openT, closeT = "<"+t.name(wordML, "t")+` xml:space="preserve">`, "</"+t.name(wordML, "t")+">"
	}
	started := false
	start := func() {
		if !started {
			b.lit(openT)
			started = true
		}
	}
	textOf := func(s string) {
		if s != "" {
			start()
			b.lit(escapeText(s))
		}
	}
	pos := ps
	first := sort.Search(len(p.tags), func(i int) bool { return p.tags[i].end > ps })
	for _, tg := range p.tags[first:] {
		if tg.start >= pe {
			break
		}
		if tg.start > pos {
			textOf(p.text[pos:tg.start])
		}
		if tg.start >= ps {
			start()
			writeTag(b, t, p, tg, closeT, openT)
		}
		pos = min(tg.end, pe)
	}
	if pos < pe {
		textOf(p.text[pos:pe])
	}
	if started {
		b.lit(closeT)
	}
}

// writeTag writes a tag where it stands in a w:t.
func writeTag(b *builder, t *tree, p *para, tg *tag, closeT, openT string) {
	switch {
	case tg.kind == value:
		b.hbs(b.sk.marker(markValue, "") + tg.src + b.sk.marker(markEnd, ""))
	case tg.kind == rawVal:
		b.hbs(b.sk.marker(markRaw, "") + tg.src + b.sk.marker(markEnd, ""))
	case tg.kind == imageTag:
		// The drawing, once its image is read, stands in a chunk of its
		// own.
		b.hbs("")
		b.sk.images = append(b.sk.images, imageUse{tag: tg, static: len(b.sk.static)})
		b.hbs(b.sk.marker(markStatic, strconv.Itoa(len(b.sk.static))))
		b.sk.static = append(b.sk.static, "")
	case tg.kind == comment || tg.mode != inline:
		// a comment prints nothing; a row's tags stand around the row
	case t.d.charText:
		// ODF: the tag stands in character data beside its siblings.
		b.hbs(tg.src)
		b.emitted = append(b.emitted, tg)
	default:
		// The run is split around the block tag, the runs it repeats
		// whole: the part after it keeps the run's formatting.
		r := t.runOf(p.pieces[tg.piece])
		b.lit(closeT + "</" + t.name(wordML, "r") + ">")
		b.hbs(tg.src)
		b.emitted = append(b.emitted, tg)
		b.lit("<" + t.name(wordML, "r") + ">" + t.runProps(r) + openT)
	}
}

// checkOrder holds the block tags, in the order they stand in the
// skeleton, to the order they stand in the document: a row's tags, moved
// around the row, must not pass another block tag of the row (which would
// then run inside the row's block, on other data).
func checkOrder(part string, paras []*para, emitted []*tag) error {
	i := 0
	for _, p := range paras {
		for _, tg := range p.tags {
			if tg.kind != open && tg.kind != orElse && tg.kind != closing {
				continue
			}
			if i >= len(emitted) || emitted[i] != tg {
				moved := tg
				if i < len(emitted) {
					moved = emitted[i]
				}
				return errorf("in %s, %s cannot be placed: a block repeating a table row would pass another block tag of the row (open the row's block first in its first cell, close it last in its last)", where(part, moved.para.text), moved.src)
			}
			i++
		}
	}
	return nil
}

// escapeText escapes s for XML text.
func escapeText(s string) string {
	return textEscaper.Replace(s)
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
