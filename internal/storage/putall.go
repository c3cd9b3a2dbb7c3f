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

// PutGroup writes each object to a temporary file beside its place, then
// syncs them all (concurrent fsyncs on one file system share its journal's
// commits), renames them into place and syncs their folders once each: the
// atomic, durable write of Put, for a group at the cost of about one.
func (s *Files) PutGroup(ctx context.Context, objs []Output) error {
	type staged struct {
		f         *os.File
		tmp, path string
	}
	st := make([]staged, len(objs))
	err := parallel(len(objs), func(i int) error {
		path, err := s.path(objs[i].Key, false)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
		if err != nil {
			return err
		}
		st[i] = staged{f: f, tmp: f.Name(), path: path}
		_, err = f.Write(objs[i].Body)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	})
	dirs := map[string]bool{}
	for _, x := range st {
		if err == nil && x.f != nil {
			err = os.Rename(x.tmp, x.path)
			dirs[filepath.Dir(x.path)] = true
		}
	}
	if err == nil {
		list := make([]string, 0, len(dirs))
		for d := range dirs {
			list = append(list, d)
		}
		err = parallel(len(list), func(i int) error { return syncDir(list[i]) })
	}
	if err != nil {
		for _, x := range st {
			if x.f != nil {
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
