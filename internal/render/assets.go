package render

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/mailgun/raymond/v2"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/chromium"
)

// Assets are the tenant's assets a render's page loads by the relative URL
// assets/NAME ({{asset "NAME"}} writes it), fixed when the render starts:
// Chromium's interceptor answers those requests from Open, with no network.
// A name that does not exist fails the render with template-error naming
// it. NewAssets makes them from the tenant's asset index.
type Assets interface {
	// Open returns the asset's content type and bytes, or ErrNoAsset.
	Open(ctx context.Context, name string) (contentType string, body []byte, err error)
}

// ErrNoAsset says the render's tenant has no asset of that name.
var ErrNoAsset = chromium.ErrNoAsset

// AssetReader reads the bytes of one asset (its TenantID and Object name
// where they are stored).
type AssetReader func(ctx context.Context, a paprika.Asset) ([]byte, error)

// NewAssets returns a render's assets: the names of index, as they are now
// (a replace after this call is not seen by the render, which reads the
// bytes index names), their bytes read through the process's cache by
// sha256, and read with read on a miss.
func NewAssets(index []paprika.Asset, read AssetReader) Assets {
	byName := make(map[string]paprika.Asset, len(index))
	for _, a := range index {
		byName[a.Name] = a
	}
	return &assetSet{byName: byName, read: read, cache: processAssets}
}

// assetSet is one render's assets.
type assetSet struct {
	byName map[string]paprika.Asset
	read   AssetReader
	cache  *assetCache
}

func (s *assetSet) Open(ctx context.Context, name string) (string, []byte, error) {
	a, ok := s.byName[name]
	if !ok {
		return "", nil, ErrNoAsset
	}
	body, err := s.cache.get(ctx, a, s.read)
	if err != nil {
		return "", nil, err
	}
	return a.ContentType, body, nil
}

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

// assetHelper is {{asset "NAME"}}: the relative URL of the tenant's asset
// NAME, assets/NAME, which the page loads from the render's own assets. A
// name that cannot be an asset's fails here, naming the line; one that is
// not among the tenant's assets fails the render when the page asks for it.
func assetHelper(name any, o *raymond.Options) raymond.SafeString {
	s, ok := name.(string)
	if !ok || !paprika.ValidAssetName(s) {
		fail(o, "{{asset %s}}: %s", raymond.Str(name), paprika.AssetNameRule)
	}
	return raymond.SafeString("assets/" + s)
}
