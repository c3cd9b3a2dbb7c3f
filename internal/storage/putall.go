package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
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

// staged is an output written: in place (tmp ""), or to tmp to be renamed
// over path.
type staged struct{ tmp, path string }

// PutGroup stores a group of outputs durably at about the cost of one.
//
// An output whose file does not exist yet is written in place (created
// with O_EXCL, so that it is ours); one that does, from an earlier attempt
// or another worker, is written to a temporary file beside it and renamed
// over it, so that a reader never meets a partial file where a whole one
// was. Then everything is made durable at once: on Linux one syncfs(2) of
// the file system, and one more after the renames when there were any;
// elsewhere each file and each renamed-into folder is fsynced. A file
// written in place is not read before its work is done, which the caller
// records only after PutGroup returns; one left partial by a failure or a
// crash is replaced by the next attempt's rename, or swept with its work.
//
// bench/product's disk probe measured 117 µs of CPU a file with syncfs
// against 486 µs for a fsync each and 824 µs for fsyncs in parallel; writing
// in place saves a rename and the second syncfs, about half of a flush's
// wait (docs/performance.md).
func (s *Files) PutGroup(ctx context.Context, objs []Output) error {
	st := make([]staged, 0, len(objs))
	dirs := map[string]bool{}
	renames := false
	var err error
	for _, o := range objs {
		var path string
		if path, err = s.path(o.Key, false); err != nil {
			break
		}
		dir := filepath.Dir(path)
		x := staged{path: path}
		dirs[dir] = true // a new name in it, in place or by a rename
		// The folder is made only when the create says it is missing: a stat
		// of it for every output (os.MkdirAll) was 7% of a worker's CPU.
		err = writeNew(path, o.Body, !haveSyncfs)
		if errors.Is(err, fs.ErrNotExist) {
			if err = os.MkdirAll(dir, 0o750); err == nil {
				err = writeNew(path, o.Body, !haveSyncfs)
			}
		}
		if errors.Is(err, fs.ErrExist) {
			err = writeTemp(&x, dir, o.Body)
			renames = true
		}
		if x.tmp != "" || err == nil {
			st = append(st, x)
		}
		if err != nil {
			break
		}
	}
	if err == nil && haveSyncfs {
		err = syncfs(s.Dir) // the files' data and the new names, before any rename
	}
	for _, x := range st {
		if err != nil {
			break
		}
		if x.tmp != "" {
			err = os.Rename(x.tmp, x.path)
		}
	}
	if err == nil {
		if haveSyncfs {
			if renames {
				err = syncfs(s.Dir) // the renames
			}
		} else {
			for d := range dirs {
				if err = syncDir(d); err != nil {
					break
				}
			}
		}
	}
	if err != nil {
		// Temporary files go (those renamed are gone already). A file
		// written in place stays: another worker may have renamed its own
		// whole output over it since, which must not be removed.
		for _, x := range st {
			if x.tmp != "" {
				os.Remove(x.tmp)
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

// writeTemp writes body to a new temporary file in dir, to be renamed over
// x.path, and names it in x.tmp once it exists (for the rename, or for its
// removal when the group fails).
func writeTemp(x *staged, dir string, body []byte) error {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	x.tmp = f.Name()
	_, err = f.Write(body)
	if err == nil && !haveSyncfs {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
