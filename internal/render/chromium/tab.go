package chromium

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Tab is a warm page target. Between renders it waits on an empty shell
// document at an origin no render has used, http://r<random>.t<tab>.invalid/
// (plain http, so that allow-listed http hosts are not mixed content); a
// render puts its HTML into that document (Page.setDocumentContent), so it
// gets a fresh JavaScript realm and fresh storage without paying for a
// navigation on its way.
//
// Only a page whose scripts ran can leave anything behind (globals,
// timers, cookies, storage), so scripts run only in a page that has some
// (Page.Scripts); after such a render the tab moves on to the next fresh
// origin, in the background, and what the used origin stored is deleted. A
// page without scripts runs with script execution disabled: nothing in it
// can write anything, and its tab takes the next render at once.
//
// Each tab is in a browser context of its own (an incognito profile: its
// storage is kept in memory, never on disk), which Chromium never lets
// share a renderer process with another: a page spinning in a loop stalls
// no other tab, and the tab's renderer can be measured and, past
// Config.PageMemory, killed alone. A tab that is closed (after a timeout,
// a failure, a limit) takes its context with it, and all its pages
// stored. Each tab also has a site of its own, t<tab>.invalid (a
// top-level domain of its own as far as Chromium knows); its renders'
// origins are all of that site, so that moving on to the next one keeps
// the process (a new site would start a new one, which costs more than the
// render). What a site shares between its origins is cleared on the way:
// cookies set for the whole site, and window.name.
type Tab struct {
	b       *Browser
	ctx     context.Context // the chromedp context of the target
	cancel  context.CancelFunc
	session cdp.Session
	frame   cdp.FrameID
	site    string // t<random>.invalid
	origin  string // http://r<random>.<site>, the one the shell is on
	context cdp.BrowserContextID
	pid     int           // the renderer process of the page; 0 when not measured
	peak    atomic.Int64  // the most memory the renderer was seen to hold in this render
	known   atomic.Int64  // pid, for the crash listener, once found
	opened  chan struct{} // closed when openTab is done with the tab, well or not

	scripts  bool // script execution is enabled
	dirty    bool // scripts ran since the shell was loaded
	emulated bool // a screenshot overrode the viewport

	crashed   chan struct{} // closed when the page's renderer crashes
	crashOnce sync.Once
}

// ErrPageCrashed is the cause of a render whose page's renderer process
// crashed (ran out of memory, for one).
var ErrPageCrashed = errors.New("the page crashed")

// openTab opens a target and readies it on a fresh origin.
func (b *Browser) openTab(ctx context.Context) (*Tab, error) {
	// A browser context of its own, disposed with the tab (cancel).
	tctx, cancel := chromedp.NewContext(b.browserCtx, chromedp.WithNewBrowserContext())
	t := &Tab{b: b, ctx: tctx, cancel: cancel, site: "t" + randomHex(8) + ".invalid", scripts: true,
		crashed: make(chan struct{}), opened: make(chan struct{})}
	defer close(t.opened)
	b.tabsMu.Lock()
	if b.closed {
		b.tabsMu.Unlock()
		cancel()
		return nil, errors.New("chromium closed")
	}
	b.tabs[t] = struct{}{}
	b.tabsMu.Unlock()

	// The first Do attaches the target and binds its event loop to the
	// context it is given, so it gets tctx itself; ctx bounds the wait.
	// A crash of the page's renderer leaves commands unanswered: the
	// listener tells the render at once instead.
	attached := make(chan error, 1)
	go func() {
		attached <- chromedp.Do(tctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			return chromedp.Listen(tctx, func(ev any) {
				if _, ok := ev.(*inspector.EventTargetCrashed); ok {
					go t.onCrash()
				}
			})
		}))
	}()
	var err error
	select {
	case err = <-attached:
	case <-ctx.Done():
		cancel()
		<-attached
		err = ctx.Err()
	}
	if err == nil {
		c := chromedp.FromContext(tctx)
		t.session = c.Target
		t.frame = cdp.FrameID(c.Target.TargetID) // a page's main frame has its target's id
		t.context = c.BrowserContextID
		err = t.quiet(ctx)
	}
	if err == nil {
		err = t.prepare(ctx)
	}
	if err == nil && b.pageMemory > 0 {
		// After prepare: the first navigation to the tab's site may move
		// the page to another renderer process, later ones do not.
		t.pid, err = t.findRenderer(ctx)
		t.known.Store(int64(t.pid))
	}
	if err != nil {
		b.closeTab(t)
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	return t, nil
}

// closeTab closes the target, which ends its renderer process if nothing
// else uses it; a renderer stuck in a loop is killed by the browser.
func (b *Browser) closeTab(t *Tab) {
	b.tabsMu.Lock()
	delete(b.tabs, t)
	b.tabsMu.Unlock()
	t.cancel()
}

// stop ends whatever script the page is running, such as an endless loop,
// which would otherwise hold its renderer until the tab is gone. The
// command interrupts the script; it does not wait for it to yield.
func (t *Tab) stop() {
	ctx, cancel := context.WithTimeout(t.b.browserCtx, time.Second)
	defer cancel()
	_, _ = cdp.Call(ctx, t.session, runtime.TerminateExecution, cdp.Empty{})
}

// quiet turns off the protocol domains chromedp enables on a new target
// and this package does not use: their events cost time on every render,
// and a page logging in a loop would flood the connection with console
// events. Page stays on for load events, Inspector for crash events.
func (t *Tab) quiet(ctx context.Context) error {
	for _, method := range []string{dom.Disable.Method, css.Disable.Method, network.Disable.Method, log.Disable.Method, runtime.Disable.Method} {
		if err := t.session.Call(ctx, method, cdp.Empty{}, nil); err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
	}
	// Workers and iframes need no session of their own: the browser-wide
	// interception sees their requests.
	_, err := cdp.Call(ctx, t.session, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: false})
	return err
}

// prepare moves the tab to a fresh origin with the empty shell document,
// then clears whatever the previous render left on its origin.
func (t *Tab) prepare(ctx context.Context) error {
	if t.emulated {
		if _, err := cdp.Call(ctx, t.session, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
			return err
		}
		t.emulated = false
	}
	used := t.origin
	host := "r" + randomHex(16) + "." + t.site
	t.b.intercept.expect(host)
	defer t.b.intercept.forget(host)

	lctx, stop := context.WithCancel(ctx)
	defer stop()
	loads := cdp.Events(lctx, t.session, page.LoadEventFired)
	res, err := cdp.Call(ctx, t.session, page.Navigate, page.NavigateParams{URL: "http://" + host + "/"})
	if err != nil {
		return err
	}
	if res.ErrorText != "" {
		return fmt.Errorf("navigating to a fresh origin: %s", res.ErrorText)
	}
	for _, err := range loads {
		if err != nil {
			return err
		}
		break
	}
	t.origin = "http://" + host
	t.dirty = false
	// window.name belongs to the tab, not the document, and Chromium keeps
	// it across this navigation within a site.
	if _, err := cdp.Call(ctx, t.session, runtime.Evaluate, runtime.EvaluateParams{Expression: `window.name = ""`}); err != nil {
		return err
	}

	if used != "" {
		// Cookies, local and session storage, IndexedDB, Cache Storage,
		// service workers, file systems: every kind there is. The next
		// render could not see them anyway (another origin); this keeps
		// the profile from growing.
		if _, err := cdp.Call(ctx, t.session, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{
			Origin: used, StorageTypes: "all",
		}); err != nil {
			return fmt.Errorf("clearing %s: %w", used, err)
		}
		return t.clearSiteCookies(ctx)
	}
	return nil
}

// clearSiteCookies deletes the cookies a page set for the tab's whole site
// (Domain=t<tab>.invalid), which the next origin of the site would see.
// Clearing the used origin's data leaves them.
func (t *Tab) clearSiteCookies(ctx context.Context) error {
	res, err := cdp.Call(ctx, t.b.session(), storage.GetCookies, storage.GetCookiesParams{BrowserContextID: t.context})
	if err != nil {
		return fmt.Errorf("listing cookies: %w", err)
	}
	for _, c := range res.Cookies {
		domain := strings.TrimPrefix(c.Domain, ".")
		if domain != t.site && !strings.HasSuffix(domain, "."+t.site) {
			continue
		}
		if _, err := cdp.Call(ctx, t.session, network.DeleteCookies, network.DeleteCookiesParams{
			Name: c.Name, Domain: c.Domain, Path: c.Path, PartitionKey: c.PartitionKey,
		}); err != nil {
			return fmt.Errorf("deleting a cookie: %w", err)
		}
	}
	return nil
}

// reuse readies a tab that finished a render cleanly: a fresh origin if
// scripts ran, else only the viewport put back.
func (t *Tab) reuse(ctx context.Context) error {
	if t.dirty {
		return t.prepare(ctx)
	}
	if t.emulated {
		if _, err := cdp.Call(ctx, t.session, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
			return err
		}
		t.emulated = false
	}
	return nil
}

// Origin is the origin the next render on this tab runs on.
func (t *Tab) Origin() string { return t.origin }

// Page is what a render puts into a tab.
type Page struct {
	HTML    string
	Scripts bool   // run the page's scripts; false disables script execution
	WaitFor string // a JavaScript expression to wait for; "" waits for load and fonts only
	// Check is a JavaScript expression evaluated once the page is ready,
	// giving an array of the problems it finds in the page; any fails the
	// render with an InputError listing them. "" checks nothing.
	Check string
	// Assets answer the page's requests of assets/NAME (assets.go); nil:
	// the render has none, and a page asking for one fails.
	Assets Assets
	// AssetBytes bounds the bytes of assets answered to the page, each
	// answer counted (an asset loaded twice counts twice); past it the
	// render fails with render-limit. 0: no bound.
	AssetBytes int64
}

// InputError is a failure caused by the render's input, not by Chromium:
// a waitFor expression that does not parse, page ranges past the end, a
// script of the page that broke the wait for it to be ready, a header or
// footer template that Chromium cannot print.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// load puts the page into the shell document and waits until it is ready:
// loaded, its fonts loaded, and waitFor true.
func (t *Tab) load(ctx context.Context, p Page) error {
	p.HTML = withTitle(p.HTML)
	scripts := p.Scripts || p.WaitFor != ""
	if scripts != t.scripts {
		if _, err := cdp.Call(ctx, t.session, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !scripts}); err != nil {
			return err
		}
		t.scripts = scripts
	}
	t.dirty = t.dirty || scripts
	if _, err := cdp.Call(ctx, t.session, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: t.frame, HTML: p.HTML}); err != nil {
		return err
	}
	if err := t.await(ctx, readyJS); err != nil {
		return err
	}
	if p.WaitFor != "" {
		if err := t.await(ctx, fmt.Sprintf(waitForJS, jsonString(p.WaitFor))); err != nil {
			return err
		}
	}
	if p.Check != "" {
		return t.check(ctx, p.Check)
	}
	return nil
}

// check evaluates a Page.Check in the ready page.
func (t *Tab) check(ctx context.Context, js string) error {
	res, err := cdp.Call(ctx, t.session, runtime.Evaluate, runtime.EvaluateParams{Expression: js, ReturnByValue: new(true)})
	if err != nil {
		return err
	}
	var problems []string
	if res.ExceptionDetails != nil || res.Result == nil || json.Unmarshal(res.Result.Value, &problems) != nil {
		// The check is ours and does not throw by itself: the page's
		// scripts changed what it reads.
		return &InputError{Msg: "a script of the page broke the check of the page"}
	}
	if len(problems) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "the page does not pass the accessibility check (PDF/UA-1), %d problems:", len(problems))
		for i, p := range problems {
			fmt.Fprintf(&b, " %d. %s;", i+1, p)
		}
		return &InputError{Msg: strings.TrimSuffix(b.String(), ";")}
	}
	return nil
}

var (
	titleRE   = regexp.MustCompile(`(?i)<title[\s>]`)
	doctypeRE = regexp.MustCompile(`(?i)^\s*<!doctype[^>]*>`)
)

// withTitle gives a document without a <title> an invisible one. Chromium
// would otherwise use the page's URL, our synthetic origin, as the PDF's
// title and for the header's "title" class. It goes after the doctype, so
// as not to throw the document into quirks mode.
func withTitle(html string) string {
	if titleRE.MatchString(html) {
		return html
	}
	at := 0
	if m := doctypeRE.FindStringIndex(html); m != nil {
		at = m[1]
	}
	return html[:at] + "<title>&#8203;</title>" + html[at:]
}

// readyJS resolves once the document has loaded and its fonts are ready.
// It lays the page out first (reading offsetHeight): a web font starts
// loading only when laid-out text needs it, and a page not yet laid out
// when it loaded (a busy machine) would otherwise find no font loading,
// print at once, and lose the text a font still loading hides.
const readyJS = `new Promise(resolve => {
	const fonts = () => {
		void (document.body || document.documentElement).offsetHeight;
		(document.fonts ? document.fonts.ready : Promise.resolve()).then(() => resolve(true));
	};
	if (document.readyState === 'complete') fonts(); else addEventListener('load', fonts, {once: true});
})`

// waitForJS polls an expression until it is truthy. One that does not
// parse fails at once; one that throws is tried again (a chart library
// may not be loaded yet).
const waitForJS = `(() => {
	let check;
	try { check = new Function('return (' + %s + ')'); }
	catch (e) { return Promise.reject(new Error('waitFor: ' + e.message)); }
	return new Promise(resolve => {
		const poll = () => {
			let ok = false;
			try { ok = check(); } catch (e) {}
			Promise.resolve(ok).then(v => v ? resolve(true) : setTimeout(poll, 20), () => setTimeout(poll, 20));
		};
		poll();
	});
})()`

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// await evaluates a promise in the page and waits for it.
func (t *Tab) await(ctx context.Context, js string) error {
	res, err := cdp.Call(ctx, t.session, runtime.Evaluate, runtime.EvaluateParams{
		Expression: js, AwaitPromise: new(true), ReturnByValue: new(true),
	})
	if err != nil {
		return err
	}
	if d := res.ExceptionDetails; d != nil {
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg = strings.SplitN(d.Exception.Description, "\n", 2)[0]
		}
		if strings.Contains(msg, "waitFor: ") {
			return &InputError{Msg: msg[strings.Index(msg, "waitFor: "):]}
		}
		// The expression is ours and does not throw by itself: the page
		// made it throw (it replaced document.fonts with a getter that
		// throws, say). The page's doing, not Chromium's.
		return &InputError{Msg: "a script of the page broke the wait for the page to be ready: " + msg}
	}
	return nil
}

// guard returns ctx, canceled with ErrPageCrashed as its cause if the page
// crashes, or ErrMemoryLimit if its processes go past Config.PageMemory
// (the browser's watcher measures them while the render runs, and kills
// them then).
func (t *Tab) guard(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := make(chan struct{})
	t.peak.Store(0)
	t.b.watch.start(t, cancel)
	go func() {
		select {
		case <-t.crashed:
			cancel(t.crashCause())
		case <-stop:
		}
	}()
	return ctx, func() { t.b.watch.stop(t); close(stop); cancel(nil) }
}

// crashErr returns ErrPageCrashed or ErrMemoryLimit in place of err if the
// page crashed or went past its limit.
func crashErr(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); errors.Is(cause, ErrPageCrashed) || errors.Is(cause, ErrMemoryLimit) {
		return cause
	}
	return err
}

// PDF prints the page and returns the PDF whole with its page count; see
// PrintTo, which it buffers.
func (t *Tab) PDF(ctx context.Context, p Page, params page.PrintToPDFParams) ([]byte, int, error) {
	var b bytes.Buffer
	if _, err := t.PrintTo(ctx, p, params, &b); err != nil {
		return nil, 0, err
	}
	return b.Bytes(), CountPages(b.Bytes()), nil
}

// PrintTo prints the page into w and returns the bytes written. Chromium
// answers the print as a stream (transferMode ReturnAsStream), read chunk
// by chunk (CopyStream), so that no print is one DevTools message however
// long the document: a message is capped at 256 MiB, and the process would
// hold one encoded, as JSON and decoded at once (a 67 MB PDF of 1,000
// pages was 0.8 GB of the process). What w holds is the caller's.
func (t *Tab) PrintTo(ctx context.Context, p Page, params page.PrintToPDFParams, w io.Writer) (_ int64, err error) {
	ctx, done := t.guard(ctx)
	defer done()
	defer func() { err = crashErr(ctx, err) }()
	ctx, assets := t.serveAssets(ctx, p)
	defer func() { err = assets.end(t, err) }()
	if err := t.load(ctx, p); err != nil {
		return 0, err
	}
	params.TransferMode = page.PrintToPDFTransferModeReturnAsStream
	t.b.watch.printing(t, true)
	res, err := cdp.Call(ctx, t.session, page.PrintToPDF, params)
	if err == nil {
		// Chromium has made the whole PDF by now; the compositor may
		// still be alive, so reading stays under the watch.
		var n int64
		n, err = CopyStream(ctx, t.session, res.Stream, w)
		t.b.watch.printing(t, false)
		return n, err
	}
	compositorKilled := t.b.watch.printing(t, false)
	if compositorKilled {
		return 0, ErrMemoryLimit
	}
	if strings.Contains(strings.ToLower(err.Error()), "page range") {
		return 0, &InputError{Msg: "options.pageRanges: " + err.Error()}
	}
	// An answer of Chromium's, not a lost connection nor a crash
	// (crashErr): it could not print this page with these options, say a
	// header template whose stylesheet is blocked ("Printing failed").
	// Another browser would fail the same way.
	var perr *cdproto.Error
	if errors.As(err, &perr) && ctx.Err() == nil && t.b.Err() == nil {
		return 0, &InputError{Msg: "Chromium could not print the page (" + perr.Message +
			"); check options.headerTemplate, options.footerTemplate and the page's print styles"}
	}
	return 0, err
}

// MaxScreenshotHeight bounds a full-page screenshot's height, and
// MaxScreenshotPixels its area: 1024 px wide, the default, the page is cut
// at 16,384 px high; 8,192 px wide, at 2,048. Chromium answers a
// screenshot in one message, base64, which the process holds decoded and
// encoded at once: a page of noise 8,192 px wide and 5,900 high made a
// 145 MB PNG and took the process 1.1 GiB, and three at once killed it in a
// 3 GiB container. At this area a PNG is at most 64 MiB (4 bytes a pixel,
// incompressible), a few hundred MiB of the process while it is answered.
const (
	MaxScreenshotHeight = 16384
	MaxScreenshotPixels = 1024 * 16384
)

// PNG takes a full-page screenshot width CSS pixels wide.
func (t *Tab) PNG(ctx context.Context, p Page, width int) (_ []byte, err error) {
	ctx, done := t.guard(ctx)
	defer done()
	defer func() { err = crashErr(ctx, err) }()
	ctx, assets := t.serveAssets(ctx, p)
	defer func() { err = assets.end(t, err) }()
	t.emulated = true
	if _, err := cdp.Call(ctx, t.session, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(width), Height: 800, DeviceScaleFactor: 1,
	}); err != nil {
		return nil, err
	}
	if err := t.load(ctx, p); err != nil {
		return nil, err
	}
	m, err := cdp.Call(ctx, t.session, page.GetLayoutMetrics, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	height := 1.0
	if m.CSSContentSize != nil {
		height = math.Ceil(m.CSSContentSize.Height)
	}
	height = min(max(height, 1), MaxScreenshotHeight, math.Floor(MaxScreenshotPixels/float64(width)))
	res, err := cdp.Call(ctx, t.session, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:                page.CaptureScreenshotFormatPng,
		Clip:                  &page.Viewport{X: 0, Y: 0, Width: float64(width), Height: height, Scale: 1},
		CaptureBeyondViewport: new(true),
		FromSurface:           new(true),
	})
	if err != nil {
		return nil, err
	}
	return res.Data, nil
}

// pageObjectRE finds the page objects of a PDF (and not its /Pages nodes).
var pageObjectRE = regexp.MustCompile(`/Type\s*/Page\b`)

// CountPages counts the pages of a PDF that Chromium wrote: Skia writes
// each page as an object of its own with a /Type /Page dictionary.
func CountPages(pdf []byte) int {
	return len(pageObjectRE.FindAllIndex(pdf, -1))
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// closeTargets closes every tab still open; Close calls it after killing
// the process, when the calls fail at once.
func (b *Browser) closeTargets() {
	b.tabsMu.Lock()
	tabs := make([]*Tab, 0, len(b.tabs))
	for t := range b.tabs {
		tabs = append(tabs, t)
	}
	b.tabsMu.Unlock()
	for _, t := range tabs {
		b.closeTab(t)
	}
}

// scriptRE finds what may run script in a document: script elements, event
// handler attributes, javascript: URLs, and frames and objects, whose
// content may have scripts of its own. It errs on the side of finding
// some: a false find costs a navigation, a miss leaves a script unrun.
var scriptRE = regexp.MustCompile(`(?i)<script|javascript:|[\s/"']on[a-z]+\s*=|<i?frame|<object|<embed|<portal|srcdoc`)

// HasScripts reports whether html may need script execution.
func HasScripts(html string) bool {
	return scriptRE.MatchString(html)
}
