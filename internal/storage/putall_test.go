package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// PutAll stores a group of outputs, each whole and readable, in both stores.
func TestPutAll(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		batch := uuid.New()
		var outs []Output
		for i := 1; i <= 40; i++ {
			outs = append(outs, Output{Key: RecordKey("acme", batch, i, "html"), Body: []byte(fmt.Sprintf("record %d", i))})
		}
		outs = append(outs, Output{Key: JobKey("acme", uuid.New(), "pdf"), Body: random(t, 1<<16)})
		require.NoError(t, PutAll(ctx, s, outs))
		for _, o := range outs {
			require.Equal(t, o.Body, read(t, s, o.Key, 0, -1), o.Key)
		}
		require.NoError(t, PutAll(ctx, s, nil))
		require.Error(t, PutAll(ctx, s, []Output{{Key: "outputs/../etc/passwd", Body: []byte("x")}}), "a key of another shape is refused")
	})
}

// The file store's group leaves no temporary file, and one that fails
// leaves none either.
func TestFilesPutGroupLeavesNoTemp(t *testing.T) {
	t.Parallel()
	eachWriteMode(t, filesPutGroupLeavesNoTemp)
}

func filesPutGroupLeavesNoTemp(t *testing.T, s *Files) {
	ctx := context.Background()
	batch := uuid.New()
	outs := []Output{
		{Key: RecordKey("acme", batch, 1, "html"), Body: []byte("one")},
		{Key: RecordKey("acme", batch, 2, "html"), Body: []byte("two")},
	}
	require.NoError(t, s.PutGroup(ctx, outs))
	dir := filepath.Join(s.Dir, filepath.FromSlash(BatchPrefix("acme", batch)))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2)

	// A folder where record 3's file should go: the rename fails.
	third := filepath.Join(dir, RecordName(3, "html"))
	require.NoError(t, os.MkdirAll(filepath.Join(third, "in-the-way"), 0o750))
	err = s.PutGroup(ctx, []Output{{Key: RecordKey("acme", batch, 3, "html"), Body: []byte("three")}})
	require.Error(t, err)
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 3, "the two outputs and the folder in the way, no temporary file: %v", entries)
}

// TestFilesPutOverAFileIsAtomic checks that a reader of an output that is
// being replaced reads one whole version or the other, never a partial
// file: the new version is renamed over the old.
func TestFilesPutOverAFileIsAtomic(t *testing.T) {
	t.Parallel()
	eachWriteMode(t, filesPutOverAFileIsAtomic)
}

func filesPutOverAFileIsAtomic(t *testing.T, s *Files) {
	ctx := context.Background()
	key := JobKey("acme", uuid.New(), "pdf")
	versions := [][]byte{bytes.Repeat([]byte("a"), 256<<10), bytes.Repeat([]byte("b"), 256<<10)}
	require.NoError(t, s.Put(ctx, key, versions[0]))
	path := filepath.Join(s.Dir, filepath.FromSlash(key))

	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 50 {
			if err := s.Put(ctx, key, versions[(i+1)%2]); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	reads := 0
	for {
		select {
		case <-done:
			require.Positive(t, reads)
			return
		default:
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, versions[0]) || bytes.Equal(b, versions[1]), "a partial or mixed file of %d bytes", len(b))
		reads++
	}
}

// TestFilesNewOutputAppearsWhole checks that a new output's name never
// shows a partial file (docs/storage.md: written atomically): a
// reader watching the names of a group being stored finds each one absent
// or at its full size. Written in place (created, then written), the
// names showed up empty or short.
func TestFilesNewOutputAppearsWhole(t *testing.T) {
	t.Parallel()
	eachWriteMode(t, filesNewOutputAppearsWhole)
}

func filesNewOutputAppearsWhole(t *testing.T, s *Files) {
	ctx := context.Background()
	batch := uuid.New()
	body := bytes.Repeat([]byte("x"), 4<<20)
	var outs []Output
	var paths []string
	for i := 1; i <= 16; i++ {
		key := RecordKey("acme", batch, i, "pdf")
		outs = append(outs, Output{Key: key, Body: body})
		paths = append(paths, filepath.Join(s.Dir, filepath.FromSlash(key)))
	}
	// The folder exists first, so that the watcher can look before the
	// group starts.
	require.NoError(t, os.MkdirAll(filepath.Dir(paths[0]), 0o750))

	done := make(chan error, 1)
	go func() { done <- s.PutGroup(ctx, outs) }()
	seen := 0
	for finished := false; !finished; {
		select {
		case err := <-done:
			require.NoError(t, err)
			finished = true
		default:
		}
		for _, p := range paths {
			fi, err := os.Stat(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			require.NoError(t, err)
			require.Equal(t, int64(len(body)), fi.Size(), "%s showed a partial file", filepath.Base(p))
			seen++
		}
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, body))
	}
	t.Logf("%d looks at a stored name, each at its full size", seen)
}

// eachWriteMode runs fn on a file store in a new folder for each way of
// writing outputs: unnamed files linked by their descriptor or through
// /proc/self/fd (Linux, where the file system has them, as here), and named
// temporary files renamed (where it does not). It first checks that a store
// left to choose takes the first way that works here.
func eachWriteMode(t *testing.T, fn func(t *testing.T, s *Files)) {
	ways := []linkWay{linkNone}
	if runtime.GOOS == "linux" {
		found := (&Files{Dir: t.TempDir()}).way()
		require.NotEqual(t, linkNone, found, "unnamed files (O_TMPFILE) linked in %s", os.TempDir())
		ways = append(ways, linkProc)
		if found == linkEmptyPath {
			ways = append(ways, linkEmptyPath)
		} else {
			t.Logf("linkat(AT_EMPTY_PATH) is refused here (Linux before 6.10, without CAP_DAC_READ_SEARCH): not tested")
		}
	}
	names := map[linkWay]string{linkEmptyPath: "unnamed", linkProc: "unnamed-proc", linkNone: "named"}
	for _, way := range ways {
		t.Run(names[way], func(t *testing.T) {
			t.Parallel()
			fn(t, &Files{Dir: t.TempDir(), only: way})
		})
	}
}
