// Package chromium drives one headless Chromium process through chromedp: a
// pool of warm tabs, each render isolated on an origin of its own, every
// request of every page intercepted so that nothing reaches the network
// unless the operator allow-lists its host.
//
// The package knows nothing of templates or tenants; internal/render decides
// what to render and when to restart the browser.
package chromium

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// InstallHint is what to do when no Chromium is found.
const InstallHint = "install it with: sudo apt-get install -y chromium fonts-liberation fonts-dejavu-core fonts-noto-color-emoji poppler-utils"

// ErrNotFound is returned when no Chromium binary is found. Its message,
// with the hint, is "chromium not found; install it with: …".
var ErrNotFound = errors.New("chromium not found")

// Config is what a browser needs.
type Config struct {
	Path       string   // the binary; "" finds chromium, chromium-browser or google-chrome on PATH
	Tabs       int      // most tabs open at once: one opens at the start, the others when renders need them, and stay warm
	AllowHosts []string // hosts pages may reach ("host" or "host:port")
	Logger     *slog.Logger

	// NoSandbox runs Chromium without its own sandbox. Only on purpose
	// (PAPRIKA_CHROMIUM_NO_SANDBOX): without it, a start where the sandbox
	// cannot run fails with ErrSandbox.
	NoSandbox bool

	// PageMemory is the most resident memory, in bytes, the renderer
	// process of one render's page may hold; past it the renderer is
	// killed and the render fails with ErrMemoryLimit. 0: no limit.
	PageMemory int64
}

// FindPath returns the Chromium binary: path if set, else the first of
// chromium, chromium-browser and google-chrome on PATH.
func FindPath(path string) (string, error) {
	if path != "" {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("%w at %s (%v); %s", ErrNotFound, path, err, InstallHint)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w; %s", ErrNotFound, InstallHint)
}

// Browser is one running Chromium process and its warm tabs.
type Browser struct {
	log        *slog.Logger
	allow      []hostRule
	pid        int
	launch     *launch
	pageMemory int64
	tracing    chan struct{} // held while a tab traces to find its renderer
	watch      *watcher

	allocCancel   context.CancelFunc
	browserCtx    context.Context
	browserCancel context.CancelFunc
	lost          <-chan struct{} // chromedp's: closed when the connection drops
	intercept     *interceptor

	// Tabs ready for a render, last returned first: the tab that just
	// rendered is the warmest (its renderer's caches, its CPU's), and a
	// spare stays a spare until it is needed.
	readyMu  sync.Mutex
	ready    []*Tab
	readyN   chan struct{} // one token per tab in ready
	dead     chan struct{}
	deadOnce sync.Once
	deadErr  error

	tabsMu sync.Mutex
	tabs   map[*Tab]struct{} // every open tab, ready or not
	more   int               // tabs that may still be opened on demand
	closed bool
	wg     sync.WaitGroup // background work: recycling, replacing, closing tabs
}

// Start launches Chromium and opens one warm tab; the others of cfg.Tabs
// open when renders first need them (Acquire) and stay warm after. Opening
// a tab costs Chromium about 0.7 s of CPU here (measured in dev mode: 14.5
// against 4.8 core-seconds in the first 18 s with 8 slots against 1), so a
// worker that renders only html, or fewer documents at once than it has
// slots, never pays for the tabs it does not use. ctx bounds only the
// start; the browser lives until Close or a crash.
func Start(ctx context.Context, cfg Config) (_ *Browser, err error) {
	path, err := FindPath(cfg.Path)
	if err != nil {
		return nil, err
	}
	allow, err := parseHosts(cfg.AllowHosts)
	if err != nil {
		return nil, err
	}
	b := &Browser{
		log:        cfg.Logger,
		allow:      allow,
		pageMemory: max(cfg.PageMemory, 0),
		tracing:    make(chan struct{}, 1),
		readyN:     make(chan struct{}, max(cfg.Tabs, 1)),
		dead:       make(chan struct{}),
		tabs:       map[*Tab]struct{}{},
		more:       max(cfg.Tabs, 1) - 1,
	}
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	b.watch = newWatcher(b)

	if b.launch, err = newLaunch(cfg.NoSandbox, SandboxUsers, b.log); err != nil {
		return nil, err
	}
	opts := append(flags(allow), chromedp.ExecPath(path))
	if b.pageMemory > 0 {
		opts = append(opts, chromedp.Flag("js-flags", v8HeapFlag(b.pageMemory)))
	}
	opts = append(opts, b.launch.options()...)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	b.allocCancel = allocCancel
	// chromedp's cancel must run once: a second call waits for a browser
	// that a start cut short never reports stopped, and hangs for good.
	var browserCancel context.CancelFunc
	b.browserCtx, browserCancel = chromedp.NewContext(allocCtx)
	b.browserCancel = sync.OnceFunc(browserCancel)
	defer func() {
		if err != nil {
			b.Close()
		}
	}()

	// The first Do starts the process; it must not carry ctx's deadline,
	// which would end the browser with it (see chromedp.NewContext).
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(b.browserCtx) }()
	cut := false
	select {
	case err = <-started:
	case <-ctx.Done():
		b.browserCancel()
		<-started
		cut = true
	}
	// Known on both paths: a start cut short had chromedp kill the browser
	// process, not its children, which may still write in the profile, so
	// Close kills its process group before it removes the profile.
	b.pid = b.launch.pid()
	if cut {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("starting chromium %s: %w", path, b.launch.startError(err))
	}
	// Every request of every target goes through one interceptor on the
	// browser session: pages, iframes and workers alike.
	br := chromedp.FromContext(b.browserCtx).Browser
	b.lost = br.LostConnection
	b.wg.Go(func() {
		select {
		case <-b.browserCtx.Done():
		case <-b.lost:
		}
		b.fail(errors.New("chromium exited"))
	})
	b.intercept = newInterceptor(br, allow, b.log)
	events := cdp.Events(b.browserCtx, br, fetch.RequestPaused)
	if _, err := cdp.Call(ctx, br, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		return nil, fmt.Errorf("enabling request interception: %w", err)
	}
	b.wg.Go(func() { b.intercept.run(b.browserCtx, events) })

	t, err := b.openTab(ctx)
	if err != nil {
		return nil, err
	}
	b.put(t)
	if b.launch.sandboxed {
		b.log.InfoContext(ctx, "chromium started", "path", path, "pid", b.pid, "tabs", cap(b.readyN),
			"sandbox", true, "user", b.launch.user())
	} else {
		b.log.WarnContext(ctx, "chromium started WITHOUT its sandbox (PAPRIKA_CHROMIUM_NO_SANDBOX=true)",
			"path", path, "pid", b.pid, "tabs", cap(b.readyN), "sandbox", false, "user", b.launch.user())
	}
	return b, nil
}

// flags are Chromium's switches: headless, quiet on a closed network, and
// with no way out but through the allow-list.
func flags(allow []hostRule) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Headless, // also hide-scrollbars, mute-audio
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("disable-crash-reporter", true),
		chromedp.Flag("disable-client-side-phishing-detection", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("disable-notifications", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("safebrowsing-disable-auto-update", true),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-hang-monitor", true),
		chromedp.Flag("disable-ipc-flooding-protection", true),
		chromedp.Flag("disable-prompt-on-repost", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("use-mock-keychain", true),
		chromedp.Flag("force-color-profile", "srgb"),
		// No back-forward cache: a finished render's page must not live on.
		chromedp.Flag("disable-features", "Translate,BackForwardCache,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,AutofillServerCommunication,CertificateTransparencyComponentUpdater,"+
			// Local Network Access would stop pages reaching an allow-listed
			// host on a private address; the allow-list is the only gate.
			"LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights"),
		// window.open and target=_blank open nothing.
		chromedp.Flag("block-new-web-contents", true),
		// Below the interception, the network stack itself has nowhere to
		// go: every connection, WebSockets included (which request
		// interception does not see), must pass a proxy that does not
		// exist, loopback too; only allow-listed hosts go direct. WebRTC
		// may not send UDP around the proxy.
		chromedp.Flag("proxy-server", "http://"+deadProxy),
		chromedp.Flag("proxy-bypass-list", bypassList(allow)),
		chromedp.Flag("host-resolver-rules", resolverRules(allow)),
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		chromedp.Flag("webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	}
	return opts
}

// deadProxy is a proxy whose name never resolves (see resolverRules).
const deadProxy = "proxy.paprika.invalid:9"

func bypassList(allow []hostRule) string {
	entries := []string{"<-loopback>"} // loopback goes through the (dead) proxy too
	for _, h := range allow {
		entries = append(entries, h.String())
	}
	return strings.Join(entries, ";")
}

func resolverRules(allow []hostRule) string {
	rules := []string{"MAP * ~NOTFOUND"}
	for _, h := range allow {
		rules = append(rules, "EXCLUDE "+h.host)
	}
	return strings.Join(rules, " , ")
}

// Done is closed when the browser has died or was closed.
func (b *Browser) Done() <-chan struct{} { return b.dead }

// Err says why the browser is done, or nil while it runs.
func (b *Browser) Err() error {
	if b.browserCtx.Err() != nil || closed(b.lost) {
		// Lost the connection. chromedp closes LostConnection before any
		// call fails for it, and cancels the context from a goroutine of
		// its own, which a loaded machine may run milliseconds later: a
		// render retried after a crash must not find this browser alive.
		b.fail(errors.New("chromium exited"))
	}
	select {
	case <-b.dead:
		return b.deadErr
	default:
		return nil
	}
}

// closed reports whether c is closed; a nil c (a browser whose start was
// cut short) never is.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// fail marks the browser dead: Acquire refuses, the engine restarts it.
func (b *Browser) fail(err error) {
	b.deadOnce.Do(func() {
		b.deadErr = err
		close(b.dead)
	})
}

// session is the browser's own protocol session.
func (b *Browser) session() cdp.Session {
	return chromedp.FromContext(b.browserCtx).Browser
}

// Sandboxed reports whether Chromium runs with its own sandbox.
func (b *Browser) Sandboxed() bool { return b.launch.sandboxed }

// Pid is the browser process id, which is also its process group id.
func (b *Browser) Pid() int { return b.pid }

// ProfileDir is the directory of Chromium's profile (and its HOME), which
// this browser removes when it closes.
func (b *Browser) ProfileDir() string { return b.launch.dir }

// Acquire takes a warm tab; when none is free it opens one, up to
// Config.Tabs, and otherwise waits for one to be free.
func (b *Browser) Acquire(ctx context.Context) (*Tab, error) {
	if err := b.Err(); err != nil {
		return nil, err
	}
	select {
	case <-b.readyN:
		return b.take(), nil
	default:
	}
	if b.reserve() {
		t, err := b.openTab(ctx)
		if err != nil {
			b.tabsMu.Lock()
			b.more++
			b.tabsMu.Unlock()
			return nil, err
		}
		return t, nil
	}
	select {
	case <-b.readyN:
		return b.take(), nil
	case <-b.dead:
		return nil, b.deadErr
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// take takes the warmest ready tab; the caller holds its readyN token.
func (b *Browser) take() *Tab {
	b.readyMu.Lock()
	defer b.readyMu.Unlock()
	t := b.ready[len(b.ready)-1]
	b.ready = b.ready[:len(b.ready)-1]
	return t
}

// reserve claims the opening of one more tab, if Config.Tabs allows it.
func (b *Browser) reserve() bool {
	b.tabsMu.Lock()
	defer b.tabsMu.Unlock()
	if b.closed || b.more == 0 {
		return false
	}
	b.more--
	return true
}

// Release hands a tab back after a render. A clean tab whose page ran no
// scripts is ready again at once; one whose scripts ran moves to a fresh
// origin in the background, if it can within reuseTimeout; any other
// (timed out, canceled, broken, or still busy after its render: a page
// looping once it printed) is discarded and replaced by a new one. A
// render is over when it returns: what its page does after is never held
// against the browser.
func (b *Browser) Release(t *Tab, clean bool) {
	b.tabsMu.Lock()
	defer b.tabsMu.Unlock()
	if b.closed {
		return
	}
	if clean && t.heavy() {
		clean = false // replaced: the next page gets its whole limit
	}
	if clean && !t.dirty && !t.emulated {
		b.put(t)
		return
	}
	b.wg.Go(func() {
		if clean {
			err := b.reuse(t)
			if err == nil {
				b.put(t)
				return
			}
			if b.Err() == nil {
				b.log.Info("chromium tab not reused (its page still busy, say); replacing it", "error", err)
			}
		}
		b.discard(t)
		b.replace()
	})
}

// reuseTimeout bounds moving a tab that rendered cleanly to a fresh origin.
// A renderer that answers does it in well under a second, even on a busy
// machine; one that does not is busy with what the page left running (a
// loop, once it printed), and its tab is discarded rather than waited for.
// A slow answer taken for that costs a tab opened, nothing more.
const reuseTimeout = 5 * time.Second

// reuse readies a tab for the next render, within reuseTimeout. Its page
// is still watched meanwhile: a script that allocates once its page has
// printed has its renderer killed past the limit like one that allocates
// before, which fails the reuse.
func (b *Browser) reuse(t *Tab) error {
	ctx, cancel := context.WithTimeout(b.browserCtx, reuseTimeout)
	defer cancel()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	b.watch.start(t, stop)
	defer b.watch.stop(t)
	if err := t.reuse(ctx); err != nil {
		if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
			return cause
		}
		return err
	}
	return nil
}

// discard ends a tab whose page may still be running. Its renderer, when
// known, is killed at once (no other tab shares it): a page spinning in a
// loop would otherwise hold a core until its target is gone. Closing the
// target and disposing of its browser context take a while with a stuck
// page, and happen in the background: the next render need not wait.
func (b *Browser) discard(t *Tab) {
	if t.pid > 0 && b.rss(t.pid) > 0 { // still the browser's, not a reused number
		_ = syscall.Kill(t.pid, syscall.SIGKILL)
	}
	b.wg.Go(func() {
		if t.pid == 0 {
			t.stop()
		}
		b.closeTab(t)
	})
}

// replaceTries is how many times a tab is opened in place of a discarded
// one before the browser, which cannot open one, is taken for sick.
const replaceTries = 3

// replace opens a tab in place of a discarded one, each try within a
// recycleTimeout of its own: a try that failed on a busy machine is tried
// again, and only a browser that cannot open a tab replaceTries times in a
// row is restarted (by the engine, seeing it fail).
func (b *Browser) replace() {
	var err error
	for try := 1; try <= replaceTries; try++ {
		ctx, cancel := context.WithTimeout(b.browserCtx, recycleTimeout)
		var t *Tab
		t, err = b.openTab(ctx)
		cancel()
		if err == nil {
			b.put(t)
			return
		}
		if b.Err() != nil {
			return // dead or closed already; the engine restarts it
		}
		b.log.Warn("chromium tab not replaced", "try", try, "of", replaceTries, "error", err)
	}
	b.log.Error("chromium cannot open a tab; restarting the browser", "error", err)
	b.fail(fmt.Errorf("replacing a tab: %w", err))
}

// OpenTabs is how many tabs the browser has open now, ready or not (0 once
// it is closed).
func (b *Browser) OpenTabs() int {
	b.tabsMu.Lock()
	defer b.tabsMu.Unlock()
	if b.closed {
		return 0
	}
	return len(b.tabs)
}

// put makes a tab ready for a render.
func (b *Browser) put(t *Tab) {
	b.readyMu.Lock()
	b.ready = append(b.ready, t)
	b.readyMu.Unlock()
	b.readyN <- struct{}{}
}

// recycleTimeout bounds one try to open a tab in place of one discarded:
// it takes a few seconds on a busy machine (a browser context, a
// navigation, the trace that finds its renderer, waiting for its turn when
// other tabs open at once).
const recycleTimeout = 30 * time.Second

// Close kills the browser's whole process group and waits for every
// goroutine it started.
func (b *Browser) Close() error {
	b.tabsMu.Lock()
	b.closed = true
	b.tabsMu.Unlock()
	b.fail(errors.New("chromium closed"))
	group := processGroup(b.pid)
	killGroup(b.pid)
	b.closeTargets()
	b.browserCancel()
	b.allocCancel() // waits for chromedp to reap the browser and remove its profile
	b.wg.Wait()
	reap(group)
	b.launch.cleanup()
	return nil
}
