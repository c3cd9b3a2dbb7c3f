package storage

import (
	"path/filepath"
	"strings"
	"sync"
)

// maxOpenFolders bounds the folders a file store keeps open between puts,
// below a quarter of the process's descriptors (openFiles): bench/scheduler
// writes to ~1,400 batch folders in turn, and a bound of 1,024 there missed
// often enough to cost 6% of a worker's CPU in opens.
const maxOpenFolders = 4096

// folderCache keeps the folders outputs were written to open between puts,
// so that a batch's folder is opened once, not again in every flush that
// stores one of its records: bench/scheduler's flushes each wrote to about
// 126 folders, one record in each, and opening them was 11% of a worker's
// CPU. Its zero value is ready; a folder is closed only once no put uses it.
type folderCache struct {
	mu   sync.Mutex
	open map[string]*heldFolder
	max  int // the bound, once known
}

// heldFolder is a folder in the cache.
type heldFolder struct {
	folder
	users int  // puts using it now
	gone  bool // no longer in the cache: closed when its last user is done
}

// get returns the folder at path, open (and made if it was missing), for
// one put to use until it calls done.
func (c *folderCache) get(path string) (*heldFolder, error) {
	c.mu.Lock()
	if h := c.open[path]; h != nil {
		h.users++
		c.mu.Unlock()
		return h, nil
	}
	c.mu.Unlock()
	f, err := openFolder(path) // unlocked: it may make folders
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if h := c.open[path]; h != nil { // another put opened it meanwhile
		f.close()
		h.users++
		return h, nil
	}
	if c.open == nil {
		c.open = map[string]*heldFolder{}
		c.max = max(16, min(maxOpenFolders, openFiles()/4))
	}
	if len(c.open) >= c.max {
		c.trim(c.max * 7 / 8)
	}
	h := &heldFolder{folder: f, users: 1}
	c.open[path] = h
	return h, nil
}

// done ends one put's use of h.
func (c *folderCache) done(h *heldFolder) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h.users--
	if h.gone && h.users == 0 {
		h.close()
	}
}

// drop forgets h, whose folder was removed since it was opened: the next
// get opens the path anew, making the folder again.
func (c *folderCache) drop(h *heldFolder) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forget(h)
}

// dropUnder forgets every folder at or under path, which was removed.
func (c *folderCache) dropUnder(path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	prefix := path + string(filepath.Separator)
	for p, h := range c.open {
		if p == path || strings.HasPrefix(p, prefix) {
			c.forget(h)
		}
	}
}

// closeAll forgets every folder.
func (c *folderCache) closeAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, h := range c.open {
		c.forget(h)
	}
}

// trim forgets folders that no put uses until n are left, or none is
// unused (c.mu held).
func (c *folderCache) trim(n int) {
	for _, h := range c.open {
		if len(c.open) <= n {
			return
		}
		if h.users == 0 {
			c.forget(h)
		}
	}
}

// forget takes h out of the cache and closes it once no put uses it (c.mu
// held).
func (c *folderCache) forget(h *heldFolder) {
	if c.open[h.path] != h || h.gone {
		return
	}
	delete(c.open, h.path)
	h.gone = true
	if h.users == 0 {
		h.close()
	}
}
