package render

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
	"github.com/paprikahq/paprika/internal/render/handlebars"
	"github.com/paprikahq/paprika/internal/render/office"
	"github.com/paprikahq/paprika/internal/render/pdf"
)

// Config configures an Engine.
type Config struct {
	Chromium   string        // path; "" = find chromium / chromium-browser / google-chrome on PATH
	Slots      int           // render slots (PAPRIKA_WORKERS): the process's one limit of renders (Slots), and its warm tabs
	Timeout    time.Duration // one render's limit (default 30s)
	AllowHosts []string      // hosts pages may reach (default none)
	Logger     *slog.Logger
	Metrics    *metrics.Metrics // Chromium restarts and open tabs; nil records nothing

	// MaxRenders restarts the browser after this many renders (default
	// 1000), before a slow leak in Chromium becomes a problem.
	MaxRenders int
	// MaxMemory restarts the browser once its processes together hold
	// more resident memory than this many bytes (default 2 GiB).
	MaxMemory int64
	// PageMemory is the most resident memory one render's page may hold,
	// in bytes (PAPRIKA_RENDER_MAX_MEMORY, default 1 GiB): past it the
	// page's renderer is killed and the render fails with render-limit;
	// the browser and the other renders go on. See docs/rendering.md.
	PageMemory int64

	// NoSandbox runs Chromium without its own sandbox
	// (PAPRIKA_CHROMIUM_NO_SANDBOX); otherwise a Chromium that cannot run
	// sandboxed does not start (chromium.ErrSandbox).
	NoSandbox bool
}

// Defaults of Config.
const (
	DefaultTimeout    = 30 * time.Second
	DefaultMaxRenders = 1000
	DefaultMaxMemory  = 2 << 30
	DefaultPageMemory = 1 << 30
	// spareTabs are warm tabs beyond the slots: a tab that finished a
	// render moves to a fresh origin in the background while a spare
	// takes the next render.
	spareTabs = 1
	// memoryCheckEvery is how many renders pass between two reads of the
	// browser's memory.
	memoryCheckEvery = 20
	// maxFailuresInARow retires a browser whose renders keep failing.
	maxFailuresInARow = 3
	// startTimeout bounds the start of Chromium and its tabs.
	startTimeout = 60 * time.Second
	// readyCacheFor is how long Ready's answer is reused.
	readyCacheFor = 5 * time.Second
)

// Engine renders documents: HTML by itself, PDF and PNG in one Chromium
// process that it starts on the first render that needs it, restarts after
// a crash, a hang it cannot recover from, MaxRenders renders or MaxMemory,
// and kills on Close. It implements Renderer.
type Engine struct {
	cfg   Config
	log   *slog.Logger
	slots *Slots // the process's render slots, which its api and worker take
	spare int    // warm tabs beyond the slots

	mu           sync.Mutex
	closed       bool
	current      *instance
	starting     chan struct{}      // closed when the start under way ends
	stopStart    context.CancelFunc // ends the start under way, for Close
	retired      []*instance        // replaced, closing when their last render ends
	lastStartErr error              // of the last start, if it failed
	closing      sync.WaitGroup

	officeMu sync.Mutex
	office   *office.Engine // LibreOffice's pool, nil until an Office document needs it

	readyMu  sync.Mutex
	readyAt  time.Time
	readyErr error
}

// instance is one browser and the renders using it.
type instance struct {
	*chromium.Browser
	users    int
	renders  int
	failures int // renders in a row that failed in Chromium
	retired  bool
	closed   bool
}

var _ Renderer = (*Engine)(nil)

// New returns an engine. It is cheap: Chromium starts on the first pdf or
// png render (or Ready).
func New(cfg Config) *Engine {
	if cfg.Slots < 1 {
		cfg.Slots = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRenders <= 0 {
		cfg.MaxRenders = DefaultMaxRenders
	}
	if cfg.MaxMemory <= 0 {
		cfg.MaxMemory = DefaultMaxMemory
	}
	if cfg.PageMemory <= 0 {
		cfg.PageMemory = DefaultPageMemory
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	e := &Engine{cfg: cfg, log: cfg.Logger, slots: NewSlots(cfg.Slots), spare: spareTabs}
	cfg.Metrics.CountTabs(e.OpenTabs)
	return e
}

// Slots are the engine's render slots, Config.Slots of them: the one limit
// of the renders of a process, which the api's synchronous renders and the
// worker's queued ones take before they render on the engine.
func (e *Engine) Slots() *Slots { return e.slots }

// OpenTabs is how many Chromium tabs the engine has open now, in its
// current browser and in those retired but still finishing renders.
func (e *Engine) OpenTabs() int {
	e.mu.Lock()
	browsers := make([]*chromium.Browser, 0, 1+len(e.retired))
	if e.current != nil {
		browsers = append(browsers, e.current.Browser)
	}
	for _, inst := range e.retired {
		browsers = append(browsers, inst.Browser)
	}
	e.mu.Unlock()
	n := 0
	for _, b := range browsers {
		n += b.OpenTabs()
	}
	return n
}

// Render renders one document, in one of the engine's slots (Slots): the
// one its caller holds when ctx says so (Slots.InSlot), which the api and
// the worker do; else it takes one itself (any free slot, waiting for one
// until ctx ends) for the render and gives it back after, as the command
// line's render does. It never takes a second slot for a render whose
// caller holds one. It returns ctx.Err() when ctx ends, and otherwise a
// *paprika.Error for every failure: template-error, render-limit,
// render-timeout or render-failed.
func (e *Engine) Render(ctx context.Context, in Input) (*Output, error) {
	start := time.Now()
	out, err := e.render(ctx, in)
	e.cfg.Metrics.EngineRendered(engineOf(in), err == nil, time.Since(start).Seconds())
	return out, err
}

// render is Render, counted by it.
func (e *Engine) render(ctx context.Context, in Input) (*Output, error) {
	if err := in.Validate(); err != nil {
		return nil, &paprika.Error{Code: paprika.CodeTemplateError, Message: err.Error()}
	}
	var tpl *handlebars.Template
	if in.Source == "" {
		var err error
		if tpl, err = handlebars.Compile(in.Template); err != nil {
			return nil, err
		}
	}
	if !e.slots.heldIn(ctx) {
		if !e.slots.TakeQueued(ctx, "") {
			return nil, ctx.Err()
		}
		defer e.slots.ReleaseQueued("")
	}
	if in.Source != "" {
		return e.renderOffice(ctx, in)
	}

	// The timeout bounds the work of the render itself: running the
	// template, then the page. Waiting for a slot, for Chromium to start
	// or for a tab to be replaced is not the document's doing.
	tctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	html, err := tpl.Exec(tctx, in.Data)
	if err == nil {
		in.Options.PDF, err = pdf.WithInvoice(tctx, in.Options.PDF, fillWith(in.Data))
	}
	cancel()
	if err != nil {
		return nil, e.failure(ctx, tctx, nil, err)
	}
	if in.Format == FormatHTML {
		return &Output{Body: []byte(html), ContentType: "text/html; charset=utf-8", Pages: 1}, nil
	}
	if err := resolveAssets(ctx, e.log, in.Assets, html); err != nil {
		return nil, err
	}

	inst, err := e.acquire(ctx)
	if err != nil {
		return nil, e.failure(ctx, ctx, nil, err)
	}
	var rerr error
	defer func() { e.release(inst, true, rerr) }()
	tab, err := inst.Acquire(ctx)
	if err != nil {
		rerr = e.failure(ctx, ctx, inst, err)
		return nil, rerr
	}
	rctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	out, err := renderOn(rctx, tab, in, html, assetBytes(e.cfg.PageMemory))
	inst.Release(tab, err == nil)
	if err == nil && len(out.Body) >= largeOutput {
		returnMemorySoon()
	}
	if err != nil {
		rerr = e.failure(ctx, rctx, inst, err)
		return nil, rerr
	}
	// The page has printed: the render is over for Chromium, and what
	// follows (options.pdf, the information, a signature) runs to its
	// end whatever the caller does.
	e.log.DebugContext(ctx, "printed; finishing the document", "format", in.Format, "pages", out.Pages)
	if in.Options.PDF != nil {
		if out, err = e.finish(ctx, out, in.Options.PDF); err != nil {
			return nil, err
		}
		return e.sign(ctx, out, in) // the last step: it signs every byte before it
	}
	if in.Format != FormatPNG {
		return e.finish(ctx, out, nil)
	}
	return out, nil
}

// finish applies options.pdf (or, when nil, only Paprika's document
// information, pdf.Stamp) to a printed PDF, out of the tab, which is
// already serving the next render. The page count is the finished
// document's own.
func (e *Engine) finish(ctx context.Context, out *Output, o *pdf.Options) (*Output, error) {
	var body []byte
	var err error
	pages := out.Pages
	if o == nil {
		body, err = pdf.Stamp(out.Body)
	} else {
		body, pages, err = pdf.Apply(out.Body, o)
		if err == nil {
			body, err = pdf.Optimize(ctx, body, o)
		}
	}
	if err != nil {
		e.log.ErrorContext(ctx, "pdf post-processing failed", "error", err)
		if errors.Is(err, pdf.ErrNoQPDF) {
			return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "options.pdf.compress and options.pdf.linearize are not available on this server: qpdf is not installed (the log says so)"}
		}
		return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "post-processing the PDF (options.pdf) failed"}
	}
	out.Body, out.Pages = body, pages
	return out, nil
}

// knownFailure is what any engine's failure is first: the caller gone
// (ctx's error), a *paprika.Error as it is, or the render's timeout
// (rctx's deadline); nil for a failure of the engine's own.
func (e *Engine) knownFailure(ctx, rctx context.Context, err error) error {
	var re *paprika.Error
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &re):
		return re
	case errors.Is(rctx.Err(), context.DeadlineExceeded):
		return &paprika.Error{Code: paprika.CodeRenderTimeout, Message: fmt.Sprintf("the render took longer than %v", e.cfg.Timeout)}
	}
	return nil
}

// failure turns what went wrong into the error Render returns.
func (e *Engine) failure(ctx, rctx context.Context, inst *instance, err error) error {
	if known := e.knownFailure(ctx, rctx, err); known != nil {
		return known
	}
	var ie *chromium.InputError
	switch {
	case errors.As(err, &ie):
		return &paprika.Error{Code: paprika.CodeTemplateError, Message: ie.Msg}
	case errors.Is(err, chromium.ErrMemoryLimit):
		e.log.WarnContext(ctx, "render failed: the page went past its memory limit", "limit", e.cfg.PageMemory)
		return &paprika.Error{Code: paprika.CodeRenderLimit, Message: "the page used more than " + formatBytes(e.cfg.PageMemory) + " of memory"}
	case errors.Is(err, chromium.ErrPageCrashed):
		// The page's renderer died, the browser did not: the page's
		// content most likely did it, and it took only its own render
		// down. Not a browser failure: a tenant whose page crashes its
		// renderer must not get Chromium restarted for everyone.
		e.log.WarnContext(ctx, "render failed: the page crashed")
		return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "the page crashed"}
	case errors.Is(err, chromium.ErrNotFound):
		// The operator's to fix: the path searched goes to the log only.
		e.log.ErrorContext(ctx, "render failed: no Chromium", "error", err)
		return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "Chromium is not available on this server; " + chromium.InstallHint}
	case errors.Is(err, chromium.ErrSandbox):
		// The details are the server's, not the tenant's.
		e.log.ErrorContext(ctx, "render failed: Chromium's sandbox cannot run", "error", err)
		return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "chromium's sandbox cannot run on this server"}
	}
	if inst != nil && inst.Err() != nil {
		e.log.WarnContext(ctx, "render failed: chromium died", "error", err, "cause", inst.Err())
		return browserFailed("chromium crashed during the render")
	}
	e.log.ErrorContext(ctx, "render failed", "error", err)
	return browserFailed("chromium failed to render the document")
}

// acquire returns the running browser, starting one if there is none or
// the last one died. Only one start runs at a time; ctx bounds the wait,
// not the start, which other renders may be waiting for too.
func (e *Engine) acquire(ctx context.Context) (*instance, error) {
	for {
		e.mu.Lock()
		if e.closed {
			e.mu.Unlock()
			return nil, errors.New("render engine closed")
		}
		if inst := e.current; inst != nil && inst.Err() == nil {
			inst.users++
			e.mu.Unlock()
			return inst, nil
		}
		if inst := e.current; inst != nil { // died: crash, or a tab it could not replace
			e.log.WarnContext(ctx, "chromium died; restarting it", "cause", inst.Err(), "pid", inst.Pid())
			e.cfg.Metrics.ChromiumRestarted(metrics.RestartCrash)
			e.retireLocked(inst)
		}
		starting := e.starting
		if starting == nil {
			starting = make(chan struct{})
			e.starting = starting
			ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
			e.stopStart = cancel
			go e.start(ctx, cancel, starting)
		}
		e.mu.Unlock()
		select {
		case <-starting:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		e.mu.Lock()
		err := e.startErrLocked()
		e.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
}

var errNoBrowser = errors.New("chromium is not running")

// startErrLocked is why the start everyone waited for left no browser.
func (e *Engine) startErrLocked() error {
	if e.current == nil {
		if e.lastStartErr != nil {
			return e.lastStartErr
		}
		return errNoBrowser
	}
	return nil
}

// start starts a browser; ctx bounds the start, and Close cancels it.
func (e *Engine) start(ctx context.Context, cancel context.CancelFunc, done chan struct{}) {
	defer cancel()
	b, err := chromium.Start(ctx, chromium.Config{
		Path: e.cfg.Chromium, Tabs: e.slots.Size() + e.spare, AllowHosts: e.cfg.AllowHosts, Logger: e.log,
		NoSandbox: e.cfg.NoSandbox, PageMemory: e.cfg.PageMemory,
	})
	e.mu.Lock()
	defer e.mu.Unlock()
	e.starting = nil
	defer close(done)
	if err != nil && e.closed {
		e.lastStartErr = errors.New("render engine closed") // Close ended the start
		return
	}
	if err != nil {
		e.lastStartErr = err
		e.log.Error("chromium did not start", "error", err)
		return
	}
	if e.closed {
		e.closeLocked(&instance{Browser: b})
		e.lastStartErr = errors.New("render engine closed")
		return
	}
	e.lastStartErr = nil
	e.current = &instance{Browser: b}
}

// release ends a render's use of a browser, and retires the browser when
// it has rendered enough, grown too big, or keeps failing.
func (e *Engine) release(inst *instance, rendered bool, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	inst.users--
	if rendered {
		inst.renders++
		// Only Chromium's own failures count. A timeout, a page's
		// script or header that fails, a limit, a page that crashes its
		// renderer are the page's doing (its tab is replaced), not a sign
		// of a sick browser; counting them would let a tenant's pages
		// restart Chromium for everyone.
		if BrowserFailed(err) {
			inst.failures++
		} else if err == nil {
			inst.failures = 0
		}
	}
	if rendered && !inst.retired {
		switch {
		case inst.failures >= maxFailuresInARow:
			e.log.Warn("restarting chromium", "reason", "failures", "inARow", inst.failures)
			e.cfg.Metrics.ChromiumRestarted(metrics.RestartFailures)
			e.retireLocked(inst)
		case inst.renders >= e.cfg.MaxRenders:
			e.log.Info("restarting chromium", "reason", "renders", "renders", inst.renders)
			e.cfg.Metrics.ChromiumRestarted(metrics.RestartRenders)
			e.retireLocked(inst)
		case inst.renders%memoryCheckEvery == 0:
			if m := inst.MemoryBytes(); m > e.cfg.MaxMemory {
				e.log.Info("restarting chromium", "reason", "memory", "bytes", m, "limit", e.cfg.MaxMemory)
				e.cfg.Metrics.ChromiumRestarted(metrics.RestartMemory)
				e.retireLocked(inst)
			}
		}
	}
	if inst.retired && inst.users == 0 {
		e.closeLocked(inst)
	}
}

// retireLocked takes inst out of service; it closes once no render uses it.
func (e *Engine) retireLocked(inst *instance) {
	if e.current == inst {
		e.current = nil
	}
	if inst.retired {
		return
	}
	inst.retired = true
	if inst.users == 0 {
		e.closeLocked(inst)
		return
	}
	e.retired = append(e.retired, inst)
}

func (e *Engine) closeLocked(inst *instance) {
	if inst.closed {
		return
	}
	inst.closed = true
	for i, r := range e.retired {
		if r == inst {
			e.retired = append(e.retired[:i], e.retired[i+1:]...)
			break
		}
	}
	e.closing.Add(1)
	go func() {
		defer e.closing.Done()
		inst.Close()
	}()
}

// Ready reports whether Chromium is running or can be started, for
// /readyz. It starts the browser if it is not running, and reuses its
// answer for a few seconds.
func (e *Engine) Ready(ctx context.Context) error {
	e.readyMu.Lock()
	defer e.readyMu.Unlock()
	if time.Since(e.readyAt) < readyCacheFor {
		return e.readyErr
	}
	inst, err := e.acquire(ctx)
	if err == nil {
		err = inst.Err()
		e.release(inst, false, nil)
	}
	if ctx.Err() != nil {
		return ctx.Err() // not the browser's fault; do not cache
	}
	e.readyAt, e.readyErr = time.Now(), err
	return err
}

// Sandboxed reports whether Chromium runs, or will run, with its own
// sandbox: it never starts without it unless Config.NoSandbox says so.
func (e *Engine) Sandboxed() bool { return !e.cfg.NoSandbox }

// CheckSandbox starts Chromium at a process's start and returns the error
// when it is chromium.ErrSandbox: a process that cannot render sandboxed
// refuses to start, rather than take work and fail every render. Any other
// failure (no Chromium installed, a slow start) is logged and left to
// /readyz and the renders, as before.
func (e *Engine) CheckSandbox(ctx context.Context) error {
	if !e.Sandboxed() {
		e.log.WarnContext(ctx, "Chromium's sandbox is off (PAPRIKA_CHROMIUM_NO_SANDBOX=true): a renderer exploit in a template is not contained")
	}
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	err := e.Ready(ctx)
	if errors.Is(err, chromium.ErrSandbox) {
		return err
	}
	if err != nil && ctx.Err() == nil {
		e.log.WarnContext(ctx, "chromium did not start; renders fail until it does", "error", err)
	}
	return nil
}

// Close kills the browser and every process it started, and waits for the
// goroutines of the engine. Renders still running fail.
func (e *Engine) Close() error {
	e.mu.Lock()
	e.closed = true
	if e.current != nil {
		e.retireLocked(e.current)
	}
	for _, inst := range append([]*instance(nil), e.retired...) {
		e.closeLocked(inst) // renders still on it fail
	}
	starting := e.starting
	if starting != nil {
		e.stopStart() // a process that stops does not wait for Chromium to start
	}
	e.mu.Unlock()
	if starting != nil {
		<-starting // start closes what it started, seeing closed
	}
	e.closing.Wait()
	e.officeMu.Lock()
	defer e.officeMu.Unlock()
	if e.office != nil {
		return e.office.Close()
	}
	return nil
}
