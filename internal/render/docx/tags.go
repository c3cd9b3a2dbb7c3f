package docx

import (
	"strings"
)

// tagKind is what a tag does to the document's structure.
type tagKind uint8

const (
	value    tagKind = iota // {{x}}, {{helper …}}: prints
	rawVal                  // {{{x}}}: prints, unescaped by the language (escaped here)
	open                    // {{#each …}}, {{#if …}}, {{^x}}
	orElse                  // {{else}}, {{else if …}}, {{^}}
	closing                 // {{/each}}
	comment                 // {{! …}}: prints nothing
	imageTag                // {{image "name"}}: a picture (Word)
)

// tag is one Handlebars tag found in a paragraph's text.
type tag struct {
	src        string // the tag as the template runs it
	kind       tagKind
	start, end int // its bytes in the paragraph's text
	piece      int // the w:t (index into para.pieces) its first byte is in
	para       *para
	// Where the tag is placed, decided by place.
	mode  mode
	pair  *tag   // for an open: its closing; for else and closing: its open
	elses []*tag // for an open: its elses
}

// para is a paragraph holding tags: its w:t elements and its text.
type para struct {
	node   int
	unit   int   // what it stands as among its siblings: itself, or the list item it alone fills (ODF)
	pieces []int // its w:t nodes, in order
	starts []int // where each piece's text starts in text
	text   string
	tags   []*tag
	// blocksOnly: its text is block tags, comments and white space.
	blocksOnly bool
	// removed: the paragraph holds nothing but block tags placed at it,
	// and is replaced by them.
	removed bool
}

// onlyBlocks says whether the paragraph's text is block tags, comments
// and white space alone.
func (p *para) onlyBlocks() bool {
	at := 0
	for _, t := range p.tags {
		if t.kind == value || t.kind == rawVal || t.kind == imageTag || strings.TrimSpace(p.text[at:t.start]) != "" {
			return false
		}
		at = t.end
	}
	return strings.TrimSpace(p.text[at:]) == ""
}

// smartQuotes are what Word's autocorrect types for quotes, which tags
// mean as straight quotes.
var smartQuotes = strings.NewReplacer("“", `"`, "”", `"`, "„", `"`, "‘", "'", "’", "'", "\u00a0", " ")

// maxTags bounds the tags of one part, so that what Fill holds of them
// before the template language runs stays a few tens of MiB. The
// language's bound on template text (1 MiB) takes about 13,000 tags.
const maxTags = 20_000

// findTags reads the tags of paragraph p in part. A {{ that never closes
// is an error naming the paragraph.
func findTags(part string, p *para, count *int) error {
	s := p.text
	piece := 0
	for at := 0; ; {
		i := strings.Index(s[at:], "{{")
		if i < 0 {
			p.blocksOnly = p.onlyBlocks()
			return nil
		}
		i += at
		closer := "}}"
		if strings.HasPrefix(s[i:], "{{{") {
			closer = "}}}"
		}
		j := strings.Index(s[i+2:], closer)
		if j < 0 {
			return errorf("in %s, a tag opens with {{ and does not close", where(part, s))
		}
		end := i + 2 + j + len(closer)
		t := &tag{src: smartQuotes.Replace(s[i:end]), start: i, end: end, para: p}
		t.kind = classify(t.src)
		if in := inner(t.src); strings.HasPrefix(in, ">") || strings.HasPrefix(in, "#>") || strings.HasPrefix(in, "#*") {
			return errorf("in %s, %s: partials are not supported in Word templates", where(part, s), t.src)
		}
		for piece+1 < len(p.starts) && p.starts[piece+1] <= i {
			piece++
		}
		t.piece = piece
		if *count++; *count > maxTags {
			return errorf("%s holds more than %d tags", part, maxTags)
		}
		p.tags = append(p.tags, t)
		at = end
	}
}

// inner is a tag's text without its braces and white-space control.
func inner(src string) string {
	s := strings.TrimPrefix(strings.TrimSuffix(src, "}}"), "{{")
	s = strings.TrimPrefix(strings.TrimSuffix(s, "}"), "{")
	s = strings.TrimPrefix(strings.TrimSuffix(s, "~"), "~")
	return strings.TrimSpace(s)
}

// classify says what a tag does.
func classify(src string) tagKind {
	if strings.HasPrefix(src, "{{{") {
		return rawVal
	}
	s := inner(src)
	switch {
	case strings.HasPrefix(s, "!"):
		return comment
	case s == "^" || s == "else" || strings.HasPrefix(s, "else "):
		return orElse
	case strings.HasPrefix(s, "#") || strings.HasPrefix(s, "^"):
		return open
	case strings.HasPrefix(s, "/"):
		return closing
	case isImageTag(s):
		return imageTag
	}
	return value
}
