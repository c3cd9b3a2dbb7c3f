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

// assetServing is one render's assets, as the interceptor serves them to
// the render's origin while it runs, and what the page asked for.
type assetServing struct {
	ctx    context.Context // the render's: a read ends with it
	assets Assets          // nil: the render has none, every name is missing

	mu      sync.Mutex
	used    bool     // the page asked for an asset: its origin is not reused
	missing []string // names asked for that do not exist, in order, once each
	failed  error    // the first asset that could not be read
}

// serveAssets serves p's assets to the tab's origin until end is called.
func (t *Tab) serveAssets(ctx context.Context, p Page) *assetServing {
	s := &assetServing{ctx: ctx, assets: p.Assets}
	host := strings.TrimPrefix(t.origin, "http://")
	t.b.intercept.mu.Lock()
	t.b.intercept.assets[host] = s
	t.b.intercept.mu.Unlock()
	return s
}

// end stops serving the render's assets, and returns the render's error:
// a missing asset is the template's (an InputError naming it), ahead of
// whatever else failed, as the page most likely failed for lack of it; an
// asset that could not be read fails the render as the service's. A page
// that loaded assets leaves its origin, so that no cache of Chromium's can
// answer the next render's request of the same URL.
func (s *assetServing) end(t *Tab, err error) error {
	host := strings.TrimPrefix(t.origin, "http://")
	t.b.intercept.mu.Lock()
	if t.b.intercept.assets[host] == s {
		delete(t.b.intercept.assets, host)
	}
	t.b.intercept.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.used {
		t.dirty = true
	}
	switch {
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

// answerAsset answers a page's request for one of its render's assets:
// the bytes with their content type, or 404 for a name that does not exist
// (which fails the render, see end).
func (i *interceptor) answerAsset(ctx context.Context, ev fetch.EventRequestPaused, s *assetServing, name string) error {
	var contentType string
	var body []byte
	var err error
	switch {
	case !paprika.ValidAssetName(name):
		err = ErrNoAsset
	case s.assets == nil:
		err = ErrNoAsset
	default:
		contentType, body, err = s.assets.Open(s.ctx, name)
	}
	if err != nil {
		if errors.Is(err, ErrNoAsset) {
			s.miss(truncate(name))
			_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
				RequestID: ev.RequestID, ResponseCode: 404, ResponseHeaders: []*fetch.HeaderEntry{{Name: "Cache-Control", Value: "no-store"}},
			})
			return err
		}
		// The store's failure, not the page's nor Chromium's: render-failed
		// (retried), never counted against the browser; the cause is the
		// operator's, in the log.
		i.log.WarnContext(ctx, "asset not read", "asset", truncate(name), "error", err)
		s.fail(&paprika.Error{Code: paprika.CodeRenderFailed,
			Message: fmt.Sprintf("asset %q could not be read from the output store; try again shortly", name)})
		_, err = cdp.Call(ctx, i.session, fetch.FailRequest, fetch.FailRequestParams{
			RequestID: ev.RequestID, ErrorReason: network.ErrorReasonFailed,
		})
		return err
	}
	s.mu.Lock()
	s.used = true
	s.mu.Unlock()
	_, err = cdp.Call(ctx, i.session, fetch.FulfillRequest, fetch.FulfillRequestParams{
		RequestID: ev.RequestID, ResponseCode: 200, Body: body,
		ResponseHeaders: []*fetch.HeaderEntry{
			{Name: "Content-Type", Value: contentType},
			{Name: "Cache-Control", Value: "no-store"},
			{Name: "X-Content-Type-Options", Value: "nosniff"},
		},
	})
	return err
}
