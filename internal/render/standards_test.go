package render

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// A tiny PNG, for images that load without the network.
const pixelPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

// pdfObjects is qpdf's JSON view of a document (qpdf --json, version 2):
// every object by "N 0 R", streams with their decoded data.
type pdfObjects struct {
	t       *testing.T
	objects map[string]json.RawMessage
	trailer map[string]any
}

func readObjects(t *testing.T, doc []byte) *pdfObjects {
	t.Helper()
	var j struct {
		QPDF []map[string]json.RawMessage `json:"qpdf"`
	}
	out := qpdf(t, doc, "--json", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized")
	require.NoError(t, json.Unmarshal(out, &j))
	require.Len(t, j.QPDF, 2)
	p := &pdfObjects{t: t, objects: j.QPDF[1]}
	var tr struct {
		Value  map[string]any `json:"value"`
		Stream struct {
			Dict map[string]any `json:"dict"`
		} `json:"stream"`
	}
	require.NoError(t, json.Unmarshal(p.objects["trailer"], &tr))
	p.trailer = tr.Value
	if p.trailer == nil {
		p.trailer = tr.Stream.Dict // a cross-reference stream
	}
	return p
}

var refRE = regexp.MustCompile(`^\d+ \d+ R$`)

// get follows a reference to its object: a dictionary (a stream's
// dictionary, for a stream), an array or a value. Anything else is as is.
func (p *pdfObjects) get(v any) any {
	s, ok := v.(string)
	if !ok || !refRE.MatchString(s) {
		return v
	}
	var o struct {
		Value  any `json:"value"`
		Stream *struct {
			Dict map[string]any `json:"dict"`
		} `json:"stream"`
	}
	require.NoError(p.t, json.Unmarshal(p.objects["obj:"+s], &o), s)
	if o.Stream != nil {
		return o.Stream.Dict
	}
	return o.Value
}

func (p *pdfObjects) dict(v any) map[string]any {
	d, ok := p.get(v).(map[string]any)
	require.True(p.t, ok, "%v is not a dictionary", v)
	return d
}

func (p *pdfObjects) array(v any) []any {
	a, ok := p.get(v).([]any)
	require.True(p.t, ok, "%v is not an array", v)
	return a
}

// data is a stream's decoded data.
func (p *pdfObjects) data(ref any) []byte {
	var o struct {
		Stream struct {
			Data string `json:"data"`
		} `json:"stream"`
	}
	require.NoError(p.t, json.Unmarshal(p.objects["obj:"+ref.(string)], &o))
	b, err := base64.StdEncoding.DecodeString(o.Stream.Data)
	require.NoError(p.t, err)
	return b
}

func (p *pdfObjects) catalog() map[string]any { return p.dict(p.trailer["/Root"]) }

// text is a PDF string as qpdf writes it: "u:…" text, or "b:…" hex of
// UTF-16BE with its mark or of bytes.
func (p *pdfObjects) text(v any) string {
	s, _ := p.get(v).(string)
	if t, ok := strings.CutPrefix(s, "u:"); ok {
		return t
	}
	b, err := hex.DecodeString(strings.TrimPrefix(s, "b:"))
	require.NoError(p.t, err, s)
	if len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF {
		u := make([]uint16, 0, len(b)/2)
		for i := 2; i+1 < len(b); i += 2 {
			u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
		}
		return string(utf16.Decode(u))
	}
	return string(b)
}

// structElem is one element of the structure tree: its role and alt text.
type structElem struct{ role, alt string }

// structure walks the document's structure tree, depth first.
func (p *pdfObjects) structure() []structElem {
	var out []structElem
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		require.Less(p.t, depth, 100, "the structure tree is too deep or has a cycle")
		switch k := p.get(v).(type) {
		case []any:
			for _, kid := range k {
				walk(kid, depth+1)
			}
		case map[string]any:
			if s, ok := k["/S"].(string); ok {
				e := structElem{role: strings.TrimPrefix(s, "/")}
				if a, ok := k["/Alt"]; ok {
					e.alt = p.text(a)
				}
				out = append(out, e)
			}
			if kids, ok := k["/K"]; ok {
				walk(kids, depth+1)
			}
		}
	}
	walk(p.catalog()["/StructTreeRoot"], 0)
	return out
}

// xmpFields reads an XMP packet into "namespace local" → the text of that
// property (the items of an rdf:Alt, Seq or Bag joined by "|").
func xmpFields(t *testing.T, packet string) map[string]string {
	t.Helper()
	const rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	dec := xml.NewDecoder(strings.NewReader(packet))
	m := map[string]string{}
	var stack []xml.Name
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "the XMP is not well formed")
		switch tk := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tk.Name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			s := strings.TrimSpace(string(tk))
			if s == "" {
				continue
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].Space != rdf {
					k := stack[i].Space + " " + stack[i].Local
					if m[k] != "" {
						s = m[k] + "|" + s
					}
					m[k] = s
					break
				}
			}
		}
	}
	return m
}

const (
	nsPDFAID  = "http://www.aiim.org/pdfa/ns/id/"
	nsPDFUAID = "http://www.aiim.org/pdfua/ns/id/"
	nsDC      = "http://purl.org/dc/elements/1.1/"
	nsXMP     = "http://ns.adobe.com/xap/1.0/"
	nsPDF     = "http://ns.adobe.com/pdf/1.3/"
	nsFX      = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"
	nsSchema  = "http://www.aiim.org/pdfa/ns/schema#"
)

// infoField is one line of pdfinfo's report.
func infoField(t *testing.T, info, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `:\s+(.*)$`).FindStringSubmatch(info)
	require.NotNil(t, m, "pdfinfo has no %s:\n%s", name, info)
	return strings.TrimSpace(m[1])
}

// requireFontsEmbedded checks with pdffonts that every font is embedded.
func requireFontsEmbedded(t *testing.T, doc []byte) {
	t.Helper()
	out := poppler(t, "pdffonts", doc)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Greater(t, len(lines), 2, "no fonts at all: %s", out)
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		// name type… encoding emb sub uni object ID
		require.GreaterOrEqual(t, len(f), 7, l)
		require.Equal(t, "yes", f[len(f)-5], "font not embedded: %s", l)
	}
}

func TestPDFUA1TaggedAndChecked(t *testing.T) {
	t.Parallel()
	tpl := `<!doctype html><html lang="en-GB"><head><title>Quarterly report</title></head><body>
<h1>Quarterly report</h1><p>Revenue grew in every quarter.</p>
<h2>Figures</h2><img src="` + pixelPNG + `" alt="Revenue chart" width="40" height="40">
<table><tr><th>Quarter</th><th>Revenue</th></tr><tr><td>Q1</td><td>10</td></tr></table>
<h2>Outlook</h2><p>More of the same, says <a href="https://example.com/outlook">the outlook</a>.</p></body></html>`
	// With PDF/A-3b and a watermark too: everything composes.
	o := pdfOptions(t, `{"standards":["PDF/A-3b","PDF/UA-1"],"author":"Ada Lovelace","watermark":{"text":"ENTWURF Ü","rotation":0}}`)
	out := render(t, shared, Input{Template: tpl, Options: Options{PDF: o,
		FooterTemplate: `<div style="font-size:9px;margin-left:1cm">Quarterly report, page <span class="pageNumber"></span></div>`}})
	require.True(t, bytes.HasPrefix(out.Body, []byte("%PDF-1.7")))
	qpdf(t, out.Body, "--check")
	text := pdfText(t, out.Body)
	require.Contains(t, text, "Revenue grew in every quarter.")
	require.Contains(t, text, "Quarterly report, page 1", "the footer still prints")
	require.Contains(t, text, "ENTWURF Ü", "the watermark prints, its text extractable")

	p := readObjects(t, out.Body)
	roles := map[string]int{}
	alts := map[string]string{}
	for _, e := range p.structure() {
		roles[e.role]++
		if e.alt != "" {
			alts[e.role] = e.alt
		}
	}
	for role, n := range map[string]int{"H1": 1, "H2": 2, "P": 2, "Table": 1, "TH": 2, "TD": 2, "Figure": 1, "Link": 1} {
		require.Equal(t, n, roles[role], "%s elements in the structure tree %v", role, roles)
	}
	require.Equal(t, "Revenue chart", alts["Figure"])

	cat := p.catalog()
	// Every piece of content is tagged or an artifact: no painting
	// operator outside a marked-content sequence (the footer and the
	// page's background are artifacts, and the watermark one of subtype
	// Watermark).
	for _, pg := range p.array(p.dict(cat["/Pages"])["/Kids"]) {
		depth, artifacts, watermarks := 0, 0, 0
		// Chromium writes hex strings without spaces and "<<…>>BDC".
		fields := strings.Fields(strings.ReplaceAll(string(p.data(p.dict(pg)["/Contents"])), ">>", ">> "))
		for i, op := range fields {
			switch op {
			case "BDC", "BMC":
				depth++
				if op == "BMC" && fields[i-1] == "/Artifact" {
					artifacts++
				}
				if op == "BDC" && i >= 6 && fields[i-6] == "/Artifact" && fields[i-4] == "/Watermark" {
					watermarks++
				}
			case "EMC":
				depth--
			case "Tj", "TJ", "'", `"`, "f", "f*", "F", "S", "s", "B", "B*", "b", "b*", "Do", "sh":
				require.Positive(t, depth, "%s outside marked content", op)
			}
		}
		require.Zero(t, depth)
		require.Positive(t, artifacts)
		require.Equal(t, 1, watermarks, "the watermark is an artifact")
	}
	require.Equal(t, "en-GB", p.text(cat["/Lang"]))
	require.Equal(t, true, p.dict(cat["/MarkInfo"])["/Marked"])
	require.Equal(t, true, p.dict(cat["/ViewerPreferences"])["/DisplayDocTitle"])
	// The link has its alternate description (/Contents).
	page := p.dict(p.array(p.dict(cat["/Pages"])["/Kids"])[0])
	links := p.array(page["/Annots"])
	require.Len(t, links, 1)
	require.Equal(t, "Link to https://example.com/outlook", p.text(p.dict(links[0])["/Contents"]))

	info := pdfInfo(t, out.Body)
	require.Equal(t, "Quarterly report", infoField(t, info, "Title"))
	require.Equal(t, "yes", infoField(t, info, "Tagged"))
	x := xmpFields(t, poppler(t, "pdfinfo", out.Body, "-meta"))
	require.Equal(t, "1", x[nsPDFUAID+" part"])
	require.Equal(t, "Quarterly report", x[nsDC+" title"])
	require.Equal(t, "Ada Lovelace", x[nsDC+" creator"])
	require.Equal(t, "3", x[nsPDFAID+" part"])
	// The watermark's font (DejaVu Sans) is embedded like the page's.
	requireFontsEmbedded(t, out.Body)
	require.Contains(t, poppler(t, "pdffonts", out.Body), "DejaVuSans")

	// The structure as poppler reads it, too.
	st := poppler(t, "pdfinfo", out.Body, "-struct-text")
	for _, s := range []string{"H1", "H2", "Figure", "TH", `"Quarterly report"`} {
		require.Contains(t, st, s)
	}
}

// A page that fails the check is one 422 listing each problem.
func TestPDFUA1CheckListsEveryProblem(t *testing.T) {
	t.Parallel()
	tpl := `<h2>Intro</h2><p>x</p><h4>Deep</h4>
<img src="` + pixelPNG + `"><img alt="" src="` + pixelPNG + `">
<table><tr><td>Widget</td><td>3</td></tr></table>
<table role="presentation"><tr><td>layout</td></tr></table>`
	_, err := renderErr(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"standards":["PDF/UA-1"]}`)}})
	re := requireCode(t, err, paprika.CodeTemplateError)
	for _, want := range []string{
		"html has no lang attribute",
		"the document has no title",
		"img #1 (src=" + pixelPNG[:60] + "…) has no alt text",
		`h2 #1 ("Intro") is the first heading but not h1`,
		`h4 #2 ("Deep") skips a level: it follows an h2`,
		`table #1 (first cell "Widget") has no header cell (th)`,
	} {
		require.Contains(t, re.Message, want)
	}
	require.NotContains(t, re.Message, "img #2", "alt=\"\" marks a decorative image")
	require.NotContains(t, re.Message, "table #2", "a layout table is not a data table")
	require.Contains(t, re.Message, "6 problems: 1. html has no lang")
	require.Contains(t, re.Message, " 6. table #1")

	// options.pdf.title gives the title the page lacks.
	_, err = renderErr(t, shared, Input{Template: tpl, Options: Options{PDF: pdfOptions(t, `{"standards":["PDF/UA-1"],"title":"T"}`)}})
	re = requireCode(t, err, paprika.CodeTemplateError)
	require.NotContains(t, re.Message, "no title")
	require.Contains(t, re.Message, "html has no lang attribute")
}

func TestPDFA2bArchival(t *testing.T) {
	t.Parallel()
	tpl := `<!doctype html><html lang="en"><head><title>page title</title></head><body>
<h1>Archived</h1><p>See <a href="https://example.com/terms">the terms</a>, <b>bold</b> and <i>italic</i>.</p></body></html>`
	o := pdfOptions(t, `{"standards":["PDF/A-2b"],"title":"Archive copy","author":"Ada","subject":"Records","keywords":"archive, 2026"}`)
	before := time.Now().Add(-2 * time.Second)
	out := render(t, shared, Input{Template: tpl, Options: Options{PDF: o}})
	require.True(t, bytes.HasPrefix(out.Body, []byte("%PDF-1.7\n")), "PDF/A-2 is PDF 1.7: %q", out.Body[:9])
	// 6.1.2: a comment of four bytes above 127 follows the header; 6.1.3:
	// nothing but an end of line after the last %%EOF.
	second := out.Body[9 : bytes.IndexByte(out.Body[9:], '\n')+9]
	require.GreaterOrEqual(t, len(second), 5)
	require.Equal(t, byte('%'), second[0])
	for _, c := range second[1:5] {
		require.Greater(t, c, byte(127), "%q", second)
	}
	require.Regexp(t, `%%EOF\r?\n?$`, string(out.Body[len(out.Body)-8:]))
	qpdf(t, out.Body, "--check")

	info := pdfInfo(t, out.Body)
	require.Equal(t, "no", infoField(t, info, "Encrypted"))
	require.Equal(t, "no", infoField(t, info, "JavaScript"))
	requireFontsEmbedded(t, out.Body)

	x := xmpFields(t, poppler(t, "pdfinfo", out.Body, "-meta"))
	require.Equal(t, "2", x[nsPDFAID+" part"])
	require.Equal(t, "B", x[nsPDFAID+" conformance"])

	// The XMP and the document information agree.
	p := readObjects(t, out.Body)
	d := p.dict(p.trailer["/Info"])
	require.Equal(t, "Archive copy", p.text(d["/Title"]))
	require.Equal(t, p.text(d["/Title"]), x[nsDC+" title"])
	require.Equal(t, p.text(d["/Author"]), x[nsDC+" creator"])
	require.Equal(t, p.text(d["/Subject"]), x[nsDC+" description"])
	require.Equal(t, p.text(d["/Keywords"]), x[nsPDF+" Keywords"])
	require.Equal(t, "Paprika", p.text(d["/Producer"]))
	require.Equal(t, p.text(d["/Producer"]), x[nsPDF+" Producer"])
	require.Equal(t, p.text(d["/Creator"]), x[nsXMP+" CreatorTool"])
	for _, f := range [][2]string{{"/CreationDate", "CreateDate"}, {"/ModDate", "ModifyDate"}} {
		pdfDate, err := time.Parse("D:20060102150405-07'00'", p.text(d[f[0]]))
		require.NoError(t, err, f[0])
		xmpDate, err := time.Parse(time.RFC3339, x[nsXMP+" "+f[1]])
		require.NoError(t, err, f[1])
		require.True(t, pdfDate.Equal(xmpDate), "%s %v, xmp:%s %v", f[0], pdfDate, f[1], xmpDate)
		require.True(t, pdfDate.After(before) && pdfDate.Before(time.Now().Add(2*time.Second)), "%v", pdfDate)
	}

	// An sRGB output intent with the profile embedded.
	cat := p.catalog()
	intents := p.array(cat["/OutputIntents"])
	require.Len(t, intents, 1)
	intent := p.dict(intents[0])
	require.Equal(t, "/GTS_PDFA1", intent["/S"])
	require.Equal(t, "sRGB IEC61966-2.1", p.text(intent["/OutputConditionIdentifier"]))
	profile := p.dict(intent["/DestOutputProfile"])
	require.EqualValues(t, 3, profile["/N"])
	icc := p.data(intent["/DestOutputProfile"])
	want, err := os.ReadFile(filepath.Join("pdf", "icc", "sRGB.icc"))
	require.NoError(t, err)
	require.Equal(t, want, icc)
	require.Equal(t, "mntrRGB XYZ ", string(icc[12:24]), "an RGB display profile")

	// The metadata stream is plain, the document has an ID.
	meta := p.dict(cat["/Metadata"])
	require.NotContains(t, meta, "/Filter")
	require.Equal(t, "/XML", meta["/Subtype"])
	id, ok := p.trailer["/ID"].([]any)
	require.True(t, ok && len(id) == 2, "the trailer has an /ID: %v", p.trailer)
	require.NotContains(t, p.trailer, "/Encrypt")

	// The link prints (F has Print, not Hidden).
	links := 0
	for _, pg := range p.array(p.dict(cat["/Pages"])["/Kids"]) {
		annots, ok := p.dict(pg)["/Annots"]
		if !ok {
			continue
		}
		for _, a := range p.array(annots) {
			ad := p.dict(a)
			f, _ := ad["/F"].(float64)
			require.Equal(t, 4, int(f)&(4|2|1|32), "annotation %v", ad)
			links++
		}
	}
	require.Equal(t, 1, links)
}

// A batch's merged PDF of PDF/A-3b records is PDF/A-3b itself: the output
// intent and the XMP are the merge's own, the fonts the records'.
func TestMergedPDFAStaysPDFA(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"standards":["PDF/A-3b"],"title":"All invoices","author":"Acme"}`)
	var docs [][]byte
	for _, tpl := range []string{"<h1>first record</h1>", "<p><i>second</i> record</p>"} {
		docs = append(docs, render(t, shared, Input{Template: tpl, Options: Options{PDF: o}}).Body)
	}
	open := func(_ context.Context, i int) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(docs[i-1])), nil
	}
	var buf bytes.Buffer
	pages, err := pdf.Merge(context.Background(), &buf, []pdf.Doc{{Index: 1, Title: "one"}, {Index: 2, Title: "two"}}, open, o)
	require.NoError(t, err)
	require.Equal(t, 2, pages)
	merged := buf.Bytes()
	qpdf(t, merged, "--check")
	require.True(t, bytes.HasPrefix(merged, []byte("%PDF-1.7\n")))
	requireFontsEmbedded(t, merged)

	x := xmpFields(t, poppler(t, "pdfinfo", merged, "-meta"))
	require.Equal(t, "3", x[nsPDFAID+" part"])
	require.Equal(t, "B", x[nsPDFAID+" conformance"])
	require.Empty(t, x[nsPDFUAID+" part"])
	p := readObjects(t, merged)
	d := p.dict(p.trailer["/Info"])
	require.Equal(t, p.text(d["/Title"]), x[nsDC+" title"])
	require.Equal(t, p.text(d["/Author"]), x[nsDC+" creator"])
	require.Equal(t, p.text(d["/Producer"]), x[nsPDF+" Producer"])
	created, err := time.Parse("D:20060102150405-07'00'", p.text(d["/CreationDate"]))
	require.NoError(t, err)
	xmpCreated, err := time.Parse(time.RFC3339, x[nsXMP+" CreateDate"])
	require.NoError(t, err)
	require.True(t, created.Equal(xmpCreated), "%v %v", created, xmpCreated)
	intent := p.dict(p.array(p.catalog()["/OutputIntents"])[0])
	require.Equal(t, "/GTS_PDFA1", intent["/S"])
	want, err := os.ReadFile(filepath.Join("pdf", "icc", "sRGB.icc"))
	require.NoError(t, err)
	require.Equal(t, want, p.data(intent["/DestOutputProfile"]))
	require.Len(t, p.trailer["/ID"], 2)
}

// PDF/UA-1 allows encryption: the document opens with its password in
// poppler and qpdf, and assistive technology may read it whatever the
// permissions (bit 10, which pdfinfo does not show and qpdf does).
func TestPDFUA1Encrypted(t *testing.T) {
	t.Parallel()
	o := pdfOptions(t, `{"standards":["PDF/UA-1"],"password":{"user":"u-pw","owner":"o-pw"},"permissions":["print"]}`)
	out := render(t, shared, Input{Template: `<html lang="en"><title>Locked</title><h1>Locked</h1><p>Text.</p></html>`, Options: Options{PDF: o}})
	info, err := popplerPW(t, "pdfinfo", out.Body, "u-pw")
	require.NoError(t, err, info)
	require.Equal(t, "Locked", infoField(t, info, "Title"))
	require.Regexp(t, `print:yes copy:no change:no addNotes:no algorithm:AES-256`, info)
	perms := string(qpdf(t, out.Body, "--password=u-pw", "--show-encryption"))
	require.Contains(t, perms, "extract for accessibility: allowed")
	require.Contains(t, perms, "extract for any purpose: not allowed")
	meta, err := popplerPW(t, "pdfinfo", out.Body, "u-pw", "-meta")
	require.NoError(t, err)
	require.Contains(t, meta, "<pdfuaid:part>1</pdfuaid:part>")
}
