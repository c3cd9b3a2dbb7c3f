package storage

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/s3test"
)

func TestPingSaysWhetherTheStoreIsUp(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		require.NoError(t, Ping(t.Context(), s))
	})

	t.Run("files", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		require.ErrorIs(t, Ping(t.Context(), &Files{Dir: filepath.Join(dir, "missing")}), ErrUnavailable)
		file := filepath.Join(dir, "file")
		require.NoError(t, os.WriteFile(file, nil, 0o600))
		require.ErrorIs(t, Ping(t.Context(), &Files{Dir: file}), ErrUnavailable, "not a folder")
	})

	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		cfg := s3test.NewBucket(t)
		cfg.Bucket += "-missing"
		s, err := New(ctx, cfg)
		require.NoError(t, err)
		defer s.Close()
		require.ErrorIs(t, Ping(ctx, s), ErrUnavailable, "no such bucket")

		cfg = s3test.NewBucket(t)
		cfg.Endpoint = "http://127.0.0.1:1" // nothing listens there
		s, err = New(ctx, cfg)
		require.NoError(t, err)
		defer s.Close()
		require.ErrorIs(t, Ping(ctx, s), ErrUnavailable, "unreachable")
	})
}

// A full disk is an outage: Ping fails with ENOSPC below MinFree. A tmpfs
// of 2 MiB filled to its last page stands for it.
func TestPingFullDisk(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Fatal("mounting a small tmpfs needs root (CI runs as root): run the tests as root")
	}
	dir := filepath.Join(t.TempDir(), "data")
	require.NoError(t, os.Mkdir(dir, 0o755))
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "ping-test", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount a tmpfs on %s: %v %s", dir, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	s := &Files{Dir: dir}
	require.NoError(t, Ping(t.Context(), s))
	filler := filepath.Join(dir, "filler")
	err := os.WriteFile(filler, make([]byte, 3<<20), 0o600)
	require.Error(t, err)
	err = Ping(t.Context(), s)
	require.ErrorIs(t, err, ErrUnavailable)
	require.ErrorContains(t, err, "no space left")
	require.NoError(t, os.Remove(filler))
	require.NoError(t, Ping(t.Context(), s))
}
