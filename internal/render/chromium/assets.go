package chromium

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Assets are the tenant's assets a render's page may load, by the relative
// URL assets/NAME (which resolves to the render's own origin,
// http://r….t….invalid/assets/NAME): the interceptor answers those
// requests itself, from Open, and nothing goes to the network.
type Assets interface {
	// Open returns the asset's content type and bytes, or ErrNoAsset.
	Open(ctx context.Context, name string) (contentType string, body []byte, err error)
}

// ErrNoAsset says a render's tenant has no asset of that name.
var ErrNoAsset = errors.New("no such asset")

// assetPath is where a page's assets are, on its origin.
const assetPath = "/assets/"

// maxMissingNamed bounds the missing names a render's error lists.
const maxMissingNamed = 5

// maxQueuedName bounds the name a queued request keeps: that of the
// longest asset name, so that a URL of megabytes waits as a few hundred
// bytes.
const maxQueuedName = 512

// assetServing is one render's assets, as the interceptor serves them to
// the render's origin while it runs, and what the page asked for.
type assetServing struct {
	ctx    context.Context // the render's: a read ends with it
	cancel context.CancelCauseFunc
	assets Assets // nil: the render has none, every name is missing
	budget int64  // Page.AssetBytes
	queue  assetQueue

	mu      sync.Mutex
	ended   bool     // the render is over: what is left is failed
	used    bool     // the page asked for an asset: its origin is not reused
	served  int64    // bytes of assets answered, each answer counted
	missing []string // names asked for that do not exist, in order, once each
	failed  error    // the first asset that could not be read
	limit   error    // the render went past a limit of its assets: it fails with this
}

// serveAssets serves p's assets to the tab's origin until end is called.
// The context it returns is ctx, canceled when the page goes past a limit
// of its assets (Page.AssetBytes, maxPendingAssets).
func (t *Tab) serveAssets(ctx context.Context, p Page) (context.Context, *assetServing) {
	ctx, cancel := context.WithCancelCause(ctx)
	s := &assetServing{ctx: ctx, cancel: cancel, assets: p.Assets, budget: p.AssetBytes}
	host := strings.TrimPrefix(t.origin, "http://")
	t.b.intercept.mu.Lock()
	t.b.intercept.assets[host] = s
	t.b.intercept.mu.Unlock()
	return ctx, s
}

// end stops serving the render's assets, and returns the render's error:
// a limit of its assets first (render-limit: what else failed most likely
// failed because the render was stopped); then a missing asset, the
// template's (an InputError naming it), ahead of whatever else failed, as
// the page most likely failed for lack of it; an asset that could not be
// read fails the render as the service's. A page that loaded assets
// leaves its origin, so that no cache of Chromium's can answer the next
// render's request of the same URL. Requests still waiting are failed.
func (s *assetServing) end(t *Tab, err error) error {
	host := strings.TrimPrefix(t.origin, "http://")
	t.b.intercept.mu.Lock()
	if t.b.intercept.assets[host] == s {
		delete(t.b.intercept.assets, host)
	}
	t.b.intercept.mu.Unlock()
	// ctx is not canceled here but with the render's, after: the cause
	// of the render's end (a crash, the page's memory) is read from it.
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = true
	if s.used {
		t.dirty = true
	}
	switch {
	case s.limit != nil:
		return s.limit
	case len(s.missing) == 1:
		return &InputError{Msg: fmt.Sprintf("asset %q does not exist (the page asked for assets/%s); upload it with PUT /v1/assets/NAME",
			s.missing[0], s.missing[0])}
	case len(s.missing) > 1:
		quoted := make([]string, len(s.missing))
		for i, n := range s.missing {
			quoted[i] = fmt.Sprintf("%q", n)
		}
		return &InputError{Msg: "assets " + strings.Join(quoted, ", ") + " do not exist; upload them with PUT /v1/assets/NAME"}
	case s.failed != nil && err == nil:
		return s.failed
	}
	return err
}

// miss records a name the page asked for that does not exist.
func (s *assetServing) miss(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used = true
	for _, m := range s.missing {
		if m == name {
			return
		}
	}
	if len(s.missing) < maxMissingNamed {
		s.missing = append(s.missing, name)
	}
}

func (s *assetServing) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used = true
	if s.failed == nil {
		s.failed = err
	}
}

// stop fails the render with err, a limit of its assets, at once.
func (s *assetServing) stop(err error) {
	s.mu.Lock()
	if s.limit == nil {
		s.limit = err
	}
	s.used = true
	s.mu.Unlock()
	s.cancel(err)
}

// charge counts an answer of n bytes toward the render's budget, and
// reports whether it is within it; past it, the render fails.
func (s *assetServing) charge(n int) bool {
	s.mu.Lock()
	s.used = true
	over := s.budget > 0 && s.served+int64(n) > s.budget
	if !over {
		s.served += int64(n)
	}
	s.mu.Unlock()
	if over {
		s.stop(&paprika.Error{Code: paprika.CodeRenderLimit, Message: fmt.Sprintf(
			"the page was served more than %s of assets (each time it loads one counts, under any query string)", paprika.FormatBytes(s.budget))})
	}
	return !over
}

// done reports whether the render is over or past a limit: its requests
// are failed, not answered.
func (s *assetServing) done() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ended || s.limit != nil
}

// assetRequest returns the render serving u's origin and the asset name
// u asks for, when u is a request for an asset of a render's origin.
func (i *interceptor) assetRequest(u *url.URL) (*assetServing, string, bool) {
	if u.Scheme != "http" {
		return nil, "", false
	}
	name, ok := strings.CutPrefix(u.Path, assetPath)
	if !ok {
		return nil, "", false
	}
	i.mu.Lock()
	s := i.assets[u.Host]
	i.mu.Unlock()
	return s, name, s != nil
}

// queueAsset puts a request for one of a render's assets in the render's
// queue, and starts a goroutine to answer it if the render has fewer than
// renderAnswers. A render with maxPendingAssets requests waiting fails.
func (i *interceptor) queueAsset(ctx context.Context, wg *sync.WaitGroup, s *assetServing, id fetch.RequestID, name string) {
	if len(name) > maxQueuedName {
		name = name[:maxQueuedName] + "…" // no asset's name, and never one once cut
	}
	start, full := s.queue.push(assetRequestPaused{id: string(id), name: strings.Clone(name)})
	if full {
		// Not answered: the render fails, and its tab, closed, takes the
		// request with it.
		s.stop(&paprika.Error{Code: paprika.CodeRenderLimit, Message: fmt.Sprintf(
			"the page asked for more than %d assets at once", maxPendingAssets)})
		return
	}
	if start {
		wg.Go(func() {
			for r, ok := s.queue.next(); ok; r, ok = s.queue.next() {
				if err := i.answerAsset(ctx, r, s); err != nil && ctx.Err() == nil {
					i.log.DebugContext(ctx, "chromium asset request not answered", "asset", truncate(r.name), "error", err)
				}
			}
		})
	}
}

// answerAsset answers a page's request for one of its render's assets:
// the bytes with their content type, or 404 for a name that does not exist
// (which fails the render, see end). The answer counts toward the render's
// budget (charge) and waits for room in the process's (reserve); a render
// that is over, or past its budget, gets its requests failed.
func (i *interceptor) answerAsset(ctx context.Context, r assetRequestPaused, s *assetServing) error {
	id := fetch.RequestID(r.id)
	if s.done() {
		return i.failRequest(ctx, id)
	}
	var contentType string
	var body []byte
	var err error
	switch {
	case !paprika.ValidAssetName(r.name):
		err = ErrNoAsset
	case s.assets == nil:
		err = ErrNoAsset
	default:
		contentType, body, err = s.assets.Open(s.ctx, r.name)
	}
	var limit *paprika.Error
	switch {
	case errors.Is(err, ErrNoAsset):
		s.miss(truncate(r.name))
		_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: id, ResponseCode: 404, ResponseHeaders: []*fetch.HeaderEntry{{Name: "Cache-Control", Value: "no-store"}},
		})
		return err
	case errors.As(err, &limit) && limit.Code == paprika.CodeRenderLimit:
		// A limit of the render's assets (lookups of names).
		s.stop(limit)
		return i.failRequest(ctx, id)
	case err != nil && s.ctx.Err() != nil:
		return i.failRequest(ctx, id) // the render is over
	case err != nil:
		// The store's failure, not the page's nor Chromium's: render-failed
		// (retried), never counted against the browser; the cause is the
		// operator's, in the log.
		i.log.WarnContext(ctx, "asset not read", "asset", truncate(r.name), "error", err)
		s.fail(&paprika.Error{Code: paprika.CodeRenderFailed,
			Message: fmt.Sprintf("asset %q could not be read from the output store; try again shortly", r.name)})
		return i.failRequest(ctx, id)
	}
	if !s.charge(len(body)) {
		return i.failRequest(ctx, id)
	}
	release, err := reserve(s.ctx, answerWeight(len(body)))
	if err != nil {
		return i.failRequest(ctx, id) // the render ended while it waited
	}
	defer release()
	// ctx, the browser's, not the render's: the call returns once
	// Chromium has the answer, when chromedp holds it no more.
	_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
		RequestID: id, ResponseCode: 200, Body: body,
		ResponseHeaders: []*fetch.HeaderEntry{
			{Name: "Content-Type", Value: contentType},
			{Name: "Cache-Control", Value: "no-store"},
			{Name: "X-Content-Type-Options", Value: "nosniff"},
		},
	})
	return err
}

// failRequest fails a paused request, as the network would.
func (i *interceptor) failRequest(ctx context.Context, id fetch.RequestID) error {
	_, err := cdp.Call(ctx, i.session, fetch.FailRequest, fetch.FailRequestParams{
		RequestID: id, ErrorReason: network.ErrorReasonFailed,
	})
	return err
}
