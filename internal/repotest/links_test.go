package repotest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// mdLink is a Markdown link or image, [text](target) or ![alt](target),
// with an optional "title" after the target.
var mdLink = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// scheme starts a target that leaves the repository (https:, mailto:).
var scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// htmlAnchor is an anchor a page sets by hand: <a id="…"> or name="…".
var htmlAnchor = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)

// TestDocLinksResolve follows every relative link of every Markdown file
// of the repository (README.md, docs/, bench/, …): the file or folder it
// names exists, and a #fragment into a Markdown page names one of that
// page's headings, so that moving a section between pages cannot leave a
// reader at a dead link.
func TestDocLinksResolve(t *testing.T) {
	root, files := repository(t)
	anchors := map[string]map[string]bool{} // by slash path from root
	anchorsOf := func(rel string) (map[string]bool, error) {
		if a, ok := anchors[rel]; ok {
			return a, nil
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		a := pageAnchors(b)
		anchors[rel] = a
		return a, nil
	}
	checked := 0
	for _, rel := range files {
		if !strings.HasSuffix(rel, ".md") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			continue // tracked, deleted in the work tree
		}
		for _, l := range pageLinks(b) {
			checked++
			if msg := brokenLink(root, rel, l.target, anchorsOf); msg != "" {
				t.Errorf("%s:%d: link %s: %s", rel, l.line, l.target, msg)
			}
		}
	}
	if checked == 0 {
		t.Fatal("found no relative link in any Markdown file: the test reads nothing")
	}
}

// brokenLink says why target, a link of the page rel, leads nowhere, or ""
// when it resolves.
func brokenLink(root, rel, target string, anchorsOf func(string) (map[string]bool, error)) string {
	p, frag, _ := strings.Cut(target, "#")
	dest := rel
	if p != "" {
		dest = path.Clean(path.Join(path.Dir(rel), p))
		if dest == ".." || strings.HasPrefix(dest, "../") {
			return "leads outside the repository"
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
			return fmt.Sprintf("%s does not exist", dest)
		}
	}
	if frag == "" || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	a, err := anchorsOf(dest)
	if err != nil {
		return err.Error()
	}
	if !a[frag] {
		return fmt.Sprintf("%s has no heading whose anchor is #%s", dest, frag)
	}
	return ""
}

type link struct {
	line   int
	target string
}

// pageLinks lists a page's relative links, outside fenced code blocks and
// code spans. A link's text may run over lines of its paragraph ("[the
// measurement\nlog](performance-log.md)"): an unclosed "[" is carried to
// the next line, and the link is counted on the line of its target.
func pageLinks(page []byte) []link {
	var links []link
	carried := ""
	eachProseLine(page, func(n int, l string) {
		if strings.TrimSpace(l) == "" {
			carried = "" // a link never spans paragraphs
			return
		}
		text := carried + " " + stripCodeSpans(l)
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			if t := m[1]; !scheme.MatchString(t) {
				links = append(links, link{n, t})
			}
		}
		carried = ""
		if i := strings.LastIndexByte(text, '['); i >= 0 && !strings.Contains(text[i:], "]") {
			carried = text[i:]
		}
	})
	return links
}

// pageAnchors are the fragments a page answers: each heading's anchor as
// GitHub makes it (a repeated one gets -1, -2, …), and anchors set by hand.
func pageAnchors(page []byte) map[string]bool {
	a := map[string]bool{}
	seen := map[string]int{}
	eachProseLine(page, func(_ int, l string) {
		for _, m := range htmlAnchor.FindAllStringSubmatch(l, -1) {
			a[m[1]] = true
		}
		h := strings.TrimLeft(l, "#")
		if len(h) == len(l) || len(l)-len(h) > 6 || !strings.HasPrefix(h, " ") {
			return
		}
		s := headingSlug(h)
		if n := seen[s]; n > 0 {
			a[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			a[s] = true
		}
		seen[s]++
	})
	return a
}

// headingSlug is GitHub's anchor of a heading: the text of its links kept,
// lower case, every character but letters, digits, spaces, '-' and '_'
// dropped, and each space a '-'.
func headingSlug(h string) string {
	h = mdLink.ReplaceAllStringFunc(strings.TrimSpace(h), func(s string) string {
		return s[strings.Index(s, "[")+1 : strings.Index(s, "]")]
	})
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// eachProseLine calls f with each line of page (numbered from 1) that is
// not inside a fenced code block.
func eachProseLine(page []byte, f func(n int, l string)) {
	sc := bufio.NewScanner(bytes.NewReader(page))
	sc.Buffer(nil, len(page)+1)
	fence := ""
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		t := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		f(n, l)
	}
}

// stripCodeSpans drops `code spans` from a line, so that a link spelled
// as code is not followed.
func stripCodeSpans(l string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(l, '`')
		if i < 0 {
			return b.String() + l
		}
		j := strings.IndexByte(l[i+1:], '`')
		if j < 0 {
			return b.String() + l
		}
		b.WriteString(l[:i])
		l = l[i+1+j+1:]
	}
}
