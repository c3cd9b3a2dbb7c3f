package pdf

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Stamp gives a PDF as Chromium printed it Paprika's document information
// when no options.pdf asks for more: Paprika as its Creator and Producer
// (not Chromium's user agent and Skia), the page's <title> as its Title,
// or none (not the invisible title a page without one is given), and
// Chromium's dates. It rewrites the information dictionary in place and
// moves the cross-reference offsets after it, which costs one copy of the
// document rather than pdfcpu's parse and write of every object; a
// document not laid out as Chromium lays its PDFs out (one classic
// cross-reference section, the dictionary a direct object) goes through
// Apply instead.
func Stamp(doc []byte) ([]byte, error) {
	if out, err := stampInPlace(doc); err == nil {
		return out, nil
	}
	out, _, err := Apply(doc, &Options{})
	return out, err
}

var (
	trailerInfo = regexp.MustCompile(`/Info (\d+) 0 R`)
	startXRef   = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	xrefHead    = regexp.MustCompile(`^xref\r?\n0 (\d+)\r?\n`)
	infoValue   = regexp.MustCompile(`/(Title|CreationDate|ModDate) (<[0-9A-Fa-f]*>|\((?:[^()\\]|\\.)*\))`)
)

// xrefEntry is the length of one entry of a classic cross-reference
// table, its end of line included.
const xrefEntry = 20

func stampInPlace(doc []byte) ([]byte, error) {
	tail := doc[max(0, len(doc)-1024):]
	m := startXRef.FindSubmatch(tail)
	t := bytes.LastIndex(tail, []byte("trailer"))
	if m == nil || t < 0 {
		return nil, fmt.Errorf("no trailer")
	}
	im := trailerInfo.FindSubmatch(tail[t:])
	if im == nil {
		return nil, fmt.Errorf("no /Info in the trailer")
	}
	infoNum, _ := strconv.Atoi(string(im[1]))
	xrefAt, err := strconv.Atoi(string(m[1]))
	if err != nil || xrefAt <= 0 || xrefAt >= len(doc) {
		return nil, fmt.Errorf("startxref %q", m[1])
	}
	head := xrefHead.FindSubmatch(doc[xrefAt:])
	if head == nil {
		return nil, fmt.Errorf("not one classic cross-reference section")
	}
	size, _ := strconv.Atoi(string(head[1]))
	entries := xrefAt + len(head[0])
	if infoNum <= 0 || infoNum >= size || entries+size*xrefEntry > len(doc) {
		return nil, fmt.Errorf("/Info %d outside the table", infoNum)
	}
	offset := func(n int) (int, error) {
		e := doc[entries+n*xrefEntry : entries+(n+1)*xrefEntry]
		return strconv.Atoi(string(e[:10]))
	}
	objAt, err := offset(infoNum)
	if err != nil || objAt <= 0 || objAt >= xrefAt {
		return nil, fmt.Errorf("/Info's offset")
	}
	prefix := fmt.Sprintf("%d 0 obj", infoNum)
	end := bytes.Index(doc[objAt:xrefAt], []byte("endobj"))
	if !bytes.HasPrefix(doc[objAt:], []byte(prefix)) || end < 0 {
		return nil, fmt.Errorf("/Info is not where the table says")
	}
	end += objAt
	old := doc[objAt:end]
	if bytes.Contains(old, []byte("stream")) || !bytes.Contains(old, []byte("<<")) {
		return nil, fmt.Errorf("/Info is not a direct dictionary")
	}

	var info bytes.Buffer
	info.WriteString(prefix + "\n<<")
	for _, v := range infoValue.FindAllSubmatch(old, -1) {
		if string(v[1]) == "Title" && !visibleTitle(v[2]) {
			continue
		}
		info.WriteString("/" + string(v[1]) + " ")
		info.Write(v[2])
		info.WriteString("\n")
	}
	info.WriteString("/Creator (" + Producer + ")\n/Producer (" + Producer + ")>>\n")
	delta := info.Len() - len(old)

	out := make([]byte, 0, len(doc)+delta+16)
	out = append(out, doc[:objAt]...)
	out = append(out, info.Bytes()...)
	out = append(out, doc[end:entries]...)
	for n := range size {
		e := doc[entries+n*xrefEntry : entries+(n+1)*xrefEntry]
		at, err := offset(n)
		if err != nil {
			return nil, fmt.Errorf("cross-reference entry %d", n)
		}
		if e[17] == 'n' && at > objAt {
			out = fmt.Appendf(out, "%010d", at+delta)
			out = append(out, e[10:]...)
			continue
		}
		out = append(out, e...)
	}
	rest := doc[entries+size*xrefEntry:]
	sx := bytes.LastIndex(rest, []byte("startxref"))
	if sx < 0 {
		return nil, fmt.Errorf("no startxref")
	}
	out = append(out, rest[:sx]...)
	out = fmt.Appendf(out, "startxref\n%d\n%%%%EOF\n", xrefAt+delta)
	return out, nil
}

// visibleTitle reports whether a PDF string (hex or literal) holds more
// than white space and the zero-width space a page without a <title> is
// given.
func visibleTitle(s []byte) bool {
	text := string(s[1 : len(s)-1])
	if s[0] == '<' {
		b, err := hex.DecodeString(text)
		if err != nil {
			return true
		}
		if len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF {
			u := make([]uint16, 0, len(b)/2)
			for i := 2; i+1 < len(b); i += 2 {
				u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
			}
			text = string(utf16.Decode(u))
		} else {
			text = string(b)
		}
	}
	return strings.TrimSpace(strings.ReplaceAll(text, "\u200b", "")) != ""
}
