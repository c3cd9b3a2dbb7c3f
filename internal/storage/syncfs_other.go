//go:build !linux

package storage

import (
	"errors"
	"io/fs"
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

// probeLinkWay: unnamed files (O_TMPFILE) are Linux's; named temporary
// files are written instead.
func probeLinkWay(dir string) (w linkWay, known bool) { return linkNone, true }

// folder is a folder that outputs are written to, by its path here.
type folder struct {
	fd   int
	path string
}

// openFolder makes the folder at path if it is missing.
func openFolder(path string) (folder, error) {
	return folder{fd: -1, path: path}, os.MkdirAll(path, 0o750)
}

func (f folder) close() {}

// openFiles: no descriptor is kept open here.
func openFiles() int { return 4 * maxOpenFolders }

// removed says whether f is missing now.
func (f folder) removed() bool {
	_, err := os.Stat(f.path)
	return errors.Is(err, fs.ErrNotExist)
}

func writeUnnamed(f folder, body []byte) (fd int, ok bool, err error) { return -1, false, nil }

func linkUnnamed(fd int, w linkWay, f folder, name string) error { return errors.ErrUnsupported }

func closeFD(fd int) error { return nil }
