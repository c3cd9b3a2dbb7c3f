package handlebars

import (
	"container/list"
	"crypto/sha256"
	"sync"
)

// lru is a map of at most maxEntries entries and maxWeight in total
// weight, least recently used first out. Every cache of this package is
// keyed by what tenants send (a template, a locale), so none may grow with
// the number of distinct keys, nor with their size.
type lru[K comparable, V any] struct {
	mu         sync.Mutex
	maxEntries int
	maxWeight  int
	weight     int
	order      *list.List // of *lruEntry, most recently used first
	byKey      map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key    K
	val    V
	weight int
}

func newLRU[K comparable, V any](maxEntries, maxWeight int) *lru[K, V] {
	return &lru[K, V]{maxEntries: maxEntries, maxWeight: maxWeight, order: list.New(), byKey: map[K]*list.Element{}}
}

// get returns the value of k, if held, and makes it the most recent.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[k]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// add holds v for k and returns it; if another caller added k meanwhile,
// it returns theirs, so that every caller shares one value. It evicts the
// least recently used entries past either limit, never the one added.
func (c *lru[K, V]) add(k K, v V, weight int) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[k]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*lruEntry[K, V]).val
	}
	c.byKey[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v, weight: weight})
	c.weight += weight
	for c.order.Len() > 1 && (c.order.Len() > c.maxEntries || c.weight > c.maxWeight) {
		oldest := c.order.Back()
		e := oldest.Value.(*lruEntry[K, V])
		c.order.Remove(oldest)
		delete(c.byKey, e.key)
		c.weight -= e.weight
	}
	return v
}

// size is how many entries, of how much weight, the cache holds.
func (c *lru[K, V]) size() (entries, weight int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.weight
}

// templateCache holds compiled templates by the SHA-256 of their source. A
// batch renders one template for up to 100,000 records; it compiles once.
// A compiled template holds about 50 times its source in memory when it is
// all tags (a MaxTemplateBytes one of {{a}}: 50 MB), so the cache is
// bounded by the bytes of source too, not only by the count.
type templateCache struct {
	*lru[[sha256.Size]byte, *Template]
}

func newTemplateCache(maxEntries, maxSourceBytes int) *templateCache {
	return &templateCache{newLRU[[sha256.Size]byte, *Template](maxEntries, maxSourceBytes)}
}

// get returns the compiled src, compiling it on a miss. Errors are not
// cached: a broken template is cheap to find broken again.
func (c *templateCache) get(src string) (*Template, error) {
	key := sha256.Sum256([]byte(src))
	if tpl, ok := c.lru.get(key); ok {
		return tpl, nil
	}
	tpl, err := compile(src)
	if err != nil {
		return nil, err
	}
	return c.add(key, tpl, len(src)+1), nil
}

// templates is the process's cache, shared by every engine and every
// caller: compiled templates do not depend on an engine's settings.
// 16 MiB of source is at most some 800 MB of compiled templates, and
// hundreds of templates of an ordinary size (tens of KiB).
var templates = newTemplateCache(512, 16<<20)

// Compile returns src compiled, from the process's cache of compiled
// templates when it was compiled before. A template that does not compile
// is a *paprika.Error with Code template-error naming the line and the
// cause.
func Compile(src string) (*Template, error) { return templates.get(src) }
