package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// Files keeps outputs as files under Dir (file://, the default), the layout
// of keys: Dir/outputs/TENANT/jobs/ID.pdf. Every api and worker must share
// Dir.
type Files struct {
	Dir string
	// only makes every put write its outputs one way (for the tests of each
	// way); unset, the first put finds the best way there is (see way).
	only linkWay
	// written, when set, is called after each output of a group is
	// written, with how many were written before it (for the tests).
	written func(i int)
	unnamed atomic.Int32 // the linkWay found; 0 not known yet
	folders folderCache  // kept open between puts
}

// linkWay is how outputs are written: as unnamed files linked at their
// names, one of two ways, or as named temporary files renamed.
type linkWay int32

const (
	// linkEmptyPath links an unnamed file by its descriptor alone (linkat's
	// AT_EMPTY_PATH), which Linux lets the process that opened the file do
	// since 6.10, and before only with CAP_DAC_READ_SEARCH.
	linkEmptyPath linkWay = iota + 1
	// linkProc links it through its /proc/self/fd name, which needs /proc.
	linkProc
	// linkNone: the file system has no unnamed files (O_TMPFILE), or this
	// process may not link them; named temporary files are renamed.
	linkNone
)

// way is how this store writes outputs: the best of the linkWays that
// works in Dir, which a put tries until it knows (a probe file made,
// linked, removed).
func (s *Files) way() linkWay {
	if s.only != 0 {
		return s.only
	}
	if w := linkWay(s.unnamed.Load()); w != 0 {
		return w
	}
	w, known := probeLinkWay(s.Dir)
	if known {
		s.unnamed.Store(int32(w))
	}
	return w
}

var _ Store = (*Files)(nil)

func (s *Files) path(key string, prefix bool) (string, error) {
	if err := checkKey(key, prefix); err != nil {
		return "", err
	}
	return filepath.Join(s.Dir, filepath.FromSlash(key)), nil
}

// Put stores one output durably: a group of one (see PutGroup).
func (s *Files) Put(ctx context.Context, key string, body []byte) error {
	return s.PutGroup(ctx, []Output{{Key: key, Body: body}})
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// Stat describes the file; its ETag is its size and modification time,
// which change with every Put (a Put over a file replaces it by renaming).
func (s *Files) Stat(ctx context.Context, key string) (Info, error) {
	path, err := s.path(key, false)
	if err != nil {
		return Info{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return Info{}, err // *fs.PathError wrapping fs.ErrNotExist when missing
	}
	if !fi.Mode().IsRegular() {
		return Info{}, fmt.Errorf("storage: %s is not a file: %w", key, ErrNotExist)
	}
	return Info{Size: fi.Size(), ModTime: fi.ModTime(),
		ETag: fmt.Sprintf(`"%x-%x"`, fi.Size(), fi.ModTime().UnixNano())}, nil
}

// NewRangeReader opens the file at offset.
func (s *Files) NewRangeReader(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	path, err := s.path(key, false)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if offset > 0 {
		if _, err := f.Seek(offset, io.SeekStart); err != nil {
			f.Close()
			return nil, err
		}
	}
	if length < 0 {
		return f, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{io.LimitReader(f, length), f}, nil
}

// Delete removes the file.
func (s *Files) Delete(ctx context.Context, key string) error {
	path, err := s.path(key, false)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// DeletePrefix removes the prefix's folder and all it holds.
func (s *Files) DeletePrefix(ctx context.Context, prefix string) error {
	path, err := s.path(prefix, true)
	if err != nil {
		return err
	}
	err = os.RemoveAll(path)
	s.folders.dropUnder(filepath.Clean(path))
	return err
}

// SignedURL is ErrNoSignedURL: files are served by the api only.
func (s *Files) SignedURL(ctx context.Context, key string, expiry time.Duration) (string, error) {
	return "", ErrNoSignedURL
}

// Close closes the folders kept open between puts.
func (s *Files) Close() error {
	s.folders.closeAll()
	return nil
}
