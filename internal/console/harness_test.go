package console_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/console"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/render/chromium"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/testkit"
	"github.com/paprikahq/paprika/internal/webhook"
	"github.com/paprikahq/paprika/internal/worker"
)

const seedTiers = `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`

// shared holds what every test of the binary uses: one Chromium driven by
// the tests (each test in browser contexts of its own, so cookies never
// mix) and one render engine for the apis and workers under test.
var shared sharedParts

type sharedParts struct {
	once        sync.Once
	err         error
	allocCancel context.CancelFunc
	browser     context.Context
	cancel      context.CancelFunc
	engine      *render.Engine
}

func (s *sharedParts) close() {
	if s.cancel != nil {
		s.cancel()
		s.allocCancel()
	}
	if s.engine != nil {
		_ = s.engine.Close()
	}
}

// browser starts the shared Chromium on first use. A missing Chromium fails
// the test with the install command.
func browser(t *testing.T) context.Context {
	t.Helper()
	shared.once.Do(func() {
		path, err := chromium.FindPath(os.Getenv("PAPRIKA_CHROMIUM"))
		if err != nil {
			shared.err = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1280, 900),
			chromedp.Flag("disable-dev-shm-usage", true))
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err := chromedp.Do(bctx); err != nil {
			bcancel()
			acancel()
			shared.err = fmt.Errorf("starting chromium: %w", err)
			return
		}
		shared.allocCancel, shared.browser, shared.cancel = acancel, bctx, bcancel
		shared.engine = render.New(render.Config{Slots: 2})
	})
	if shared.err != nil {
		t.Fatalf("the browser tests need Chromium: %v", shared.err)
	}
	return shared.browser
}

// env is a real api with the console on real HTTP, a worker, on a fresh
// database.
type env struct {
	URL        string
	AdminToken string
	Pool       *pgxpool.Pool
	Handler    http.Handler // the api with the console mounted
	client     *http.Client
	logs       *syncBuffer
}

func setup(t *testing.T) *env {
	t.Helper()
	return setupTiers(t, seedTiers)
}

// setupTiers is setup with PAPRIKA_TIERS set to tiers.
func setupTiers(t *testing.T, tiers string) *env {
	t.Helper()
	return setupWith(t, tiers, true)
}

// setupIdle is setup without a worker: queued work stays queued.
func setupIdle(t *testing.T) *env {
	t.Helper()
	return setupWith(t, seedTiers, false)
}

func setupWith(t *testing.T, tiers string, withWorker bool) *env {
	t.Helper()
	browser(t)
	pool, url := pgtest.NewPool(t)
	vars := map[string]string{
		"PAPRIKA_DATABASE_URL": url,
		"PAPRIKA_ADMIN_TOKEN":  "adm_console_test_0123456789abcdef",
		"PAPRIKA_TIERS":        tiers,
		"PAPRIKA_DATA_DIR":     t.TempDir(),
		// The tests' webhook receivers listen on loopback.
		"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
	}
	cfg, err := config.Load(config.RoleAPI, func(k string) string { return vars[k] })
	require.NoError(t, err)
	e := &env{AdminToken: cfg.AdminToken, Pool: pool, logs: &syncBuffer{}, client: &http.Client{Timeout: 30 * time.Second}}
	log := slog.New(slog.NewJSONHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	srv := api.New(cfg, &postgres.Store{Pool: pool}, log, api.WithRenderer(shared.engine))
	h := srv.Handler()
	choices := make([]console.Tier, len(cfg.Tiers))
	for i, tr := range cfg.Tiers {
		choices[i] = console.Tier{Key: tr.Key, Name: tr.Name}
	}
	c := console.New(console.Config{Sessions: &postgres.Store{Pool: pool}, API: h, Identify: srv.Identify, Tiers: choices, Logger: log,
		SampleEvery: time.Second, Bodies: srv.Bodies()})
	e.Handler = c.Mount(h)
	hs := httptest.NewServer(e.Handler)
	t.Cleanup(hs.Close)
	e.URL = hs.URL
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", e.logs.String())
		}
	})
	if !withWorker {
		return e
	}

	w := worker.New(postgres.NewQueue(pool), worker.Config{
		Policy:   scheduler.Policy{Tiers: cfg.Tiers, WorkerTiers: cfg.Tiers.Names()},
		Slots:    2,
		Renderer: shared.engine,
		Outputs:  &storage.Files{Dir: cfg.DataDir},
		Logger:   log.With("process", "worker"),
		Poll:     100 * time.Millisecond,
		Grace:    2 * time.Second,
	})
	store := &postgres.Store{Pool: pool}
	deliverer := webhook.New(store, webhook.Config{Data: webhook.Payloads(store, cfg.Tiers),
		AllowHosts: cfg.WebhookAllowHosts, Logger: log.With("process", "deliverer"), Poll: 100 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 2)
	go func() { done <- w.Run(ctx) }()
	go func() { done <- deliverer.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		for range 2 {
			select {
			case err := <-done:
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Errorf("worker or deliverer: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Error("the worker or the deliverer did not stop within 15 s")
			}
		}
	})
	return e
}

// api calls the API over HTTP with a bearer token and decodes the JSON answer.
func (e *env) api(t *testing.T, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(t, err)
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequestWithContext(t.Context(), method, e.URL+path, rd)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var v map[string]any
	if len(b) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		require.NoError(t, json.Unmarshal(b, &v), "body: %s", b)
	}
	return resp.StatusCode, v
}

// tenant creates a tenant and a key of it with every scope; it returns the
// key's secret and id.
func (e *env) tenant(t *testing.T, id string) (secret, keyID string) {
	t.Helper()
	status, body := e.api(t, http.MethodPost, "/v1/admin/tenants", e.AdminToken, map[string]any{"id": id, "name": "Tenant " + id})
	require.Equal(t, http.StatusCreated, status, body)
	status, body = e.api(t, http.MethodPost, "/v1/admin/tenants/"+id+"/keys", e.AdminToken,
		map[string]any{"name": "studio", "scopes": []string{"render", "templates", "read"}})
	require.Equal(t, http.StatusCreated, status, body)
	return body["secret"].(string), body["id"].(string)
}

// tab is one browser context (its own cookies) with one page.
type tab struct {
	t   *testing.T
	ctx context.Context
	e   *env
}

// newTab opens a fresh browser context on the shared Chromium. Every page
// it loads records its CSP violations and uncaught errors, which check
// fails on.
func (e *env) newTab(t *testing.T) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser(t), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, e: e}
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		window.__problems = [];
		document.addEventListener("securitypolicyviolation", e => window.__problems.push("CSP " + e.violatedDirective + " " + e.blockedURI));
		window.addEventListener("error", e => window.__problems.push("error " + e.message));
	`})
	require.NoError(t, err)
	return tb
}

// do runs actions in the tab, each run bounded by a minute.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	require.NoError(tb.t, chromedp.Do(ctx, actions...))
}

// open loads a console path and waits for its body.
func (tb *tab) open(path string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(tb.e.URL+path), chromedp.WaitReady(chromedp.CSS("body")))
}

// evalAs evaluates a JavaScript expression, awaiting a promise.
func evalAs[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	require.NoError(tb.t, err, "evaluating %s", expr)
	return v
}

// text returns the text of the first element matching a CSS selector.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return evalAs[string](tb, `(document.querySelector(`+jsString(sel)+`) || {innerText: ""}).innerText`)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// waitFor polls a JavaScript condition until it is true.
func (tb *tab) waitFor(what, cond string) {
	tb.t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("waiting for %s (%s): not within 45 s; the page (%s) says:\n%s", what, cond,
				tb.path(), evalAs[string](tb, "document.body.innerText"))
		}
		time.Sleep(150 * time.Millisecond)
	}
}

// path returns the page's path and query.
func (tb *tab) path() string {
	tb.t.Helper()
	return evalAs[string](tb, "location.pathname + location.search")
}

// click clicks the element matching a CSS selector and waits for the page
// it leads to, when it leads to one.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(sel)))
}

// submit clicks a submit button and waits for the next page to load.
func (tb *tab) submit(sel string) {
	tb.t.Helper()
	evalAs[bool](tb, `(window.__before = true)`)
	tb.click(sel)
	tb.waitFor("the page after "+sel, `!window.__before && document.readyState === "complete"`)
}

// previewAs makes format the preview's format the playground remembers
// (the author's last choice), as choosing it there does.
func (tb *tab) previewAs(format string) {
	tb.t.Helper()
	evalAs[bool](tb, `(localStorage.setItem("paprika-preview-format", `+jsString(format)+`), true)`)
}

// signIn signs in with a secret through the form.
func (tb *tab) signIn(secret string) {
	tb.t.Helper()
	tb.open("/console/signin")
	tb.do(chromedp.SendKeys(chromedp.CSS("#secret"), secret))
	tb.submit(`button[type="submit"]`)
}

var axeSource = func() string {
	b, err := os.ReadFile(filepath.Join("testdata", "axe.min.js"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// check holds the page to what every page owes: no CSP violation or
// uncaught error, no violation of axe-core's rules, no horizontal scroll at
// 375 px; and when PAPRIKA_SCREENSHOTS is set, a screenshot of it into
// docs/console/NAME.png.
func (tb *tab) check(name string) {
	tb.t.Helper()
	problems := evalAs[[]string](tb, "window.__problems || []")
	require.Empty(tb.t, problems, "page %s", name)

	violations := evalAs[string](tb, axeSource+`;
		axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({
			id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`)
	require.Equal(tb.t, "[]", violations, "axe-core on page %s", name)

	tb.do(chromedp.EmulateViewport(375, 800))
	overflow := evalAs[int](tb, "document.documentElement.scrollWidth - window.innerWidth")
	tb.resetViewport()
	require.LessOrEqual(tb.t, overflow, 0, "page %s scrolls sideways at 375 px", name)

	tb.screenshot(name, 0)
}

// resetViewport ends a viewport emulation.
func (tb *tab) resetViewport() {
	tb.t.Helper()
	_, err := chromedp.Call(tb.ctx, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
	require.NoError(tb.t, err)
	tb.waitFor("the window's own width", `window.innerWidth > 375`)
}

// screenshot writes the page to docs/console/NAME.png when
// PAPRIKA_SCREENSHOTS is set and name is not "", at width px (0: the
// window's 1280).
func (tb *tab) screenshot(name string, width int64) {
	tb.t.Helper()
	if os.Getenv("PAPRIKA_SCREENSHOTS") == "" || name == "" {
		return
	}
	if width > 0 {
		tb.do(chromedp.EmulateViewport(width, 800))
		defer tb.resetViewport()
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(tb.t, err)
	dir := filepath.Join("..", "..", "docs", "console")
	require.NoError(tb.t, os.MkdirAll(dir, 0o755))
	require.NoError(tb.t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
}

// syncBuffer is written by the servers while a test reads it.
type syncBuffer = testkit.SyncBuffer

func itoa(n int) string { return strconv.Itoa(n) }

// confirming answers the page's confirmation dialogs (data-confirm) with
// yes or no, recording each question in window.__asked, until the page
// changes.
func (tb *tab) confirming(yes bool) {
	tb.t.Helper()
	evalAs[bool](tb, `(() => { window.__asked = []; window.confirm = (q) => { window.__asked.push(q); return `+strconv.FormatBool(yes)+`; }; return true; })()`)
}

// fetchBytes fetches a console URL from the page (with its cookie) and
// returns its status and body.
func (tb *tab) fetchBytes(url string) (int, []byte) {
	tb.t.Helper()
	got := evalAs[struct {
		Status int    `json:"status"`
		Body   string `json:"body"`
	}](tb, `fetch(`+jsString(url)+`).then(async r => { const b = new Uint8Array(await r.arrayBuffer()); let s = "";
		for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
		return {status: r.status, body: btoa(s)}; })`)
	body, err := base64.StdEncoding.DecodeString(got.Body)
	require.NoError(tb.t, err)
	return got.Status, body
}
