package storage

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// A folder the store keeps open that is removed behind its back (by
// another process's delete) is made again by the next put into it, which
// stores its output there.
func TestFilesPutIntoAFolderRemovedSince(t *testing.T) {
	t.Parallel()
	eachWriteMode(t, func(t *testing.T, s *Files) {
		ctx := context.Background()
		batch := uuid.New()
		require.NoError(t, s.Put(ctx, RecordKey("acme", batch, 1, "html"), []byte("one")))
		dir := filepath.Join(s.Dir, filepath.FromSlash(BatchPrefix("acme", batch)))
		require.NoError(t, os.RemoveAll(filepath.Join(s.Dir, filepath.FromSlash(TenantPrefix("acme")))))

		require.NoError(t, PutAll(ctx, s, []Output{
			{Key: RecordKey("acme", batch, 2, "html"), Body: []byte("two")},
			{Key: RecordKey("acme", batch, 3, "html"), Body: []byte("three")},
		}))
		for i, want := range map[int]string{2: "two", 3: "three"} {
			b, err := os.ReadFile(filepath.Join(dir, RecordName(i, "html")))
			require.NoError(t, err)
			require.Equal(t, want, string(b))
		}
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, entries, 2, "the two new outputs, nothing else: %v", entries)

		// The store's own delete forgets the folders it removes.
		require.NoError(t, s.DeletePrefix(ctx, BatchPrefix("acme", batch)))
		require.NotContains(t, s.folders.open, filepath.Clean(dir))
		require.NoError(t, s.Put(ctx, RecordKey("acme", batch, 4, "html"), []byte("four")))
		require.FileExists(t, filepath.Join(dir, RecordName(4, "html")))
	})
}

// The store keeps at most its bound of folders open (maxOpenFolders, less
// where the process may open few files), and none once closed.
func TestFilesKeepsFoldersOpenWithinBound(t *testing.T) {
	t.Parallel()
	s := &Files{Dir: t.TempDir()}
	ctx := context.Background()
	fds := func() int {
		entries, err := os.ReadDir("/proc/self/fd")
		require.NoError(t, err)
		return len(entries)
	}
	before := fds()
	require.NoError(t, s.Put(ctx, JobKey("acme", uuid.New(), "pdf"), []byte("x")))
	bound := s.folders.max
	require.Equal(t, max(16, min(maxOpenFolders, openFiles()/4)), bound)
	var outs []Output
	for range bound + 100 {
		outs = append(outs, Output{Key: RecordKey("acme", uuid.New(), 1, "html"), Body: []byte("x")})
	}
	for i := 0; i < len(outs); i += 64 {
		require.NoError(t, PutAll(ctx, s, outs[i:min(i+64, len(outs))]))
		require.LessOrEqual(t, len(s.folders.open), bound)
	}
	require.Greater(t, len(s.folders.open), bound/2, "the folders are kept open between puts")
	// Other tests run beside this one: the bound is on this store's share.
	require.Less(t, fds()-before, bound+64)
	for _, o := range outs {
		require.FileExists(t, filepath.Join(s.Dir, filepath.FromSlash(o.Key)))
	}
	require.NoError(t, s.Close())
	require.Empty(t, s.folders.open)
}

// A folder removed in the middle of a group, after one of its outputs was
// written there and before the next: the group fails (the first output
// cannot be named in a folder that is gone), and is never named through a
// descriptor closed meanwhile, whose number another folder may have taken.
// Stored again, both outputs are whole at their names.
func TestFilesFolderRemovedWithinAGroup(t *testing.T) {
	t.Parallel()
	eachWriteMode(t, func(t *testing.T, s *Files) {
		ctx := context.Background()
		batch := uuid.New()
		dir := filepath.Join(s.Dir, filepath.FromSlash(BatchPrefix("acme", batch)))
		require.NoError(t, s.Put(ctx, RecordKey("acme", batch, 1, "html"), []byte("one")))
		outs := []Output{
			{Key: RecordKey("acme", batch, 2, "html"), Body: []byte("two")},
			{Key: RecordKey("acme", batch, 3, "html"), Body: []byte("three")},
		}
		s.written = func(i int) {
			if i == 0 {
				require.NoError(t, os.RemoveAll(dir))
			}
		}
		err := s.PutGroup(ctx, outs)
		require.Error(t, err)
		require.NotErrorIs(t, err, syscall.EBADF)

		s.written = nil
		require.NoError(t, s.PutGroup(ctx, outs))
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		require.ElementsMatch(t, []string{RecordName(2, "html"), RecordName(3, "html")}, names)
		for _, o := range outs {
			b, err := os.ReadFile(filepath.Join(s.Dir, filepath.FromSlash(o.Key)))
			require.NoError(t, err)
			require.Equal(t, o.Body, b)
		}
	})
}
