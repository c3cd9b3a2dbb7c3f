package storage

import (
	"math"
	"os"

	"golang.org/x/sys/unix"
)

// haveSyncfs: Linux syncs a whole file system with one call.
const haveSyncfs = true

// syncfs flushes every file and folder of the file system dir is on.
func syncfs(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}

// freeSpace is what the file system dir is on has free for this process:
// bytes and inodes (a file system that counts no inodes, as btrfs, has
// them without end).
func freeSpace(dir string) (bytes, inodes uint64, err error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, 0, err
	}
	inodes = st.Ffree
	if st.Files == 0 {
		inodes = math.MaxUint64
	}
	return st.Bavail * uint64(st.Bsize), inodes, nil
}
