package office

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/procgroup"
	"github.com/paprikahq/paprika/internal/webhook/webhooktest"
)

// newEngine starts a pool for a test, closed when it ends. Without
// LibreOffice the test fails, saying how to install it.
func newEngine(t testing.TB, cfg Config) *Engine {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(testWriter{t}, nil))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	e, err := New(ctx, cfg)
	if err != nil {
		t.Fatalf("starting LibreOffice: %v\n(install it with: %s)", err, InstallHint)
	}
	t.Cleanup(func() { _ = e.Close() })
	return e
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// pdfText is the text pdftotext reads in a PDF.
func pdfText(t testing.TB, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: apt-get install -y poppler-utils (scripts/install-deps.sh test)")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func convertCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// errCode is the paprika code of err, failing the test on any other error.
func errCode(t testing.TB, err error) string {
	t.Helper()
	var pe *paprika.Error
	if !errors.As(err, &pe) {
		t.Fatalf("want a *paprika.Error, got %v", err)
	}
	return pe.Code
}

// TestConvertsEveryFormat converts files LibreOffice wrote in each format
// (testdata/make.sh) and reads the PDFs' text back.
func TestConvertsEveryFormat(t *testing.T) {
	e := newEngine(t, Config{Slots: 2, MaxMemory: 2 << 30})
	ctx := convertCtx(t)
	for _, c := range []struct{ file, want string }{
		{"writer.docx", "Writer says hello from a one-page document."},
		{"writer.odt", "Writer says hello from a one-page document."},
		{"writer.rtf", "Writer says hello from a one-page document."},
		{"calc.xlsx", "Calc paprika"},
		{"calc.ods", "Calc paprika"},
		{"impress.pptx", "Impress slide from paprika"},
		{"impress.odp", "Impress slide from paprika"},
	} {
		pdf, err := e.Convert(ctx, "t1", fixture(t, c.file), filepath.Ext(c.file), Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatalf("%s: not a PDF: %.20q", c.file, pdf)
		}
		if got := pdfText(t, pdf); !strings.Contains(got, c.want) {
			t.Errorf("%s: the PDF's text %q lacks %q", c.file, got, c.want)
		}
	}
}

// TestPDFA asks LibreOffice's export filter for PDF/A-2b.
func TestPDFA(t *testing.T) {
	e := newEngine(t, Config{})
	pdf, err := e.Convert(convertCtx(t), "t1", fixture(t, "writer.docx"), "docx", Options{PDFA: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, []byte("<pdfaid:part>2</pdfaid:part>")) {
		t.Error("the PDF does not claim PDF/A-2 in its metadata")
	}
	if _, err := e.Convert(convertCtx(t), "t1", fixture(t, "writer.docx"), "docx", Options{PDFA: 4}); errCode(t, err) != paprika.CodeBadRequest {
		t.Errorf("PDF/A level 4: %v", err)
	}
}

// TestNotAnOfficeFile sends files that claim a format they are not: each
// gets a template-error that says so, and the pool converts on after.
func TestNotAnOfficeFile(t *testing.T) {
	e := newEngine(t, Config{})
	ctx := convertCtx(t)
	for _, c := range []struct {
		name string
		in   []byte
		ext  string
		want string
	}{
		{"text as docx", []byte("this is not a word document"), "docx", "not a DOCX document"},
		{"a zip of nothing as docx", zipOf(t, [2]string{"hello.txt", "hello"}), "docx", "it has no [Content_Types].xml"},
		{"a damaged docx", damagedDocx(t), "docx", "could not open the file as a DOCX document"},
		{"a docx as xlsx", fixture(t, "writer.docx"), "xlsx", "says it is another kind of document"},
		{"text as rtf", []byte("plain"), ".RTF", "not a RTF document"},
		{"an unknown extension", []byte("x"), "exe", "cannot be converted"},
	} {
		_, err := e.Convert(ctx, "t1", c.in, c.ext, Options{})
		if err == nil {
			t.Errorf("%s: converted", c.name)
			continue
		}
		if code := errCode(t, err); code != paprika.CodeTemplateError || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want template-error saying %q, got %v", c.name, c.want, err)
		}
	}
	pdf, err := e.Convert(ctx, "t1", fixture(t, "writer.docx"), "docx", Options{})
	if err != nil {
		t.Fatalf("the pool after the refusals: %v", err)
	}
	if !strings.Contains(pdfText(t, pdf), "Writer says hello") {
		t.Error("the pool after the refusals wrote a PDF without the text")
	}
}

// groupOf is the process group of slot i's LibreOffice, 0 if none runs.
func groupOf(e *Engine, i int) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if p := e.all[i].p; p != nil {
		return p.pgid
	}
	return 0
}

// waitGone polls until no process of group pgid is left.
func waitGone(t testing.TB, pgid int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for len(procgroup.Members(pgid)) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the processes of group %d still run: %v", pgid, procgroup.Members(pgid))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTimeoutKillsTheProcess gives a conversion far longer than its
// deadline allows: it fails as render-timeout naming that deadline, its
// LibreOffice is killed, and the next conversion runs in a new one.
func TestTimeoutKillsTheProcess(t *testing.T) {
	e := newEngine(t, Config{})
	long := longRTF(150_000) // about 3,000 pages
	old := groupOf(e, 0)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := e.Convert(ctx, "t1", long, "rtf", Options{})
	if err == nil || errCode(t, err) != paprika.CodeRenderTimeout || !strings.Contains(err.Error(), "longer than its 1s") {
		t.Fatalf("want render-timeout naming the caller's 1s, got %v", err)
	}
	waitGone(t, old)
	pdf, err := e.Convert(convertCtx(t), "t1", fixture(t, "writer.docx"), "docx", Options{})
	if err != nil {
		t.Fatalf("the pool after a timeout: %v", err)
	}
	if !strings.Contains(pdfText(t, pdf), "Writer says hello") {
		t.Error("the pool after a timeout wrote a PDF without the text")
	}
	if now := groupOf(e, 0); now == old || now == 0 {
		t.Errorf("the slot's process group is %d, was %d: not replaced", now, old)
	}
}

// TestMemoryLimit converts a long document under a limit a little above
// what an idle LibreOffice holds: it fails as render-limit, the process
// is replaced, and a small document converts after.
func TestMemoryLimit(t *testing.T) {
	e := newEngine(t, Config{})
	idle := procgroup.RSS(groupOf(e, 0))
	e.cfg.MaxMemory = idle + 100<<20 // no conversion runs yet: no one reads it
	old := groupOf(e, 0)
	_, err := e.Convert(convertCtx(t), "t1", longRTF(150_000), "rtf", Options{})
	if err == nil || errCode(t, err) != paprika.CodeRenderLimit || !strings.Contains(err.Error(), "MiB of memory") {
		t.Fatalf("want render-limit, got %v (idle %d MiB)", err, idle>>20)
	}
	waitGone(t, old)
	if _, err := e.Convert(convertCtx(t), "t1", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatalf("the pool after the limit: %v", err)
	}
}

// TestKilledProcessIsReplaced kills a slot's LibreOffice from outside, as
// the kernel's OOM killer would: the next conversion starts another.
func TestKilledProcessIsReplaced(t *testing.T) {
	e := newEngine(t, Config{})
	old := groupOf(e, 0)
	procgroup.Kill(old)
	waitGone(t, old)
	pdf, err := e.Convert(convertCtx(t), "t1", fixture(t, "writer.odt"), "odt", Options{})
	if err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	if !strings.Contains(pdfText(t, pdf), "Writer says hello") {
		t.Error("after the kill: a PDF without the text")
	}
	if now := groupOf(e, 0); now == old || now == 0 {
		t.Errorf("the slot's process group is %d, was %d", now, old)
	}
}

// TestTenantsNeverShareAProcess converts two tenants' documents in one
// slot: the second runs in a new process with a fresh profile, the first
// tenant's process gone.
func TestTenantsNeverShareAProcess(t *testing.T) {
	e := newEngine(t, Config{})
	ctx := convertCtx(t)
	if _, err := e.Convert(ctx, "a", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatal(err)
	}
	first := groupOf(e, 0)
	dir := e.all[0].p.dir
	if _, err := e.Convert(ctx, "a", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatal(err)
	}
	if groupOf(e, 0) != first {
		t.Fatal("one tenant's second document did not reuse its process")
	}
	if _, err := e.Convert(ctx, "b", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatal(err)
	}
	if groupOf(e, 0) == first {
		t.Fatal("tenant b's document ran in tenant a's process")
	}
	waitGone(t, first)
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("tenant a's profile %s is still there (%v)", dir, err)
	}
}

// TestNoNetwork converts a DOCX whose picture is linked to a listener of
// this host: LibreOffice never connects to it.
func TestNoNetwork(t *testing.T) {
	canary := webhooktest.NewCanary(t) // counts every connection to it
	url := "http://127.0.0.1:" + strconv.Itoa(canary.Port) + "/x.png"
	e := newEngine(t, Config{})
	pdf, err := e.Convert(convertCtx(t), "t1", docxLinkingImage(t, url), "docx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pdfText(t, pdf), "A linked picture follows.") {
		t.Error("the PDF lacks the document's text")
	}
	if n := canary.Accepts(); n != 0 {
		t.Errorf("LibreOffice connected to %s %d times", url, n)
	}
}

// TestMacrosNeverRun converts an ODT whose Basic macro, bound to the
// document's load, would write a file: the file never appears.
func TestMacrosNeverRun(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil { // writable by the sandbox's user
		t.Fatal(err)
	}
	e := newEngine(t, Config{})
	if err := e.acct.MakeReachable(dir, nil); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(dir, "macro-ran")
	pdf, err := e.Convert(convertCtx(t), "t1", odtRunningMacroOnLoad(t, canary), "odt", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pdfText(t, pdf), "A document with a macro on load.") {
		t.Error("the PDF lacks the document's text")
	}
	if _, err := os.Stat(canary); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the macro ran: %s exists (%v)", canary, err)
	}
}

// TestSandbox checks the running LibreOffice: its profile (copied from
// the template LibreOffice rewrote) still forbids macros, and it runs not
// as root and in a network namespace other than ours.
func TestSandbox(t *testing.T) {
	e := newEngine(t, Config{})
	ours, err := os.Readlink("/proc/self/ns/net")
	if err != nil {
		t.Fatal(err)
	}
	xcu, err := os.ReadFile(filepath.Join(e.all[0].p.dir, "profile/user/registrymodifications.xcu"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop>`,
		`<prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop>`,
		`<prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop>`,
	} {
		if !strings.Contains(string(xcu), want) {
			t.Errorf("the process's profile lacks %s", want)
		}
	}
	pids := procgroup.Members(groupOf(e, 0))
	if len(pids) < 2 {
		t.Fatalf("want the helper and soffice.bin in the group, got %v", pids)
	}
	for _, pid := range pids {
		ns, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/ns/net")
		if err != nil {
			t.Fatal(err)
		}
		if ns == ours {
			t.Errorf("process %d shares our network namespace %s", pid, ns)
		}
		status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(status), "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "Uid:" && f[1] == "0" && os.Geteuid() == 0 {
				t.Errorf("process %d runs as root", pid)
			}
		}
	}
}

// TestConcurrentTenants converts several tenants' documents at once on a
// pool of two slots: every one converts, each in a process of its tenant.
func TestConcurrentTenants(t *testing.T) {
	e := newEngine(t, Config{Slots: 2})
	ctx := convertCtx(t)
	errs := make(chan error, 6)
	for i := range 6 {
		go func() {
			tenant := []string{"a", "b", "c"}[i%3]
			pdf, err := e.Convert(ctx, tenant, fixture(t, "writer.rtf"), "rtf", Options{})
			if err == nil && !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				err = errors.New("not a PDF")
			}
			errs <- err
		}()
	}
	for range 6 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := len(e.ProcessGroups()); n > 2 {
		t.Errorf("%d processes run for two slots", n)
	}
}

// TestHeavyProcessIsReplaced gives a process a limit of which it already
// holds more than three quarters: the next conversion runs in a new one.
func TestHeavyProcessIsReplaced(t *testing.T) {
	e := newEngine(t, Config{})
	ctx := convertCtx(t)
	if _, err := e.Convert(ctx, "t1", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatal(err)
	}
	old := groupOf(e, 0)
	e.cfg.MaxMemory = procgroup.RSS(old)*4/3 - 1<<20 // no conversion runs: no one reads it
	if _, err := e.Convert(ctx, "t1", fixture(t, "writer.docx"), "docx", Options{}); err != nil {
		t.Fatalf("under a limit of %d MiB: %v", e.cfg.MaxMemory>>20, err)
	}
	if now := groupOf(e, 0); now == old {
		t.Error("a process holding more than three quarters of its limit converted on")
	}
	waitGone(t, old)
}
