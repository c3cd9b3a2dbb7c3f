package chromium

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStaleProfilesAreRemoved checks that making a profile directory
// removes those of processes that are gone, and only those: a live
// process's (ours), one named without a pid, and a file stay.
func TestStaleProfilesAreRemoved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gone := exec.Command("true")
	require.NoError(t, gone.Run()) // its pid is free now, and reaped
	dead := filepath.Join(dir, profilePrefix+strconv.Itoa(gone.Process.Pid)+"-123")
	live := filepath.Join(dir, profilePrefix+strconv.Itoa(os.Getpid())+"-456")
	old := filepath.Join(dir, profilePrefix+"789abc")
	file := filepath.Join(dir, profilePrefix+strconv.Itoa(gone.Process.Pid)+"-file")
	for _, d := range []string{dead, live, old} {
		require.NoError(t, os.MkdirAll(filepath.Join(d, "profile", "Default"), 0o700))
	}
	require.NoError(t, os.WriteFile(file, nil, 0o600))

	made, err := makeProfileDir(dir, nil) // no logger: newLaunch's callers may pass none
	require.NoError(t, err)
	require.NoDirExists(t, dead)
	require.DirExists(t, live)
	require.DirExists(t, old)
	require.FileExists(t, file)
	pid, ok := profilePid(filepath.Base(made))
	require.True(t, ok, made)
	require.Equal(t, os.Getpid(), pid)
}
