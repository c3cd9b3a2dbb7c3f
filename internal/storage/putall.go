package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
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

// staged is an output written, to be given its name path (base in the
// folder dir): an unnamed file (fd, Linux's O_TMPFILE) to be linked at it,
// or the temporary file tmp to be renamed over it.
type staged struct {
	path, base, tmp string
	dir             folder
	fd              int
}

// PutGroup stores a group of outputs durably at about the cost of one, each
// written atomically as docs/storage.md promises: written first without its name
// (an unnamed file where the file system has them, else a temporary file
// beside the name), made durable, then given its name, so that no reader
// ever meets a partial file under an output's name, not even after a
// crash. Everything is made durable at once: on Linux one syncfs(2) of the
// file system for the files' data before any name, and one more for the
// names before PutGroup returns (the caller records the work done only
// after that); elsewhere each file, then each folder, is fsynced.
//
// bench/product's disk probe measured 117 µs of CPU a file with syncfs
// against 486 µs for a fsync each and 824 µs for fsyncs in parallel.
// Writing a new output in place instead (created with O_EXCL, one syncfs,
// no rename) made the product path about 8% faster than temporary files
// renamed (docs/performance-log.md), but left an output's name on a partial
// file until its write ended, and after a crash for good. An unnamed file
// linked at its name takes one operation on the folder, as in place did,
// where a temporary file takes two (its create and the rename), and on the
// product path it measured within the noise of in place. Each file is made
// and linked relative to its folder, which stays open between puts
// (folderCache), and linked by its own descriptor where the kernel allows
// (see linkWay): that spares the kernel three walks of paths a file (its
// folder's twice, /proc/self/fd/N's once), 8 µs of a worker's CPU an item
// in bench/scheduler.
func (s *Files) PutGroup(ctx context.Context, objs []Output) error {
	st := make([]staged, 0, len(objs))
	dirs := map[string]*heldFolder{}
	var retired []*heldFolder // found removed: held until the end, for outputs written in them before
	defer func() {
		for _, h := range dirs {
			s.folders.done(h)
		}
		for _, h := range retired {
			s.folders.done(h)
		}
	}()
	way := linkNone
	if len(objs) > 0 {
		way = s.way()
	}
	var err error
	for _, o := range objs {
		var path string
		if path, err = s.path(o.Key, false); err != nil {
			break
		}
		var h *heldFolder
		if h, err = s.folder(dirs, filepath.Dir(path)); err != nil {
			break
		}
		x := staged{path: path, base: filepath.Base(path), dir: h.folder, fd: -1}
		err = x.write(o.Body, way)
		if s.written != nil {
			s.written(len(st))
		}
		if err != nil && x.fd < 0 && x.tmp == "" && h.removed() {
			// The folder was removed since it was opened: it is opened, and
			// made, again. The old one stays open until the end, for the
			// outputs of this group written in it already: naming them
			// through its descriptor fails (the folder is gone), where a
			// descriptor closed and its number reused would name them in
			// another folder.
			s.folders.drop(h)
			delete(dirs, h.path)
			retired = append(retired, h)
			if h, err = s.folder(dirs, filepath.Dir(path)); err == nil {
				x.dir = h.folder
				err = x.write(o.Body, way)
			}
		}
		if x.tmp != "" || x.fd >= 0 {
			st = append(st, x)
		}
		if err != nil {
			break
		}
	}
	if err == nil && haveSyncfs {
		err = syncfs(s.Dir) // the files' data, before any name
	}
	for i := range st {
		if err != nil {
			break
		}
		err = st[i].name(way)
	}
	if err == nil {
		if haveSyncfs {
			err = syncfs(s.Dir) // the names
		} else {
			for d := range dirs {
				if err = syncDir(d); err != nil {
					break
				}
			}
		}
	}
	for _, x := range st {
		if x.fd >= 0 {
			closeFD(x.fd) // an unnamed file not linked goes with it
		}
	}
	if err != nil {
		// Temporary files go (those renamed are gone already; removing
		// one fails harmlessly).
		for _, x := range st {
			if x.tmp != "" {
				os.Remove(x.tmp)
			}
		}
		return fmt.Errorf("store output: %w", err)
	}
	return nil
}

// folder is the folder at path from the store's cache, held in dirs for
// the rest of one PutGroup.
func (s *Files) folder(dirs map[string]*heldFolder, path string) (*heldFolder, error) {
	if h := dirs[path]; h != nil {
		return h, nil
	}
	h, err := s.folders.get(path)
	if err != nil {
		return nil, err
	}
	dirs[path] = h
	return h, nil
}

// write writes body for x: an unnamed file if the way has them and the file
// system gives one, else a temporary file.
func (x *staged) write(body []byte, way linkWay) error {
	if way != linkNone {
		fd, ok, err := writeUnnamed(x.dir, body)
		if ok {
			x.fd = fd
			return err
		}
	}
	return writeTemp(x, x.dir.path, body)
}

// name gives x its name. An unnamed file is linked at it; when the name
// exists (an earlier attempt's output, another worker's), the file is
// linked at a temporary name instead and renamed over it, so that a reader
// of the old output reads it whole or the new one.
func (x *staged) name(way linkWay) error {
	if x.fd >= 0 {
		err := linkUnnamed(x.fd, way, x.dir, x.base)
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		tmp, err := atFreeTempName(x.dir.path, func(name string) error {
			return linkUnnamed(x.fd, way, x.dir, filepath.Base(name))
		})
		if err != nil {
			return err
		}
		x.tmp = tmp
	}
	return os.Rename(x.tmp, x.path)
}

// tempName is a name for a temporary file in dir, unlikely to be taken.
func tempName(dir string) string {
	return filepath.Join(dir, ".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
}

// atFreeTempName calls create with new temporary names in dir until one is
// not another writer's (create answering fs.ErrExist), and returns the name
// of the last call and its error.
func atFreeTempName(dir string, create func(name string) error) (string, error) {
	for range 100 {
		name := tempName(dir)
		if err := create(name); !errors.Is(err, fs.ErrExist) {
			return name, err
		}
	}
	return "", fmt.Errorf("no free temporary name in %s", dir)
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
// removal when the group fails). The file is created by writeNew's plain
// system calls under a random name (os.CreateTemp goes through an os.File,
// see writeNew); a name another writer has is drawn again. Its errors are
// writeNew's.
func writeTemp(x *staged, dir string, body []byte) error {
	name, err := atFreeTempName(dir, func(name string) error { return writeNew(name, body, !haveSyncfs) })
	var pe *fs.PathError
	if name != "" && !(errors.As(err, &pe) && pe.Op == "open") {
		x.tmp = name // created, written or not
	}
	return err
}
