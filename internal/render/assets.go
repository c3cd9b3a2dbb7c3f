package render

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

// Assets are the tenant's assets a render's page loads by the relative URL
// assets/NAME ({{asset "NAME"}} writes it): Chromium's interceptor answers
// those requests from Open, with no network. A name that does not exist
// fails the render with template-error naming it. NewAssets makes them.
type Assets interface {
	// Open returns the asset's content type and bytes, or ErrNoAsset.
	Open(ctx context.Context, name string) (contentType string, body []byte, err error)
}

// ErrNoAsset says the render's tenant has no asset of that name.
var ErrNoAsset = chromium.ErrNoAsset

// AssetReader reads the bytes of one asset (its TenantID and Object name
// where they are stored).
type AssetReader func(ctx context.Context, a paprika.Asset) ([]byte, error)

// AssetLookup returns those of names the render's tenant has assets of,
// as they are now; a name it has none of is not returned.
type AssetLookup func(ctx context.Context, names []string) ([]paprika.Asset, error)

// Bounds of a render's lookups of its tenant's assets.
const (
	// maxNamedAssets bounds the names of the rendered HTML looked up at
	// once, when the render starts; the others are looked up when the
	// page asks for them.
	maxNamedAssets = 10000
	// maxAssetLookups bounds the names a render looks up one at a time,
	// those its HTML does not name (a stylesheet's fonts, what a script
	// builds): past it, the render fails with render-limit.
	maxAssetLookups = 100
)

// NewAssets returns a render's assets, looked up with lookup, their bytes
// read through the process's cache by sha256, and read with read on a
// miss. The index is not read whole: when the render starts (before the
// page loads), the names its HTML refers to (assets/NAME) are looked up
// in one call, and the render uses those assets as they are then (a
// replace after it is not seen by the render, which reads the bytes the
// lookup named); a name the page asks for later, that its HTML does not
// name, is looked up when it is asked for, at most maxAssetLookups of them.
func NewAssets(lookup AssetLookup, read AssetReader) Assets {
	return &assetSet{lookup: lookup, read: read, cache: processAssets, byName: map[string]*paprika.Asset{}}
}

// assetSet is one render's assets.
type assetSet struct {
	lookup AssetLookup
	read   AssetReader
	cache  *assetCache

	mu      sync.Mutex
	byName  map[string]*paprika.Asset // looked up: nil for a name the tenant has no asset of
	lookups int                       // names looked up one at a time
}

// assetRefRE finds the names a document refers to as assets: assets/NAME,
// as {{asset}} writes it, in an attribute or a style's url().
var assetRefRE = regexp.MustCompile(`assets/([A-Za-z0-9][A-Za-z0-9._/-]*)`)

// resolve looks up, in one call, the names html refers to that are not
// looked up yet.
func (s *assetSet) resolve(ctx context.Context, html string) error {
	var names []string
	seen := map[string]bool{}
	s.mu.Lock()
	for _, m := range assetRefRE.FindAllStringSubmatch(html, -1) {
		name := strings.TrimRight(m[1], "./")
		if _, ok := s.byName[name]; ok || seen[name] || !paprika.ValidAssetName(name) {
			continue
		}
		seen[name] = true
		names = append(names, name)
		if len(names) == maxNamedAssets {
			break
		}
	}
	s.mu.Unlock()
	if len(names) == 0 {
		return nil
	}
	return s.lookUp(ctx, names)
}

// lookUp looks names up, and keeps what it finds, and what it does not.
func (s *assetSet) lookUp(ctx context.Context, names []string) error {
	found, err := s.lookup(ctx, names)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range names {
		if _, ok := s.byName[n]; !ok {
			s.byName[n] = nil
		}
	}
	for i := range found {
		s.byName[found[i].Name] = &found[i]
	}
	return nil
}

// find returns the asset name, looking it up if it was not yet.
func (s *assetSet) find(ctx context.Context, name string) (*paprika.Asset, error) {
	s.mu.Lock()
	a, ok := s.byName[name]
	if !ok {
		if s.lookups >= maxAssetLookups {
			s.mu.Unlock()
			return nil, &paprika.Error{Code: paprika.CodeRenderLimit, Message: fmt.Sprintf(
				"the page asked for more than %d assets that its HTML does not name (assets/NAME); name them in the template", maxAssetLookups)}
		}
		s.lookups++
	}
	s.mu.Unlock()
	if ok {
		return a, nil
	}
	if err := s.lookUp(ctx, []string{name}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byName[name], nil
}

func (s *assetSet) Open(ctx context.Context, name string) (string, []byte, error) {
	a, err := s.find(ctx, name)
	if err != nil {
		return "", nil, err
	}
	if a == nil {
		return "", nil, ErrNoAsset
	}
	body, err := s.cache.get(ctx, *a, s.read)
	if err != nil {
		return "", nil, err
	}
	return a.ContentType, body, nil
}

// resolveAssets looks up the assets html names, when a render of it
// starts: a failure is the service's (render-failed, retried).
func resolveAssets(ctx context.Context, log *slog.Logger, assets Assets, html string) error {
	s, ok := assets.(*assetSet)
	if !ok {
		return nil
	}
	if err := s.resolve(ctx, html); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.ErrorContext(ctx, "looking up the assets of a render failed", "error", err)
		return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "the tenant's assets could not be looked up; try again shortly"}
	}
	return nil
}

// assetBytes is the budget of asset bytes served to one render's page
// (chromium.Page.AssetBytes): half its memory limit. Every answer counts,
// an asset loaded twice or under another query string twice: each is a
// copy Chromium holds, in its network process and in the page's renderer,
// and only the renderer is measured against the limit; half leaves the
// page the other half to use what it was served (decode its images).
func assetBytes(pageMemory int64) int64 { return pageMemory / 2 }

// assetReadTimeout bounds one read of an asset's bytes from the store.
const assetReadTimeout = time.Minute

// AssetCacheBytes bounds the asset bytes a process keeps in memory.
const AssetCacheBytes = 256 << 20

// processAssets is the process's one cache of asset bytes: the api's
// renders and the worker's (one process in dev mode) share it.
var processAssets = newAssetCache(AssetCacheBytes)

// assetCache keeps asset bytes by tenant and sha256, least recently used
// out first past max bytes. The key is the content, not the name: a
// replaced asset is new bytes, a render that resolved the old ones still
// gets them, and nothing is ever stale. Bytes are checked against their
// sha256 when read, so a cache entry is always what the upload stored.
type assetCache struct {
	max int64

	mu      sync.Mutex
	size    int64
	order   *list.List               // of *assetEntry, most recent first
	entries map[string]*list.Element // by tenant and sha256
	loading map[string]*assetLoad    // reads under way, which the others wait for
}

type assetEntry struct {
	key  string
	body []byte
}

// assetLoad is a read under way that other renders wait for.
type assetLoad struct {
	done chan struct{}
	body []byte
	err  error
}

func newAssetCache(max int64) *assetCache {
	return &assetCache{max: max, order: list.New(), entries: map[string]*list.Element{}, loading: map[string]*assetLoad{}}
}

// get returns a's bytes, from memory or read once however many renders ask
// at the same time.
func (c *assetCache) get(ctx context.Context, a paprika.Asset, read AssetReader) ([]byte, error) {
	key := a.TenantID + "/" + a.SHA256
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.order.MoveToFront(el)
		body := el.Value.(*assetEntry).body
		c.mu.Unlock()
		return body, nil
	}
	if l, ok := c.loading[key]; ok {
		c.mu.Unlock()
		select {
		case <-l.done:
			return l.body, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l := &assetLoad{done: make(chan struct{})}
	c.loading[key] = l
	c.mu.Unlock()

	// The read is every waiter's, not only this render's: it does not end
	// with this render, only with its own bound.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), assetReadTimeout)
	l.body, l.err = readChecked(rctx, a, read)
	cancel()
	c.mu.Lock()
	delete(c.loading, key)
	if l.err == nil {
		c.putLocked(key, l.body)
	}
	c.mu.Unlock()
	close(l.done)
	return l.body, l.err
}

func readChecked(ctx context.Context, a paprika.Asset, read AssetReader) ([]byte, error) {
	body, err := read(ctx, a)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	if hex.EncodeToString(sum[:]) != a.SHA256 {
		return nil, fmt.Errorf("asset %q of tenant %s: the stored bytes are not those uploaded (sha256 differs)", a.Name, a.TenantID)
	}
	return body, nil
}

func (c *assetCache) putLocked(key string, body []byte) {
	if int64(len(body)) > c.max {
		return
	}
	if _, ok := c.entries[key]; ok {
		return
	}
	c.entries[key] = c.order.PushFront(&assetEntry{key: key, body: body})
	c.size += int64(len(body))
	for c.size > c.max {
		el := c.order.Back()
		e := el.Value.(*assetEntry)
		c.order.Remove(el)
		delete(c.entries, e.key)
		c.size -= int64(len(e.body))
	}
}
