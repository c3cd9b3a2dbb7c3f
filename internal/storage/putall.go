package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Output is one rendered document to store under its key.
type Output struct {
	Key  string
	Body []byte
}

// groupPutter is a store that makes many objects durable at once more
// cheaply than one by one (Files: one round of syncs for the group).
type groupPutter interface {
	PutGroup(ctx context.Context, objs []Output) error
}

// putsAtOnce bounds the puts and syncs in flight for one group.
const putsAtOnce = 16

// PutAll stores objs durably, as Put does each. A worker stores the outputs
// of one completion flush with it before the one transaction that marks
// their work done. When it fails, none of them is to be taken as stored
// (some may be; their work is rendered again and stored anew).
func PutAll(ctx context.Context, s Store, objs []Output) error {
	if len(objs) == 0 {
		return nil
	}
	if g, ok := s.(groupPutter); ok {
		return g.PutGroup(ctx, objs)
	}
	return parallel(len(objs), func(i int) error { return s.Put(ctx, objs[i].Key, objs[i].Body) })
}

// PutGroup writes each output to a temporary file beside its place, makes
// them all durable at once, renames them into place, and makes the renames
// durable: the atomic, durable write of Put, for a group at about the cost of
// one. On Linux "at once" is one syncfs(2) of the file system before the
// renames and one after; bench/product's disk probe measured 117 µs of CPU
// a file that way against 486 µs for a fsync each and 824 µs for fsyncs in
// parallel. Elsewhere each file and folder is fsynced.
func (s *Files) PutGroup(ctx context.Context, objs []Output) error {
	type staged struct{ tmp, path string }
	st := make([]staged, len(objs))
	dirs := map[string]bool{}
	var err error
	for i, o := range objs {
		var path string
		if path, err = s.path(o.Key, false); err != nil {
			break
		}
		dir := filepath.Dir(path)
		if err = os.MkdirAll(dir, 0o750); err != nil {
			break
		}
		var f *os.File
		if f, err = os.CreateTemp(dir, ".tmp-*"); err != nil {
			break
		}
		st[i] = staged{tmp: f.Name(), path: path}
		dirs[dir] = true
		_, err = f.Write(o.Body)
		if err == nil && !haveSyncfs {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			break
		}
	}
	if err == nil && haveSyncfs {
		err = syncfs(s.Dir) // the files' data, before they are renamed into place
	}
	for _, x := range st {
		if err != nil {
			break
		}
		err = os.Rename(x.tmp, x.path)
	}
	if err == nil {
		if haveSyncfs {
			err = syncfs(s.Dir) // the renames
		} else {
			for d := range dirs {
				if err = syncDir(d); err != nil {
					break
				}
			}
		}
	}
	if err != nil {
		for _, x := range st {
			if x.tmp != "" {
				os.Remove(x.tmp) // those renamed are gone already
			}
		}
		return fmt.Errorf("store output: %w", err)
	}
	return nil
}

// parallel runs fn(0..n-1), putsAtOnce at a time, and joins their errors.
func parallel(n int, fn func(int) error) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	next := make(chan int)
	for range min(n, putsAtOnce) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fn(i); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}
