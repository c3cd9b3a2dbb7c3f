package storage

import (
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
