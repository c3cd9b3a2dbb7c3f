package attacks

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/proctest"
	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
)

// officeIn is the render of mallory's asset name as format.
func officeIn(name, format string) map[string]any {
	return map[string]any{"source": "assets/" + name, "format": format, "data": map[string]any{"x": 1}}
}

// officeRender renders mallory's asset name as format, synchronously.
func (w *world) officeRender(t *testing.T, name, format string) answer {
	t.Helper()
	a, err := w.renderRetryingBusy(t.Context(), w.mallory, officeIn(name, format))
	if err != nil {
		t.Fatalf("render of %s as %s: %v", name, format, err)
	}
	t.Logf("%s as %s, sync: %d %.200s", name, format, a.status, errorOf(a).Message)
	return a
}

// officeJob renders mallory's asset name as format as a job, and returns
// the job once it ended.
func (w *world) officeJob(t *testing.T, name, format string) job {
	t.Helper()
	j := w.waitJob(t, w.mallory, w.submit(t, officeIn(name, format)), "")
	t.Logf("%s as %s, job: %s %+v", name, format, j.Status, j.Error)
	return j
}

// refusedBoth renders mallory's asset name as format sync and as a job,
// and checks that both fail with 422 code, their message saying says.
func (w *world) refusedBoth(t *testing.T, name, format, code, says string) {
	t.Helper()
	if e := refused(t, w.officeRender(t, name, format), http.StatusUnprocessableEntity, code); !strings.Contains(e.Message, says) {
		t.Errorf("the refusal of %s as %s says %q, not %q", name, format, e.Message, says)
	}
	if j := w.officeJob(t, name, format); j.Status != "failed" || j.Error == nil || j.Error.Code != code || !strings.Contains(j.Error.Message, says) {
		t.Errorf("the job of %s as %s ended %s %+v, want failed %s saying %q", name, format, j.Status, j.Error, code, says)
	}
}

// pdfOf checks that a is a PDF and returns its text, as pdftotext reads it.
func pdfOf(t *testing.T, a answer) string {
	t.Helper()
	if a.status != http.StatusOK || !bytes.HasPrefix(a.body, []byte("%PDF-")) {
		t.Fatalf("answered %d %.300s, want a PDF", a.status, a.body)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: apt-get install -y poppler-utils")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(a.body)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// replacedLine is the log line of a LibreOffice process the pool ended.
const replacedLine = "libreoffice process replaced"

// replaced are n's log lines saying its pool replaced a LibreOffice.
func (n *node) replaced() []string {
	var out []string
	for _, line := range strings.Split(n.Log(), "\n") {
		if strings.Contains(line, replacedLine) {
			out = append(out, line)
		}
	}
	return out
}

// libreOfficeProbes are the programs LibreOffice itself runs, with
// arguments no document chooses: at its start, the paper size; on loading
// a document, which GnuPG there is (for signed documents).
var libreOfficeProbes = regexp.MustCompile(`^(sh -c paperconf 2>/dev/null|/usr/bin/gpgconf --(version|list-dirs|list-components)|/usr/bin/gpg(sm)? --version)$`)

// programs samples, until stop, the programs running under the api and
// the worker that were not there before (their Chromium) and are neither
// LibreOffice (the pool's Python helper, soffice.bin and its forks) nor
// one of its probes: an Office file that makes LibreOffice start another
// program shows here, by its command line.
type programs struct {
	stop chan struct{}
	done chan struct{}
	seen map[string]bool
}

// program is what runs as pid: its executable and its command line.
func program(pid int) (exe, cmdline string) {
	exe, _ = os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return exe, strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
}

func (w *world) watchPrograms() *programs {
	known := map[string]bool{}
	for _, path := range []string{"/usr/bin/python3", "/usr/lib/libreoffice/program/soffice.bin"} {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			known[real] = true
		}
	}
	under := func() []int {
		return slices.Concat(proctest.Descendants(w.api.Pid()), proctest.Descendants(w.worker.Pid()))
	}
	for _, pid := range under() {
		if exe, _ := program(pid); exe != "" {
			known[exe] = true
		}
	}
	p := &programs{stop: make(chan struct{}), done: make(chan struct{}), seen: map[string]bool{}}
	go func() {
		defer close(p.done)
		for {
			for _, pid := range under() {
				// An empty command line is a process exiting: its exe may
				// still read, but it is past running anything.
				if exe, cmdline := program(pid); exe != "" && cmdline != "" && !known[exe] && !libreOfficeProbes.MatchString(cmdline) {
					p.seen[exe+": "+cmdline] = true
				}
			}
			select {
			case <-p.stop:
				return
			case <-time.After(25 * time.Millisecond):
			}
		}
	}()
	return p
}

// end stops the sampling and returns the other programs seen.
func (p *programs) end() []string {
	close(p.stop)
	<-p.done
	var names []string
	for name := range p.seen {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// officeAttack is attack for an Office file: it also checks that no other
// program ran under the api or the worker meanwhile, and logs how many
// LibreOffice processes each replaced:
//
//	office=NAME api_replaced=… worker_replaced=…
func (w *world) officeAttack(t *testing.T, name string, fn func()) {
	t.Helper()
	w.ensure(t)
	api, worker := len(w.api.replaced()), len(w.worker.replaced())
	progs := w.watchPrograms()
	w.attack(t, name, fn)
	if others := progs.end(); len(others) > 0 {
		t.Errorf("programs other than Chromium and LibreOffice ran during the attack:\n%s", strings.Join(others, "\n"))
	}
	t.Logf("office=%s api_replaced=%d worker_replaced=%d", name, len(w.api.replaced())-api, len(w.worker.replaced())-worker)
	for _, line := range append(w.api.replaced()[api:], w.worker.replaced()[worker:]...) {
		t.Log(line)
	}
}

// canary is a path in /tmp, where the sandbox's user may write, that
// nothing creates: a file there means what the attack sent ran.
func canary(t *testing.T, what string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	path := "/tmp/paprika-" + what + "-ran-" + hex.EncodeToString(b[:])
	t.Cleanup(func() { _ = os.Remove(path) })
	return path
}

func checkCanary(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		t.Errorf("%s exists: what the document holds ran", path)
	}
}

// TestOfficeMacroOnLoad proves that no macro of a tenant's document runs:
// an ODT whose Basic macro, bound to its OnLoad event, writes a file in
// /tmp converts to its PDF (200), sync and as a job, and the file never
// appears. The filled .odt still holds the macro: it reaches LibreOffice.
func TestOfficeMacroOnLoad(t *testing.T) {
	w := shared(t)
	path := canary(t, "macro")
	w.putAsset(t, w.mallory, "macro.odt", paprika.TypeODT, odtRunningMacro(t, path), http.StatusCreated)
	w.officeAttack(t, "office-macro", func() {
		filled := w.officeRender(t, "macro.odt", "odt")
		if filled.status != http.StatusOK || !bytes.Contains(filled.body, []byte("Basic/Standard/Module1.xml")) {
			t.Errorf("the filled ODT lost its macro (%d): the attack would not reach LibreOffice", filled.status)
		}
		if text := pdfOf(t, w.officeRender(t, "macro.odt", "pdf")); !strings.Contains(text, "A document with a macro on load.") {
			t.Errorf("the PDF lacks the document's text: %q", text)
		}
		if j := w.officeJob(t, "macro.odt", "pdf"); j.Status != "done" {
			t.Errorf("the job ended %s %+v, want done", j.Status, j.Error)
		}
		checkCanary(t, path)
	})
}

// TestOfficeRemoteContent proves that LibreOffice fetches nothing: a DOCX
// whose picture is linked by URL to a listener of this host, with an
// INCLUDEPICTURE and an INCLUDETEXT field and a hyperlink to it, converts
// (200), sync and as a job, and the listener is never connected to.
func TestOfficeRemoteContent(t *testing.T) {
	w := shared(t)
	canary := webhooktest.NewCanary(t) // counts every connection to it
	base := "http://127.0.0.1:" + strconv.Itoa(canary.Port)
	body := para("A linked picture follows.") +
		`<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>` +
		`<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
		`<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
		`<pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
		`<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
		`</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>` +
		`<w:p><w:fldSimple w:instr="INCLUDEPICTURE &quot;` + base + `/field.png&quot; \d"><w:r><w:t>picture field</w:t></w:r></w:fldSimple></w:p>` +
		`<w:p><w:fldSimple w:instr="INCLUDETEXT &quot;` + base + `/included.docx&quot;"><w:r><w:t>text field</w:t></w:r></w:fldSimple></w:p>` +
		`<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>a link</w:t></w:r></w:hyperlink></w:p>`
	rels := `<Relationship Id="rIdImg" Type="` + relTypes + `image" Target="` + base + `/x.png" TargetMode="External"/>` +
		`<Relationship Id="rIdLink" Type="` + relTypes + `hyperlink" Target="` + base + `/link" TargetMode="External"/>`
	w.putAsset(t, w.mallory, "remote.docx", paprika.TypeDOCX, wordOf(t, body, rels), http.StatusCreated)
	w.officeAttack(t, "office-remote-content", func() {
		if text := pdfOf(t, w.officeRender(t, "remote.docx", "pdf")); !strings.Contains(text, "A linked picture follows.") {
			t.Errorf("the PDF lacks the document's text: %q", text)
		}
		if j := w.officeJob(t, "remote.docx", "pdf"); j.Status != "done" {
			t.Errorf("the job ended %s %+v, want done", j.Status, j.Error)
		}
		if n := canary.Accepts(); n != 0 {
			t.Errorf("%d connections were made to %s", n, base)
		}
	})
}

// TestOfficeOLEObject proves that an OLE object in a DOCX runs nothing and
// reads nothing of the host: a Package object embedding a shell script
// (oleObject1.bin, an OLE compound file) and an object linked to
// file:///etc/passwd convert to a PDF without /etc/passwd's text, or fail
// with a 422; no program other than LibreOffice (and its own probes,
// libreOfficeProbes) runs, and the script's file never appears.
func TestOfficeOLEObject(t *testing.T) {
	w := shared(t)
	path := canary(t, "ole")
	script := []byte("#!/bin/sh\ntouch " + path + "\n")
	object := func(id, kind, prog, rel, inner string) string {
		return `<w:p><w:r><w:object w:dxaOrig="1440" w:dyaOrig="1440">` +
			`<v:shape id="` + id + `" type="#_x0000_t75" style="width:72pt;height:72pt" o:ole=""><v:imagedata r:id="rIdImg" o:title=""/></v:shape>` +
			`<o:OLEObject Type="` + kind + `" ProgID="` + prog + `" ShapeID="` + id + `" DrawAspect="Content" ObjectID="_` + id + `" r:id="` + rel + `">` +
			inner + `</o:OLEObject></w:object></w:r></w:p>`
	}
	body := para("An embedded object follows.") + object("i1", "Embed", "Package", "rIdOle", "") +
		para("A linked object follows.") + object("i2", "Link", "Word.Document.12", "rIdLinked",
		`<o:LinkType>EnhancedMetaFile</o:LinkType><o:LockedField>false</o:LockedField><o:FieldCodes>\f 0</o:FieldCodes>`)
	rels := `<Relationship Id="rIdImg" Type="` + relTypes + `image" Target="media/image1.png"/>` +
		`<Relationship Id="rIdOle" Type="` + relTypes + `oleObject" Target="embeddings/oleObject1.bin"/>` +
		`<Relationship Id="rIdLinked" Type="` + relTypes + `oleObject" Target="file:///etc/passwd" TargetMode="External"/>`
	doc := wordOf(t, body, rels, part{"word/media/image1.png", tinyPNG()},
		part{"word/embeddings/oleObject1.bin", compoundFile("\x01Ole10Native", olePackage("run.sh", script))})
	w.putAsset(t, w.mallory, "ole.docx", paprika.TypeDOCX, doc, http.StatusCreated)
	w.officeAttack(t, "office-ole-object", func() {
		a := w.officeRender(t, "ole.docx", "pdf")
		if a.status == http.StatusOK {
			text := pdfOf(t, a)
			if strings.Contains(text, "root:") {
				t.Errorf("the PDF holds /etc/passwd:\n%s", text)
			}
			if !strings.Contains(text, "An embedded object follows.") {
				t.Errorf("the PDF lacks the document's text: %q", text)
			}
		} else if e := errorOf(a); a.status != http.StatusUnprocessableEntity || e.Code == "" {
			t.Errorf("answered %d %.300s, want a PDF or a 422", a.status, a.body)
		}
		if j := w.officeJob(t, "ole.docx", "pdf"); j.Status != "done" && (j.Error == nil || j.Error.Code == "render-failed") {
			t.Errorf("the job ended %s %+v, want done or a tenant's error", j.Status, j.Error)
		}
		checkCanary(t, path)
	})
}

// TestOfficeZipBomb proves the bound on a DOCX's decompressed entries
// (64 MiB): an entry inflating to 96 MiB, its size declared or a lie
// (1 KiB), is a 422 template-error, sync and as a job, filled or
// converted, without inflating it whole.
func TestOfficeZipBomb(t *testing.T) {
	w := shared(t)
	const size = 96 << 20
	bomb := wordBomb(t, "word/media/bomb.bin", size, -1)
	t.Logf("bomb.docx: %d KiB", len(bomb)>>10)
	w.putAsset(t, w.mallory, "bomb.docx", paprika.TypeDOCX, bomb, http.StatusCreated)
	w.putAsset(t, w.mallory, "bomb-lying.docx", paprika.TypeDOCX, wordBomb(t, "word/media/bomb.bin", size, 1<<10), http.StatusCreated)
	w.officeAttack(t, "office-zip-bomb", func() {
		for name, says := range map[string]string{"bomb.docx": "limit of 64 MiB", "bomb-lying.docx": "does not decompress to the size its archive declares"} {
			for _, format := range []string{"pdf", "docx"} {
				w.refusedBoth(t, name, format, "template-error", says)
			}
		}
	})
}

// TestOfficeDeepXML proves the bound on how deep a DOCX's XML nests (256
// levels): a body nesting 100,000 deep is a 422 template-error, sync and
// as a job, filled or converted. An entry of random bytes keeps the file
// under the bound on how many times larger it decompresses, so that the
// depth is what refuses it.
func TestOfficeDeepXML(t *testing.T) {
	w := shared(t)
	const depth = 100_000
	body := strings.Repeat("<w:sdt><w:sdtContent>", depth/2) + para("deep") + strings.Repeat("</w:sdtContent></w:sdt>", depth/2)
	noise := make([]byte, 64<<10)
	_, _ = rand.Read(noise)
	w.putAsset(t, w.mallory, "deep.docx", paprika.TypeDOCX, wordOf(t, body, "", part{"word/media/noise.bin", noise}), http.StatusCreated)
	w.officeAttack(t, "office-deep-xml", func() {
		for _, format := range []string{"pdf", "docx"} {
			w.refusedBoth(t, "deep.docx", format, "template-error", "deeper than the limit of 256 levels")
		}
	})
}

// convertBounded reports whether e is a conversion stopped by its bounds:
// render-limit, or render-timeout naming the render timeout.
func convertBounded(e *errorBody) bool {
	return e != nil && (e.Code == "render-limit" ||
		e.Code == "render-timeout" && strings.Contains(e.Message, "longer than its "+renderTimeout.String()))
}

// boundStatus is the status of a synchronous render stopped by a bound.
var boundStatus = map[string]int{"render-timeout": http.StatusGatewayTimeout, "render-limit": http.StatusUnprocessableEntity}

// TestOfficeMillionFormulas proves that a conversion is bounded by the
// render's timeout and memory limit: a spreadsheet of a million formulas
// fails with 504 render-timeout (naming the render timeout) or 422
// render-limit, sync and as a job; the LibreOffice that converted it is
// replaced, and the next spreadsheet converts.
func TestOfficeMillionFormulas(t *testing.T) {
	w := shared(t)
	w.putAsset(t, w.mallory, "formulas.xlsx", paprika.TypeXLSX, millionFormulas(t), http.StatusCreated)
	small := xlsxOf(t, func(w io.Writer) {
		io.WriteString(w, `<row r="1"><c r="A1"><v>41</v></c><c r="B1"><f>A1+1</f></c></row>`)
	})
	w.putAsset(t, w.mallory, "small.xlsx", paprika.TypeXLSX, small, http.StatusCreated)
	w.officeAttack(t, "office-million-formulas", func() {
		var wg sync.WaitGroup
		var jobEnd job
		wg.Go(func() { jobEnd = w.officeJob(t, "formulas.xlsx", "pdf") })
		apiBefore := len(w.api.replaced())
		a := w.officeRender(t, "formulas.xlsx", "pdf")
		if e := errorOf(a); !convertBounded(&e) || a.status != boundStatus[e.Code] {
			t.Errorf("answered %d %.300s, want 504 render-timeout after %s or 422 render-limit", a.status, a.body, renderTimeout)
		}
		if len(w.api.replaced()) == apiBefore {
			t.Error("the api did not replace the LibreOffice that converted the spreadsheet")
		}
		if text := pdfOf(t, w.officeRender(t, "small.xlsx", "pdf")); !strings.Contains(text, "42") {
			t.Errorf("the next spreadsheet's PDF lacks its sum: %q", text)
		}
		wg.Wait()
		if jobEnd.Status != "failed" || !convertBounded(jobEnd.Error) {
			t.Errorf("the job ended %s %+v, want failed render-timeout or render-limit", jobEnd.Status, jobEnd.Error)
		}
		if j := w.officeJob(t, "small.xlsx", "pdf"); j.Status != "done" {
			t.Errorf("the next spreadsheet's job ended %s %+v, want done", j.Status, j.Error)
		}
	})
}

// TestOfficeSpreadsheetBomb proves that a spreadsheet, which Paprika does
// not fill and so does not unpack, is bounded by the conversion's limits
// alone: a 320 KiB .xlsx whose one cell's text inflates to 256 MiB (past
// 2 GiB in a LibreOffice without limits) fails with 504 render-timeout or
// 422 render-limit, sync and as a job; its LibreOffice is replaced.
func TestOfficeSpreadsheetBomb(t *testing.T) {
	w := shared(t)
	small := xlsxOf(t, func(io.Writer) {})
	bomb := withBomb(t, small, "xl/worksheets/sheet1.xml",
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`,
		'a', 256<<20, `</t></is></c></row></sheetData></worksheet>`, -1)
	t.Logf("bomb.xlsx: %d KiB", len(bomb)>>10)
	w.putAsset(t, w.mallory, "bomb.xlsx", paprika.TypeXLSX, bomb, http.StatusCreated)
	w.officeAttack(t, "office-spreadsheet-bomb", func() {
		api, worker := len(w.api.replaced()), len(w.worker.replaced())
		var wg sync.WaitGroup
		wg.Go(func() {
			if j := w.officeJob(t, "bomb.xlsx", "pdf"); j.Status != "failed" || !convertBounded(j.Error) {
				t.Errorf("the job ended %s %+v, want failed render-timeout or render-limit", j.Status, j.Error)
			}
		})
		a := w.officeRender(t, "bomb.xlsx", "pdf")
		if e := errorOf(a); !convertBounded(&e) || a.status != boundStatus[e.Code] {
			t.Errorf("answered %d %.300s, want 504 render-timeout or 422 render-limit", a.status, a.body)
		}
		wg.Wait()
		if len(w.api.replaced()) == api || len(w.worker.replaced()) == worker {
			t.Error("the api's or the worker's LibreOffice that converted the spreadsheet was not replaced")
		}
	})
}

// TestOfficeNotADocx proves that a file claiming to be a DOCX is read as
// one or refused: a PDF sent as a .docx is refused at upload (400, its
// bytes are not a zip), and a zip without word/document.xml is a 422
// template-error when rendered, sync and as a job.
func TestOfficeNotADocx(t *testing.T) {
	w := shared(t)
	w.officeAttack(t, "office-not-a-docx", func() {
		a, err := w.do(t.Context(), http.MethodPut, "/v1/assets/fake.docx", w.mallory,
			raw{paprika.TypeDOCX, []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")})
		if err != nil {
			t.Fatal(err)
		}
		refused(t, a, http.StatusBadRequest, "bad-request")
		w.putAsset(t, w.mallory, "hollow.docx", paprika.TypeDOCX, zipOf(t, part{"hello.txt", []byte("not a Word document")}), http.StatusCreated)
		for _, format := range []string{"pdf", "docx"} {
			w.refusedBoth(t, "hollow.docx", format, "template-error", "word/document.xml")
		}
	})
}
