package api

import (
	"crypto/sha256"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The keys this process authenticated in the last few seconds, so that a
// render answered busy — which is answered before its key is looked up,
// costing no PostgreSQL round trip — can still be counted at its tenant's
// tier in /metrics. It is never used to authenticate: every request looks
// its key up in PostgreSQL, so a key revoked, or a tenant suspended or
// deleted, through any process is refused at once. A stale entry only
// mislabels a busy answer's tier for up to keyCacheTTL.
const (
	keyCacheTTL     = 5 * time.Second
	keyCacheEntries = 10_000
)

// keyCache maps the SHA-256 of a key secret (never the secret itself) to
// the caller PostgreSQL answered for it, its tier resolved. Only successful
// look-ups are kept: an unknown key always asks PostgreSQL.
type keyCache struct {
	ttl time.Duration
	max int
	now func() time.Time

	mu  sync.Mutex
	m   map[[sha256.Size]byte]cachedKey
	gen uint64 // counts evictions: a look-up that raced one is not kept
}

type cachedKey struct {
	c     tenantCaller
	until time.Time
}

func newKeyCache(ttl time.Duration, max int) *keyCache {
	return &keyCache{ttl: ttl, max: max, now: time.Now, m: make(map[[sha256.Size]byte]cachedKey)}
}

// get returns a copy of the caller cached for secret, if fresh. On a
// miss it returns the generation to give put with what PostgreSQL answers.
func (c *keyCache) get(secret string) (*tenantCaller, uint64, bool) {
	h := sha256.Sum256([]byte(secret))
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[h]
	if !ok {
		return nil, c.gen, false
	}
	if !c.now().Before(e.until) {
		delete(c.m, h)
		return nil, c.gen, false
	}
	p := e.c
	return &p, c.gen, true
}

// put keeps p for secret for the cache's ttl, unless an eviction happened
// since the get of generation gen (p may be what it evicted). When the cache is full it
// drops what has expired, then, if still full, any one entry: the size is
// bounded whatever the number of keys in use.
func (c *keyCache) put(secret string, p *tenantCaller, gen uint64) {
	h := sha256.Sum256([]byte(secret))
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if len(c.m) >= c.max {
		now := c.now()
		for k, e := range c.m {
			if !now.Before(e.until) {
				delete(c.m, k)
			}
		}
		for k := range c.m {
			if len(c.m) < c.max {
				break
			}
			delete(c.m, k)
		}
	}
	c.m[h] = cachedKey{c: *p, until: c.now().Add(c.ttl)}
}

// evictKey forgets the key keyID (revoked).
func (c *keyCache) evictKey(keyID string) {
	c.evict(func(p *paprika.Principal) bool { return p.Key.ID == keyID })
}

// evictTenant forgets every key of tenantID (suspended, changed, deleted).
func (c *keyCache) evictTenant(tenantID string) {
	c.evict(func(p *paprika.Principal) bool { return p.Tenant.ID == tenantID })
}

func (c *keyCache) evict(match func(*paprika.Principal) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k, e := range c.m {
		if match(&e.c.Principal) {
			delete(c.m, k)
		}
	}
}
