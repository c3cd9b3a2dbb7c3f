// Package office converts Office files (.docx .xlsx .pptx .odt .ods .odp
// .rtf) to PDF in LibreOffice, headless, with a pool of warm processes: a
// conversion costs a document's load and export, not LibreOffice's start.
//
// Each slot of the pool is one LibreOffice (soffice) driven over UNO by a
// small Python helper (helper.py, embedded) that speaks JSON lines with
// us on its stdin and stdout. Each runs sandboxed (sandbox.go: no
// network, its own user, macros never run), in a directory and profile of
// its own that is thrown away with it. A process is replaced after
// Config.MaxDocuments documents, when another tenant's document comes to
// its slot, when it dies, and when a conversion passes its timeout or its
// memory limit, which fails only that conversion.
package office

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/osuser"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/procgroup"
)

//go:embed helper.py
var helperScript []byte

// InstallHint is how to install what the engine runs, on Debian.
const InstallHint = "apt-get install -y --no-install-recommends libreoffice-writer-nogui " +
	"libreoffice-calc-nogui libreoffice-impress-nogui python3-uno (scripts/install-deps.sh does it)"

// memoryPoll is how often a conversion's process group is measured.
const memoryPoll = 50 * time.Millisecond

// Config is the pool's shape and limits; zero values take the defaults.
type Config struct {
	// Slots is how many documents convert at once, one LibreOffice each
	// (default 1).
	Slots int
	// MaxMemory bounds the resident memory of one slot's processes (the
	// helper and LibreOffice) during a conversion; past it the conversion
	// fails (render-limit) and the process is replaced, as it is before a
	// conversion when it holds more than three quarters of it. A process
	// holds about 110 MiB idle, 150 MiB once it converted a page. 0: no
	// bound.
	MaxMemory int64
	// Timeout bounds one conversion (default 60 s): past it, or past the
	// caller's deadline, the process is killed and the conversion fails
	// (render-timeout).
	Timeout time.Duration
	// MaxDocuments is how many documents a process converts before it is
	// replaced (default 200): what LibreOffice leaks is given back.
	MaxDocuments int
	// StartTimeout bounds one LibreOffice's start (default 2 minutes).
	StartTimeout time.Duration
	// Soffice is LibreOffice's soffice.bin (default: Debian's, else
	// soffice.bin found beside the soffice on PATH).
	Soffice string
	// Python runs the helper; it must import uno (default /usr/bin/python3,
	// Debian's, for which python3-uno is built).
	Python string
	// Users are whom LibreOffice runs as when we are root (default
	// SandboxUsers).
	Users []string
	// Dir holds the processes' directories (default os.TempDir()).
	Dir    string
	Logger *slog.Logger
}

// Options are a conversion's choices.
type Options struct {
	// PDFA asks for PDF/A-1b, -2b or -3b (1, 2 or 3; 0: plain PDF), as
	// LibreOffice's export filter writes it (SelectPdfVersion).
	PDFA int
}

// Engine is the pool. Its methods are safe for concurrent use.
type Engine struct {
	cfg      Config
	log      *slog.Logger
	acct     *osuser.Account // nil: as we are
	dir      string          // the engine's own: the helper script, the template profile
	helper   string
	template string        // the profile every process's is copied from (profile.go)
	tokens   chan struct{} // one per idle slot

	mu     sync.Mutex
	idle   []*slot
	all    []*slot
	closed bool
}

// slot is one place in the pool; p is its LibreOffice, nil until started
// and after it was ended.
type slot struct {
	id int
	p  *proc
}

// New checks that LibreOffice and its helper can run, makes the profile
// every process's is copied from, starts the first slot's process (the
// others start when first needed) and returns the pool.
func New(ctx context.Context, cfg Config) (*Engine, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, log: cfg.Logger, tokens: make(chan struct{}, cfg.Slots)}
	acct, err := osuser.ForRoot(cfg.Users...)
	if err != nil {
		return nil, fmt.Errorf("%w: running as root, and LibreOffice must not: %v; %s", ErrSandbox, err, SandboxHint)
	}
	e.acct = acct
	if e.dir, err = os.MkdirTemp(cfg.Dir, "paprika-office-engine-"); err != nil {
		return nil, err
	}
	e.helper = filepath.Join(e.dir, "helper.py")
	if err := os.WriteFile(e.helper, helperScript, 0o644); err != nil {
		_ = os.RemoveAll(e.dir)
		return nil, err
	}
	if err := os.Chmod(e.dir, 0o755); err != nil {
		_ = os.RemoveAll(e.dir)
		return nil, err
	}
	if err := acct.MakeReachable(e.dir, e.log); err != nil {
		_ = os.RemoveAll(e.dir)
		return nil, err
	}
	for i := range cfg.Slots {
		s := &slot{id: i}
		e.all = append(e.all, s)
		e.idle = append(e.idle, s)
		e.tokens <- struct{}{}
	}
	if err := e.makeTemplate(ctx); err != nil {
		_ = os.RemoveAll(e.dir)
		return nil, err
	}
	p, err := e.start(ctx)
	if err != nil {
		_ = os.RemoveAll(e.dir)
		return nil, err
	}
	e.all[0].p = p
	e.log.Info("libreoffice pool started", "slots", cfg.Slots, "user", e.user(), "soffice", cfg.Soffice)
	return e, nil
}

func (c *Config) defaults() error {
	if c.Slots <= 0 {
		c.Slots = 1
	}
	if c.Timeout <= 0 {
		c.Timeout = time.Minute
	}
	if c.MaxDocuments <= 0 {
		c.MaxDocuments = 200
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 2 * time.Minute
	}
	if len(c.Users) == 0 {
		c.Users = SandboxUsers
	}
	if c.Dir == "" {
		c.Dir = os.TempDir()
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Soffice == "" {
		c.Soffice = findSoffice()
	}
	if c.Soffice == "" {
		return fmt.Errorf("LibreOffice is not installed (no soffice.bin): %s", InstallHint)
	}
	if c.Python == "" {
		c.Python = "/usr/bin/python3"
	}
	if _, err := exec.LookPath(c.Python); err != nil {
		return fmt.Errorf("no Python to drive LibreOffice (%v): %s", err, InstallHint)
	}
	return nil
}

// findSoffice finds soffice.bin: Debian's, else beside the soffice on PATH
// (a symbolic link into LibreOffice's program directory). The helper runs
// soffice.bin itself, not the soffice script and its oosplash, so that
// LibreOffice is the helper's own child and ends with it.
func findSoffice() string {
	if _, err := os.Stat("/usr/lib/libreoffice/program/soffice.bin"); err == nil {
		return "/usr/lib/libreoffice/program/soffice.bin"
	}
	path, err := exec.LookPath("soffice")
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	bin := filepath.Join(filepath.Dir(path), "soffice.bin")
	if _, err := os.Stat(bin); err != nil {
		return ""
	}
	return bin
}

func (e *Engine) user() string {
	if e.acct != nil {
		return e.acct.Name
	}
	return fmt.Sprint(os.Getuid())
}

// Convert converts in, an Office file of extension ext, to PDF for tenant.
// A tenant's document runs only in a process that has converted nothing
// but that tenant's documents. The error is a *paprika.Error for what the
// tenant's file caused: template-error (not such a file, or one
// LibreOffice cannot open), render-timeout, render-limit.
func (e *Engine) Convert(ctx context.Context, tenant string, in []byte, ext string, opts Options) ([]byte, error) {
	f, err := lookup(ext, in)
	if err != nil {
		return nil, err
	}
	if opts.PDFA < 0 || opts.PDFA > 3 {
		return nil, paprika.BadRequest("PDF/A level %d: LibreOffice writes PDF/A-1b, -2b and -3b", opts.PDFA)
	}
	select {
	case <-e.tokens:
	case <-ctx.Done():
		return nil, e.ctxError(ctx)
	}
	s := e.take(tenant)
	if s == nil {
		e.tokens <- struct{}{}
		return nil, errClosed
	}
	defer e.give(s)
	return e.convert(ctx, s, tenant, in, f, opts)
}

// take picks an idle slot for tenant (a token is held, so one is idle):
// one whose process converted this tenant's documents, else one whose
// process is fresh, else one not started, else any (its process is
// replaced). nil once the engine is closed.
func (e *Engine) take(tenant string) *slot {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	rank := func(s *slot) int {
		switch {
		case s.p != nil && s.p.tenant == tenant:
			return 3
		case s.p != nil && s.p.tenant == "":
			return 2
		case s.p == nil:
			return 1
		}
		return 0
	}
	best := 0
	for i, s := range e.idle {
		if rank(s) > rank(e.idle[best]) {
			best = i
		}
	}
	s := e.idle[best]
	e.idle = append(e.idle[:best], e.idle[best+1:]...)
	return s
}

// give puts a slot back.
func (e *Engine) give(s *slot) {
	e.mu.Lock()
	e.idle = append(e.idle, s)
	e.mu.Unlock()
	e.tokens <- struct{}{}
}

// convert runs one conversion in slot s, replacing its process first if
// it may not take this document.
func (e *Engine) convert(ctx context.Context, s *slot, tenant string, in []byte, f format, opts Options) ([]byte, error) {
	if p := s.p; p != nil {
		why := ""
		switch {
		case !p.alive():
			why = "exited"
		case p.tenant != "" && p.tenant != tenant:
			why = "tenant"
		case p.docs >= e.cfg.MaxDocuments:
			why = "documents"
		case e.cfg.MaxMemory > 0 && procgroup.RSS(p.pgid) > e.cfg.MaxMemory*3/4:
			// What the last documents left behind would count against
			// this one's limit.
			why = "memory held"
		}
		if why != "" {
			e.end(s, why)
		}
	}
	if s.p == nil {
		p, err := e.start(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, e.ctxError(ctx)
			}
			return nil, paprika.Errorf(paprika.CodeRenderFailed, "LibreOffice could not start: %v", err)
		}
		e.setProc(s, p)
	}
	p := s.p
	p.tenant = tenant
	p.docs++

	req := request{In: filepath.Join(p.work, "in."+f.ext), Out: filepath.Join(p.work, "out.pdf"),
		Filter: f.filter, Service: f.service, Export: f.export, PDFVersion: opts.PDFA}
	_ = os.Remove(req.Out)
	if err := e.writeInput(req.In, in); err != nil {
		return nil, err
	}
	defer func() { _ = os.Remove(req.In); _ = os.Remove(req.Out) }()

	limit := e.timeout(ctx) // measured before: once the caller's deadline has passed, 0 is left
	cctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	r, err := p.convert(cctx, req, e.cfg.MaxMemory)
	switch {
	case errors.Is(err, errMemory):
		e.end(s, "memory")
		return nil, paprika.Errorf(paprika.CodeRenderLimit,
			"converting the %s document used more than %d MiB of memory", f.name, e.cfg.MaxMemory>>20)
	case errors.Is(err, errExited):
		e.end(s, "crash")
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "LibreOffice ended while converting the %s document", f.name)
	case err != nil: // the deadline, ours or the caller's, or the caller gone
		e.end(s, "timeout")
		if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, ctx.Err()
		}
		return nil, paprika.Errorf(paprika.CodeRenderTimeout,
			"converting the %s document took longer than its %s", f.name, limit)
	case r.Kind == "load":
		e.log.Info("libreoffice could not open a document", "format", f.name, "tenant", tenant, "error", r.Error)
		return nil, paprika.Errorf(paprika.CodeTemplateError,
			"LibreOffice could not open the file as a %s document: it is damaged or not a %s file", f.name, f.name)
	case !r.OK:
		e.log.Warn("libreoffice could not write a PDF", "format", f.name, "tenant", tenant, "error", r.Error)
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "LibreOffice could not write the %s document as PDF", f.name)
	}
	out, err := os.ReadFile(req.Out)
	if err != nil {
		return nil, fmt.Errorf("reading LibreOffice's PDF: %w", err)
	}
	return out, nil
}

// writeInput puts the document where the sandboxed process may read it.
func (e *Engine) writeInput(path string, in []byte) error {
	if err := os.WriteFile(path, in, 0o600); err != nil {
		return fmt.Errorf("writing the document for LibreOffice: %w", err)
	}
	if e.acct != nil {
		if err := os.Chown(path, e.acct.UID, e.acct.GID); err != nil {
			return err
		}
	}
	return nil
}

// timeout is the bound a conversion starting now has: ours, or what is
// left of the caller's if shorter (a render's whole timeout, begun a moment
// ago, reads as that timeout: whole seconds past half a second).
func (e *Engine) timeout(ctx context.Context) time.Duration {
	d, ok := ctx.Deadline()
	if !ok || time.Until(d) >= e.cfg.Timeout {
		return e.cfg.Timeout
	}
	left := max(time.Until(d), 0)
	if left >= time.Second/2 {
		return left.Round(time.Second)
	}
	return left.Round(time.Millisecond)
}

// ctxError is the error of a conversion the caller's context ended before
// it ran.
func (e *Engine) ctxError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return paprika.Errorf(paprika.CodeRenderTimeout, "the document waited past its deadline for LibreOffice")
	}
	return ctx.Err()
}

// end ends s's process (the next conversion in s starts another).
func (e *Engine) end(s *slot, why string) {
	if s.p == nil {
		return
	}
	e.log.Info("libreoffice process replaced", "slot", s.id, "reason", why, "documents", s.p.docs)
	s.p.kill()
	e.setProc(s, nil)
}

// setProc changes s's process. Only the slot's holder changes it, but
// ProcessGroups reads it meanwhile.
func (e *Engine) setProc(s *slot, p *proc) {
	e.mu.Lock()
	s.p = p
	e.mu.Unlock()
}

// Close ends every process, once the conversions running have finished
// or failed; Convert fails after it.
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	e.closed = true
	e.mu.Unlock()
	for range e.all {
		<-e.tokens // every slot idle
	}
	for _, s := range e.all {
		e.end(s, "closed")
	}
	for range e.all {
		e.tokens <- struct{}{} // for Convert to see closed
	}
	return os.RemoveAll(e.dir)
}

// errClosed is what Convert returns after Close.
var errClosed = errors.New("the LibreOffice pool is closed")

// ProcessGroups lists the process groups of the slots' running
// LibreOffices, for measuring them (benchmarks, metrics).
func (e *Engine) ProcessGroups() []int {
	e.mu.Lock()
	defer e.mu.Unlock()
	var groups []int
	for _, s := range e.all {
		if s.p != nil {
			groups = append(groups, s.p.pgid)
		}
	}
	return groups
}
