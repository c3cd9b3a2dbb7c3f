package chromium

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if _, err := FindPath(os.Getenv("PAPRIKA_CHROMIUM")); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err) // a failure, not a skip
		os.Exit(1)
	}
	goleak.VerifyTestMain(m)
}

func TestAllowList(t *testing.T) {
	t.Parallel()
	rules, err := parseHosts([]string{"Fonts.example.com", "10.0.0.7:8080", "[::1]:9000", " "})
	require.NoError(t, err)
	require.Len(t, rules, 3)
	for u, want := range map[string]bool{
		"https://fonts.example.com/a.woff2": true,
		"http://fonts.example.com:81/":      true,
		"wss://fonts.example.com/socket":    true,
		"http://10.0.0.7:8080/x":            true,
		"http://10.0.0.7/x":                 false,
		"http://[::1]:9000/":                true,
		"http://evil.example.com/":          false,
		"http://fonts.example.com.evil/":    false,
		"file:///etc/passwd":                false,
		"ftp://fonts.example.com/":          false,
	} {
		parsed, err := url.Parse(u)
		require.NoError(t, err)
		require.Equal(t, want, allows(rules, parsed), u)
	}
	require.Equal(t, "<-loopback>;fonts.example.com;10.0.0.7:8080;[::1]:9000", bypassList(rules))
	require.Equal(t, "MAP * ~NOTFOUND , EXCLUDE fonts.example.com , EXCLUDE 10.0.0.7 , EXCLUDE ::1", resolverRules(rules))
	require.Contains(t, csp(rules), "http://fonts.example.com:* https://fonts.example.com:*")
	require.Contains(t, csp(rules), "ws://10.0.0.7:8080")
	require.Contains(t, csp(nil), "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'; form-action 'none'")

	for _, bad := range []string{"https://example.com", "example.com/path", "*.example.com", "user@example.com"} {
		_, err := parseHosts([]string{bad})
		require.Error(t, err, bad)
	}
}

func TestHasScripts(t *testing.T) {
	t.Parallel()
	for html, want := range map[string]bool{
		"<p>plain</p><style>p{color:red}</style>":                    false,
		"<p>one = two, done=1</p>":                                   false,
		"<SCRIPT>x()</SCRIPT>":                                       true,
		`<img src=x onerror="alert(1)">`:                             true,
		`<svg/onload=alert(1)>`:                                      true,
		`<a href="JavaScript:alert(1)">x</a>`:                        true,
		`<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>`: true,
		`<object data="x.svg"></object>`:                             true,
	} {
		require.Equal(t, want, HasScripts(html), html)
	}
}

func TestWithTitle(t *testing.T) {
	t.Parallel()
	require.Equal(t, "<title>&#8203;</title><p>x</p>", withTitle("<p>x</p>"))
	require.Equal(t, "<!DOCTYPE html><title>&#8203;</title><p>x</p>", withTitle("<!DOCTYPE html><p>x</p>"))
	require.Equal(t, "<title>Mine</title>", withTitle("<title>Mine</title>"))
}

// TestUsedOriginIsCleared checks that what a page stored is deleted when
// its tab moves on, and that the tab's next page is on another origin.
func TestUsedOriginIsCleared(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 1}, time.Minute)

	tab, err := b.Acquire(ctx)
	require.NoError(t, err)
	used := tab.Origin()
	pdf, pages, err := tab.PDF(ctx, Page{
		HTML:    `<script>document.cookie = "k=v; max-age=999"; localStorage.setItem("k", "v"); window.done = true</script><p>x</p>`,
		Scripts: true, WaitFor: "window.done",
	}, page.PrintToPDFParams{})
	require.NoError(t, err)
	require.Equal(t, 1, pages)
	require.Equal(t, pages, CountPages(pdf))
	// The tab's own browser context holds its cookies.
	cookies, err := cdp.Call(ctx, b.session(), storage.GetCookies, storage.GetCookiesParams{BrowserContextID: tab.context})
	require.NoError(t, err)
	require.Len(t, cookies.Cookies, 1)

	b.Release(tab, true)
	tab, err = b.Acquire(ctx)
	require.NoError(t, err)
	require.NotEqual(t, used, tab.Origin())
	cookies, err = cdp.Call(ctx, b.session(), storage.GetCookies, storage.GetCookiesParams{BrowserContextID: tab.context})
	require.NoError(t, err)
	require.Empty(t, cookies.Cookies)
	usage, err := cdp.Call(ctx, tab.session, storage.GetUsageAndQuota, storage.GetUsageAndQuotaParams{Origin: used})
	require.NoError(t, err)
	require.Zero(t, usage.Usage)
	b.Release(tab, true)
}

// TestPageCrash checks that a render whose page crashes fails at once,
// and that its tab is replaced.
func TestPageCrash(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 1}, time.Minute)

	tab, err := b.Acquire(ctx)
	require.NoError(t, err)
	go func() {
		time.Sleep(300 * time.Millisecond)
		cdp.Call(ctx, tab.session, page.Crash, cdp.Empty{})
	}()
	// ErrPageCrashed, not ctx's deadline: the crash ends the wait for a
	// WaitFor that never comes true.
	_, _, err = tab.PDF(ctx, Page{HTML: "<p>x</p>", WaitFor: "false"}, page.PrintToPDFParams{})
	require.ErrorIs(t, err, ErrPageCrashed)
	b.Release(tab, false)

	tab, err = b.Acquire(ctx)
	require.NoError(t, err)
	_, pages, err := tab.PDF(ctx, Page{HTML: "<p>after</p>"}, page.PrintToPDFParams{})
	require.NoError(t, err)
	require.Equal(t, 1, pages)
	b.Release(tab, true)
}

// TestTabsOpenOnDemand checks that a browser starts with one tab, opens
// more only while renders hold every open one, never more than Tabs, and
// hands a released tab to a render waiting at the cap.
func TestTabsOpenOnDemand(t *testing.T) {
	t.Parallel()
	ctx, b := startBrowser(t, Config{Tabs: 3}, time.Minute)
	require.Equal(t, 1, b.OpenTabs())

	first, err := b.Acquire(ctx)
	require.NoError(t, err)
	b.Release(first, true)
	again, err := b.Acquire(ctx)
	require.NoError(t, err)
	require.Same(t, first, again, "a free warm tab is taken before a new one opens")
	require.Equal(t, 1, b.OpenTabs())

	second, err := b.Acquire(ctx)
	require.NoError(t, err)
	third, err := b.Acquire(ctx)
	require.NoError(t, err)
	require.Equal(t, 3, b.OpenTabs())

	short, stop := context.WithTimeout(ctx, 300*time.Millisecond)
	_, err = b.Acquire(short)
	stop()
	require.ErrorIs(t, err, context.DeadlineExceeded, "at the cap a render waits for a tab")
	require.Equal(t, 3, b.OpenTabs())

	got := make(chan *Tab, 1)
	go func() {
		tab, err := b.Acquire(ctx)
		if err == nil {
			got <- tab
		}
	}()
	b.Release(second, true)
	select {
	case tab := <-got:
		require.Same(t, second, tab)
	case <-ctx.Done():
		t.Fatal("the released tab never reached the waiting render")
	}
	require.Equal(t, 3, b.OpenTabs())
	b.Release(again, true)
	b.Release(third, true)
	b.Release(second, true)
}

// A start that its context cuts short, at any point of it, returns, and
// leaves neither a Chromium process nor a profile behind. Cut before
// chromedp took its browser, the start used to cancel chromedp twice, and
// the second cancel waited forever: a process stopping while Chromium
// started never stopped. Not parallel: it counts this process's profiles.
func TestStartCutShort(t *testing.T) {
	mine := profilePrefix + strconv.Itoa(os.Getpid()) + "-"
	for _, after := range []time.Duration{0, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond,
		30 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond, time.Second, 3 * time.Second} {
		ctx, cancel := context.WithCancel(context.Background())
		cut := time.AfterFunc(after, cancel)
		returned := make(chan *Browser, 1)
		go func() {
			b, _ := Start(ctx, Config{Path: os.Getenv("PAPRIKA_CHROMIUM"), Tabs: 2})
			returned <- b
		}()
		select {
		case b := <-returned:
			if b != nil { // it started before the cut
				require.NoError(t, b.Close())
			}
		case <-time.After(time.Minute):
			t.Fatalf("a start cut after %v did not return", after)
		}
		cut.Stop()
		cancel()
		// Close kills the browser's processes with SIGKILL, and a killed
		// process leaves /proc a moment later.
		waitGone := time.Now().Add(10 * time.Second)
		for len(leftovers(t, mine)) > 0 && time.Now().Before(waitGone) {
			time.Sleep(50 * time.Millisecond)
		}
		require.Empty(t, leftovers(t, mine), "cut after %v", after)
	}
}

// leftovers are the profile directories named prefix… in the temporary
// directory, and the processes started with one of them.
func leftovers(t *testing.T, prefix string) []string {
	t.Helper()
	var found []string
	entries, err := os.ReadDir(os.TempDir())
	require.NoError(t, err)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			found = append(found, "profile "+e.Name())
		}
	}
	procs, err := os.ReadDir("/proc")
	require.NoError(t, err)
	for _, p := range procs {
		cmdline, err := os.ReadFile(filepath.Join("/proc", p.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmdline, []byte("/"+prefix)) {
			found = append(found, "process "+p.Name())
		}
	}
	return found
}

// TestLostConnectionIsDeathBeforeTheContextEnds checks the order
// TestKilledBrowserIsDeadWhenACallFails depends on, deterministically:
// chromedp closes LostConnection first and cancels the browser's context
// later, from a goroutine of its own, and in between the browser is dead.
func TestLostConnectionIsDeathBeforeTheContextEnds(t *testing.T) {
	lost := make(chan struct{})
	b := &Browser{browserCtx: context.Background(), lost: lost, dead: make(chan struct{})}
	require.NoError(t, b.Err(), "connected")
	close(lost)
	require.Error(t, b.Err(), "the connection is lost, the context not yet canceled")
	select {
	case <-b.Done():
	default:
		t.Fatal("Done is not closed")
	}
}

// TestKilledBrowserIsDeadWhenACallFails checks that a browser whose
// process was killed reports itself dead (Err) as soon as a call on it
// fails for the lost connection, not later: the engine decides from Err
// whether to restart Chromium, and a render retried on a browser not yet
// known dead failed again (a 502 for one crash, in CI).
func TestKilledBrowserIsDeadWhenACallFails(t *testing.T) {
	t.Parallel()
	for i := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		b, err := Start(ctx, Config{Path: os.Getenv("PAPRIKA_CHROMIUM"), Tabs: 1})
		require.NoError(t, err)
		tab, err := b.Acquire(ctx)
		require.NoError(t, err)
		require.NoError(t, syscall.Kill(-b.Pid(), syscall.SIGKILL))
		for {
			_, err := cdp.Call(ctx, tab.session, page.GetFrameTree, cdp.Empty{})
			if err != nil {
				require.Error(t, b.Err(), "run %d: a call failed (%v) but the browser is not dead", i, err)
				break
			}
		}
		b.Release(tab, false)
		b.Close()
		cancel()
	}
}

// startBrowser starts the test's Chromium (PAPRIKA_CHROMIUM) with cfg and
// a context of limit, both ended with the test.
func startBrowser(t *testing.T, cfg Config, limit time.Duration) (context.Context, *Browser) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	cfg.Path = os.Getenv("PAPRIKA_CHROMIUM")
	b, err := Start(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	return ctx, b
}
