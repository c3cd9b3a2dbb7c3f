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
	// namedTemps writes every output to a named temporary file, as where
	// the file system has no unnamed files (for the tests of that path).
	namedTemps bool
	unnamed    atomic.Int32 // 0 not known yet, 1 yes, 2 no
}

// useUnnamed says whether outputs are written as unnamed files linked into
// place: where Dir's file system has them and this process may link them,
// which a put tries until it knows (a probe file made, linked, removed).
func (s *Files) useUnnamed() bool {
	if s.namedTemps {
		return false
	}
	switch s.unnamed.Load() {
	case 1:
		return true
	case 2:
		return false
	}
	ok, known := canLinkUnnamed(s.Dir)
	switch {
	case known && ok:
		s.unnamed.Store(1)
	case known:
		s.unnamed.Store(2)
	}
	return ok
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
	return os.RemoveAll(path)
}

// SignedURL is ErrNoSignedURL: files are served by the api only.
func (s *Files) SignedURL(ctx context.Context, key string, expiry time.Duration) (string, error) {
	return "", ErrNoSignedURL
}

// Close does nothing: files hold nothing open between calls.
func (s *Files) Close() error { return nil }
