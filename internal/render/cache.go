package render

import (
	"container/list"
	"crypto/sha256"
	"sync"
)

// templateCache holds compiled templates by the SHA-256 of their source,
// least recently used first out. A batch renders one template for up to
// 100,000 records; it compiles once.
type templateCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *cacheEntry, most recently used first
	byKey map[[sha256.Size]byte]*list.Element
}

type cacheEntry struct {
	key [sha256.Size]byte
	tpl *template
}

func newTemplateCache(max int) *templateCache {
	return &templateCache{max: max, order: list.New(), byKey: map[[sha256.Size]byte]*list.Element{}}
}

// get returns the compiled src, compiling it on a miss. Errors are not
// cached: a broken template is cheap to find broken again.
func (c *templateCache) get(src string) (*template, error) {
	key := sha256.Sum256([]byte(src))
	c.mu.Lock()
	if el, ok := c.byKey[key]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*cacheEntry).tpl, nil
	}
	c.mu.Unlock()

	tpl, err := compile(src)
	if err != nil {
		return nil, err
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok { // compiled meanwhile by another caller
		c.order.MoveToFront(el)
		return el.Value.(*cacheEntry).tpl, nil
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, tpl: tpl})
	for c.order.Len() > c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.byKey, oldest.Value.(*cacheEntry).key)
	}
	return tpl, nil
}

// templates is the process's cache, shared by every Engine and by
// RenderHTML: compiled templates do not depend on an engine's settings.
var templates = newTemplateCache(512)
