package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpoolLeavesNothingOnDisk writes a print through a spool in chunks:
// it reads back whole, and its file is never in the temporary directory,
// so that a process killed mid-render leaves nothing there.
func TestSpoolLeavesNothingOnDisk(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	s := newSpool()
	require.NotNil(t, s.f, "a temporary file, not memory")
	var want bytes.Buffer
	for i := range 5 {
		chunk := bytes.Repeat([]byte{byte('a' + i)}, 1<<20)
		want.Write(chunk)
		_, err := s.Write(chunk)
		require.NoError(t, err)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Empty(t, entries)
	}
	got, err := s.Bytes()
	require.NoError(t, err)
	require.Equal(t, want.Bytes(), got)
	require.Equal(t, len(got), cap(got), "read back at its size")
	s.Close()
}

// TestSpoolWithoutATemporaryDirectory holds the print in memory where no
// temporary file can be made.
func TestSpoolWithoutATemporaryDirectory(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	s := newSpool()
	defer s.Close()
	require.Nil(t, s.f)
	_, err := s.Write([]byte("%PDF-1.4 whole"))
	require.NoError(t, err)
	got, err := s.Bytes()
	require.NoError(t, err)
	require.Equal(t, "%PDF-1.4 whole", string(got))
}
