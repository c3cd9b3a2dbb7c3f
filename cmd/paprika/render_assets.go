package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// dirAssets are a local render's assets: the files under one directory
// (paprika render --assets DIR), named as uploads are (fonts/brand.woff2 is
// DIR/fonts/brand.woff2) and checked as uploads are: the name's shape, at
// most paprika.MaxAssetBytes, the type its extension says and its bytes
// what that type is (paprika.SniffAsset), and nothing outside DIR, not
// through a symbolic link either (os.Root). A page's first request for a
// name reads its file; the render uses what it read.
//
// Chromium's interceptor knows a missing asset only as missing, and a file
// that fails a check only as unreadable, and words both for the API (upload
// it; try again); the render command puts these errors, kept here, in
// their place (why).
type dirAssets struct {
	dir  string   // as given, for messages; "" when no --assets was given
	root *os.Root // nil when dir is ""

	mu      sync.Mutex
	missing []string // names asked for that have no file, in order, once each
	failed  error    // the first file that failed a check
}

// openDirAssets opens DIR for a render; dir "" is a render without
// assets, whose pages' requests for one say to give --assets.
func openDirAssets(dir string) (*dirAssets, error) {
	a := &dirAssets{dir: dir}
	if dir == "" {
		return a, nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, usageError("--assets: " + err.Error())
	}
	a.root = root
	return a, nil
}

func (a *dirAssets) Close() error {
	if a.root == nil {
		return nil
	}
	return a.root.Close()
}

// Open reads assets/NAME's file, checked as an upload is.
func (a *dirAssets) Open(_ context.Context, name string) (string, []byte, error) {
	contentType, body, err := a.read(name)
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case errors.Is(err, render.ErrNoAsset):
		if !slices.Contains(a.missing, name) {
			a.missing = append(a.missing, name)
		}
	case err != nil && a.failed == nil:
		a.failed = err
	}
	return contentType, body, err
}

func (a *dirAssets) read(name string) (string, []byte, error) {
	if a.root == nil || !paprika.ValidAssetName(name) {
		return "", nil, render.ErrNoAsset
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("assets/%s (%s): %s", name, filepath.Join(a.dir, filepath.FromSlash(name)), fmt.Sprintf(format, args...))
	}
	f, err := a.root.Open(filepath.FromSlash(name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, render.ErrNoAsset
	case err != nil && strings.Contains(err.Error(), "escapes"):
		return "", nil, fail("a symbolic link out of %s, which assets may not leave", a.dir)
	case err != nil:
		return "", nil, fail("%v", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", nil, fail("%v", err)
	}
	if !fi.Mode().IsRegular() {
		return "", nil, fail("not a regular file")
	}
	contentType, ok := paprika.AssetTypeByName(name)
	if !ok {
		return "", nil, fail("its extension is none of an asset's (.png, .jpg, .gif, .webp, .svg, .woff2, .woff, .ttf, .otf, .css, .js)")
	}
	body, err := io.ReadAll(io.LimitReader(f, paprika.MaxAssetBytes+1))
	if err != nil {
		return "", nil, fail("%v", err)
	}
	if len(body) > paprika.MaxAssetBytes {
		return "", nil, fail("larger than the 10 MiB an asset may be")
	}
	if len(body) == 0 {
		return "", nil, fail("empty")
	}
	if err := paprika.SniffAsset(contentType, body); err != nil {
		var perr *paprika.Error
		if errors.As(err, &perr) {
			err = errors.New(strings.TrimPrefix(strings.Replace(perr.Message, "the body", "the file", 1), "Bad request: "))
		}
		return "", nil, fail("%v", err)
	}
	return contentType, body, nil
}

// renderError is the render's error as a local render words it: a file
// that failed a check, else the names the page asked for that have none,
// where to put them; any other error as the engine returned it.
func (a *dirAssets) renderError(err error) error {
	if err == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case a.failed != nil:
		return a.failed
	case len(a.missing) == 0:
		return err
	case a.root == nil:
		return fmt.Errorf("the page asks for assets/%s; give --assets DIR, the directory that holds them (DIR/%s)",
			strings.Join(a.missing, ", assets/"), a.missing[0])
	}
	paths := make([]string, len(a.missing))
	for i, n := range a.missing {
		paths[i] = filepath.Join(a.dir, filepath.FromSlash(n))
	}
	return fmt.Errorf("the page asks for assets/%s, missing from %s (no %s)",
		strings.Join(a.missing, ", assets/"), a.dir, strings.Join(paths, ", "))
}
