package storage

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestWriteIsAtomicAndLeavesNoTemp(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	id := uuid.New()
	path := s.JobPath("acme", id, "pdf")
	require.NoError(t, s.Write(path, []byte("one")))
	require.NoError(t, s.Write(path, []byte("two")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "two", string(b))
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left behind")
	require.Equal(t, "000042.png", filepath.Base(s.RecordPath("acme", id, 42, "png")))
}

func TestWriteFailsCleanly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	blocker := filepath.Join(dir, "outputs")
	require.NoError(t, os.WriteFile(blocker, []byte("a file where a folder should be"), 0o600))
	s := &Store{Dir: dir}
	require.Error(t, s.Write(s.JobPath("acme", uuid.New(), "html"), []byte("x")))
}
