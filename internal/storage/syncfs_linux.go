package storage

import (
	"io"
	"io/fs"
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

// writeNew creates the file at path, which must not exist (O_EXCL), with
// body, by plain system calls: os.OpenFile also sets the descriptor
// non-blocking, tries to add it to the network poller and back (five more
// calls, which fail for a file), and gives it a finalizer, 3% of a worker's
// CPU in bench/scheduler. Its errors are those of os.OpenFile: a
// *fs.PathError wrapping the errno, so that errors.Is(err, fs.ErrExist) and
// fs.ErrNotExist hold as they do for os. The file is synced only when sync
// is set (haveSyncfs makes it unneeded here).
func writeNew(path string, body []byte, sync bool) error {
	fd, err := unix.Open(path, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o640)
	for err == unix.EINTR {
		fd, err = unix.Open(path, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o640)
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	for len(body) > 0 && err == nil {
		var n int
		switch n, err = unix.Write(fd, body); {
		case err == unix.EINTR:
			err = nil
		case err == nil && n == 0:
			err = io.ErrShortWrite // never for a file; no endless loop if it were
		case err == nil:
			body = body[n:]
		}
	}
	if err == nil && sync {
		err = unix.Fsync(fd)
	}
	if cerr := unix.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &fs.PathError{Op: "write", Path: path, Err: err}
	}
	return nil
}
