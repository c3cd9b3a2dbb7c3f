package docx

import "strings"

// mode is where a block tag is placed in the XML.
type mode uint8

const (
	// inline: open and close in one paragraph; the runs between repeat.
	inline mode = iota
	// atRow: open and close in paragraphs of one table row; the row
	// repeats.
	atRow
	// atParagraph: open and close in paragraphs of their own; the
	// paragraphs between repeat.
	atParagraph
)

// place pairs the block tags of a part's paragraphs and decides where each
// pair goes. A pair it cannot place so that what it repeats is whole XML
// is an error naming the paragraph.
func place(part string, t *tree, paras []*para) error {
	var stack []*tag
	for _, p := range paras {
		for _, tg := range p.tags {
			switch tg.kind {
			case open:
				stack = append(stack, tg)
			case orElse:
				if len(stack) == 0 {
					return errorf("in %s, %s stands outside any block", where(part, p.text), tg.src)
				}
				o := stack[len(stack)-1]
				o.elses = append(o.elses, tg)
				tg.pair = o
			case closing:
				if len(stack) == 0 {
					return errorf("in %s, %s closes no block", where(part, p.text), tg.src)
				}
				o := stack[len(stack)-1]
				if blockName(o) != blockName(tg) {
					return errorf("in %s, %s closes %s (of %s)", where(part, p.text), tg.src, o.src, where(part, o.para.text))
				}
				stack = stack[:len(stack)-1]
				o.pair, tg.pair = tg, o
			}
		}
	}
	if len(stack) > 0 {
		o := stack[len(stack)-1]
		return errorf("in %s, %s is not closed (in the same part of the document: body, header or footer)", where(part, o.para.text), o.src)
	}
	for _, p := range paras {
		for _, o := range p.tags {
			if o.kind == open {
				if err := placePair(part, t, o); err != nil {
					return err
				}
			}
		}
	}
	for _, p := range paras {
		p.removed = len(p.tags) > 0 && p.blocksOnly
		for _, tg := range p.tags {
			p.removed = p.removed && tg.mode != atRow
		}
		for _, tg := range p.tags {
			if tg.mode == atParagraph && !p.removed {
				return errorf("in %s, %s cannot be placed: a block that spans paragraphs has its tags in paragraphs of their own", where(part, p.text), tg.src)
			}
		}
	}
	return nil
}

// placePair decides the mode of the block opened by o.
func placePair(part string, t *tree, o *tag) error {
	c := o.pair
	all := append(append([]*tag{o}, o.elses...), c)
	set := func(m mode) {
		for _, tg := range all {
			tg.mode = m
		}
	}
	if o.para == c.para {
		set(inline)
		r := runParent(t, o)
		for _, tg := range all {
			if r < 0 || runParent(t, tg) != r {
				return errorf("in %s, %s cannot be placed: its tags are in runs of different links or fields", where(part, o.para.text), o.src)
			}
		}
		return nil
	}
	parent := t.nodes[o.para.unit].parentAt
	standalone := true
	for _, tg := range all {
		standalone = standalone && tg.para.blocksOnly && t.nodes[tg.para.unit].parentAt == parent
	}
	if standalone {
		set(atParagraph)
		return nil
	}
	if tr := t.ancestor(o.para.node, row); tr >= 0 && tr == t.ancestor(c.para.node, row) {
		if len(o.elses) > 0 {
			return errorf("in %s, %s repeats a table row and cannot hold %s: put the block in a paragraph of the cell instead", where(part, o.para.text), o.src, o.elses[0].src)
		}
		set(atRow)
		return nil
	}
	return errorf("in %s, %s cannot be placed: a block is opened and closed in one paragraph, in one table row, or in paragraphs of their own side by side (not across cells, rows or tables)",
		where(part, o.para.text), o.src)
}

// runParent is what holds the run of tag tg's text (a paragraph, a link),
// or -1 when its text is not in a run; in ODF, what holds its character
// data (a paragraph, a span).
func runParent(t *tree, tg *tag) int32 {
	piece := tg.para.pieces[tg.piece]
	if t.d.charText {
		return t.nodes[piece].parentAt
	}
	r := t.runOf(piece)
	if r < 0 {
		return -1
	}
	return t.nodes[r].parentAt
}

// blockName is the helper a block tag opens or closes ("each" of
// {{#each items}} and of {{/each}}), "" for {{^}}.
func blockName(tg *tag) string {
	s := strings.TrimLeft(inner(tg.src), "#^/")
	if i := strings.IndexAny(s, " \t\n("); i >= 0 {
		s = s[:i]
	}
	return s
}
