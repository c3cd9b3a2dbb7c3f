//go:build !linux

package storage

// haveSyncfs: without syncfs(2), each file and folder is fsynced.
const haveSyncfs = false

func syncfs(dir string) error { return nil }

// freeSpace is not measured here: Ping takes the disk as not full.
func freeSpace(dir string) (bytes, inodes uint64, err error) { return MinFree, 1, nil }
