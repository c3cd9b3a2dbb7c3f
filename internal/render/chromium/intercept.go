package chromium

import (
	"context"
	"fmt"
	"iter"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
)

// hostRule is an allow-listed host, with or without a port.
type hostRule struct {
	host string // lower case; IPv6 without brackets
	port string // "" for any port
}

func (h hostRule) String() string {
	host := h.host
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if h.port == "" {
		return host
	}
	return host + ":" + h.port
}

// parseHosts reads allow-list entries: "example.com", "example.com:8443",
// "10.0.0.7:80", "[::1]:8080". Schemes, paths and wildcards are refused.
func parseHosts(entries []string) ([]hostRule, error) {
	var rules []hostRule
	for _, e := range entries {
		e = strings.ToLower(strings.TrimSpace(e))
		if e == "" {
			continue
		}
		h := hostRule{host: e}
		if host, port, err := net.SplitHostPort(e); err == nil {
			h = hostRule{host: host, port: port}
		}
		h.host = strings.Trim(h.host, "[]")
		if strings.ContainsAny(h.host, "/*?#@ ") || h.host == "" || strings.Contains(e, "://") {
			return nil, fmt.Errorf("allowed host %q is not a host or host:port", e)
		}
		rules = append(rules, h)
	}
	return rules, nil
}

// allows reports whether a request to u may go to the network.
func allows(rules []hostRule, u *url.URL) bool {
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "http", "ws":
			port = "80"
		case "https", "wss":
			port = "443"
		}
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss":
	default:
		return false
	}
	for _, r := range rules {
		if r.host == host && (r.port == "" || r.port == port) {
			return true
		}
	}
	return false
}

// csp is the Content-Security-Policy of every document: scripts and styles
// inline, data: and blob: URLs, its own origin, allow-listed hosts, and
// nothing else. It stops most requests before they are made; the
// interceptor and the dead proxy stop the rest.
func csp(rules []hostRule) string {
	sources := []string{"'self'", "data:", "blob:", "'unsafe-inline'", "'unsafe-eval'"}
	for _, r := range rules {
		port := r.port
		if port == "" {
			port = "*"
		}
		host := hostRule{host: r.host}.String()
		for _, scheme := range []string{"http", "https", "ws", "wss"} {
			sources = append(sources, scheme+"://"+host+":"+port)
		}
	}
	return "default-src " + strings.Join(sources, " ") + "; form-action 'none'"
}

// shellHTML is the empty document a tab waits on between renders; a render
// replaces its content, keeping its origin and its policy.
const shellHTML = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body></body></html>`

// interceptor answers every request Chromium makes: the shell document of
// an origin a tab is being readied on, once; a render's assets/NAME on its
// own origin, from its tenant's assets (assets.go); allow-listed hosts go
// on to the network; everything else fails. A navigation away from a document
// is answered 204 No Content, which leaves the document in place.
type interceptor struct {
	session cdp.Session
	rules   []hostRule
	log     *slog.Logger
	headers []*fetch.HeaderEntry

	mu      sync.Mutex
	pending map[string]bool          // hosts whose shell is yet to be served
	assets  map[string]*assetServing // renders' assets, by their origin's host (assets.go)
}

func newInterceptor(s cdp.Session, rules []hostRule, log *slog.Logger) *interceptor {
	return &interceptor{
		session: s,
		rules:   rules,
		log:     log,
		pending: map[string]bool{},
		assets:  map[string]*assetServing{},
		headers: []*fetch.HeaderEntry{
			{Name: "Content-Type", Value: "text/html; charset=utf-8"},
			{Name: "Content-Security-Policy", Value: csp(rules)},
			{Name: "Cache-Control", Value: "no-store"},
			{Name: "Referrer-Policy", Value: "no-referrer"},
		},
	}
}

// expect makes the next request for http://host/ get the shell.
func (i *interceptor) expect(host string) {
	i.mu.Lock()
	i.pending[host] = true
	i.mu.Unlock()
}

// forget drops an expectation that was not met.
func (i *interceptor) forget(host string) {
	i.mu.Lock()
	delete(i.pending, host)
	i.mu.Unlock()
}

func (i *interceptor) take(u *url.URL) bool {
	if u.Scheme != "http" || u.Path != "/" || u.RawQuery != "" {
		return false
	}
	i.mu.Lock()
	defer i.mu.Unlock()
	if !i.pending[u.Host] {
		return false
	}
	delete(i.pending, u.Host)
	return true
}

// run answers paused requests until ctx ends, several at once so that a
// page loading many resources is not answered one at a time, and never
// more at once than answers.go allows: a render's assets on at most
// renderAnswers goroutines of its own, every other request on at most
// otherAnswers goroutines of the whole browser.
func (i *interceptor) run(ctx context.Context, events iter.Seq2[fetch.EventRequestPaused, error]) {
	var wg sync.WaitGroup
	defer wg.Wait()
	others := make(chan struct{}, otherAnswers)
	for ev, err := range events {
		if err != nil {
			return
		}
		u, perr := url.Parse(ev.Request.URL)
		if perr == nil && ev.ResourceType != network.ResourceTypeDocument {
			if s, name, ok := i.assetRequest(u); ok {
				// A render's own asset, from its tenant's assets: never
				// the network. (A navigation to one is answered as any
				// other, and leaves the document in place.)
				i.queueAsset(ctx, &wg, s, ev.RequestID, name)
				continue
			}
		}
		select {
		case others <- struct{}{}:
		case <-ctx.Done():
			return
		}
		wg.Go(func() {
			defer func() { <-others }()
			i.answer(ctx, ev, u, perr)
		})
	}
}

// answer answers a request that is not for a render's asset.
func (i *interceptor) answer(ctx context.Context, ev fetch.EventRequestPaused, u *url.URL, perr error) {
	var err error
	switch {
	case perr == nil && ev.ResourceType == network.ResourceTypeDocument && i.take(u):
		_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: ev.RequestID, ResponseCode: 200, ResponseHeaders: i.headers, Body: []byte(shellHTML),
		})
	case perr == nil && allows(i.rules, u):
		_, err = cdp.Call(ctx, i.session, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
	case ev.ResourceType == network.ResourceTypeDocument:
		i.log.DebugContext(ctx, "chromium navigation blocked", "url", truncate(ev.Request.URL))
		_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: ev.RequestID, ResponseCode: 204,
		})
	default:
		i.log.DebugContext(ctx, "chromium request blocked", "url", truncate(ev.Request.URL), "type", ev.ResourceType)
		_, err = cdp.Call(ctx, i.session, fetch.FailRequest, fetch.FailRequestParams{
			RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient,
		})
	}
	if err != nil && ctx.Err() == nil {
		// The page may have gone meanwhile; nothing to do.
		i.log.DebugContext(ctx, "chromium request not answered", "url", truncate(ev.Request.URL), "error", err)
	}
}

func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
