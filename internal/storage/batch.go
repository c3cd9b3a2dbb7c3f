package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Staged is an output written to a temporary file beside its path but not
// yet durable nor in place: Commit makes a group of them both at once.
type Staged struct {
	f         *os.File // open until Commit or Discard: syncing it needs no second open
	tmp, path string
}

// Stage writes body to a temporary file in path's folder, without syncing
// it: a worker stages each output as its render ends, and commits those of
// one completion flush together, so that many outputs cost one sync of the
// file system instead of one fsync each.
func (s *Store) Stage(path string, body []byte) (Staged, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Staged{}, fmt.Errorf("store output: %w", err)
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return Staged{}, fmt.Errorf("store output: %w", err)
	}
	if _, err = f.Write(body); err != nil {
		f.Close()
		os.Remove(f.Name())
		return Staged{}, fmt.Errorf("store output: %w", err)
	}
	return Staged{f: f, tmp: f.Name(), path: path}, nil
}

// Commit makes staged outputs durable and puts them in place, as Write does
// for one (temporary file, sync, rename), for the whole group at once: the
// files' data synced, then renamed, then their folders synced. When it
// fails, none of them is to be taken as stored (some may be in place; the
// work is rendered again and its output written anew). The temporary files
// are removed.
func (s *Store) Commit(staged []Staged) error {
	if len(staged) == 0 {
		return nil
	}
	err := syncFiles(staged) // closes them too
	dirs := map[string]bool{}
	for _, st := range staged {
		if err == nil {
			err = os.Rename(st.tmp, st.path)
			dirs[filepath.Dir(st.path)] = true
		}
	}
	if err == nil {
		err = syncDirs(dirs)
	}
	if err != nil {
		for _, st := range staged {
			os.Remove(st.tmp) // the files are closed; those renamed are gone already
		}
		return fmt.Errorf("store output: %w", err)
	}
	return nil
}

// Discard removes staged outputs that will not be committed.
func Discard(staged []Staged) {
	for _, st := range staged {
		st.f.Close()
		os.Remove(st.tmp)
	}
}

// syncFiles fsyncs the staged files, several at once: concurrent fsyncs on
// one file system share its journal's commits.
func syncFiles(staged []Staged) error {
	return parallel(len(staged), func(i int) error {
		err := staged[i].f.Sync()
		if cerr := staged[i].f.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

func syncDirs(dirs map[string]bool) error {
	list := make([]string, 0, len(dirs))
	for d := range dirs {
		list = append(list, d)
	}
	return parallel(len(list), func(i int) error { return fsync(list[i]) })
}

func fsync(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncersAtOnce bounds the fsyncs in flight.
const syncersAtOnce = 16

func parallel(n int, fn func(int) error) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	next := make(chan int)
	for range min(n, syncersAtOnce) {
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
