//go:build !linux

package storage

import (
	"errors"
	"os"
)

// haveSyncfs: without syncfs(2), each file and folder is fsynced.
const haveSyncfs = false

func syncfs(dir string) error { return nil }

// freeSpace is not measured here: Ping takes the disk as not full.
func freeSpace(dir string) (bytes, inodes uint64, err error) { return MinFree, 1, nil }

// writeNew creates the file at path, which must not exist, with body.
func writeNew(path string, body []byte, sync bool) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	_, err = f.Write(body)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// canLinkUnnamed: unnamed files (O_TMPFILE) are Linux's; named temporary
// files are written instead.
func canLinkUnnamed(dir string) (ok, known bool) { return false, true }

func writeUnnamed(dir string, body []byte) (fd int, ok bool, err error) { return -1, false, nil }

func linkUnnamed(fd int, path string) error { return errors.ErrUnsupported }

func closeFD(fd int) error { return nil }
