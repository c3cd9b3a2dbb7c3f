package storage

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// Staged outputs are invisible until Commit, then whole and in place, with
// no temporary file left.
func TestStageThenCommitPutsEveryOutputInPlace(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	batch := uuid.New()
	var staged []Staged
	for i := 1; i <= 20; i++ {
		st, err := s.Stage(s.RecordPath("acme", batch, i, "html"), []byte(fmt.Sprintf("record %d", i)))
		require.NoError(t, err)
		staged = append(staged, st)
	}
	job := s.JobPath("acme", uuid.New(), "pdf")
	st, err := s.Stage(job, []byte("job"))
	require.NoError(t, err)
	staged = append(staged, st)
	_, err = os.Stat(job)
	require.ErrorIs(t, err, os.ErrNotExist, "not in place before Commit")

	require.NoError(t, s.Commit(staged))
	for i := 1; i <= 20; i++ {
		b, err := os.ReadFile(s.RecordPath("acme", batch, i, "html"))
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("record %d", i), string(b))
	}
	entries, err := os.ReadDir(filepath.Dir(s.RecordPath("acme", batch, 1, "html")))
	require.NoError(t, err)
	require.Len(t, entries, 20, "no temporary file left behind")
	require.NoError(t, s.Commit(nil))
}

// Discarded outputs leave nothing; a Commit that fails leaves no temporary
// file and says so.
func TestDiscardAndFailedCommitLeaveNothing(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	path := s.JobPath("acme", uuid.New(), "html")
	st, err := s.Stage(path, []byte("x"))
	require.NoError(t, err)
	Discard([]Staged{st})
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Empty(t, entries)

	st, err = s.Stage(path, []byte("y"))
	require.NoError(t, err)
	// A folder where the output should go: the rename fails.
	require.NoError(t, os.Mkdir(path, 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(path, "keep"), nil, 0o600))
	require.Error(t, s.Commit([]Staged{st}))
	entries, err = os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the folder in the way is left: %v", entries)
}
