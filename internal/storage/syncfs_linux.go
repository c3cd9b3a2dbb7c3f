package storage

import (
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"

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
	err = writeAll(fd, body)
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

// writeAll writes body to fd.
func writeAll(fd int, body []byte) error {
	var err error
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
	return err
}

// canLinkUnnamed says whether an unnamed file (O_TMPFILE) made in dir can
// be linked at a name there, through /proc/self/fd (linkat's AT_EMPTY_PATH
// needs a capability a worker does not have), by making one and linking
// it. known is false when the probe failed for another reason (the folder
// missing or full): a later put asks again.
func canLinkUnnamed(dir string) (ok, known bool) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return false, false
	}
	fd, ok, err := writeUnnamed(dir, nil)
	if !ok {
		return false, true // no O_TMPFILE here
	}
	if err != nil {
		return false, false
	}
	defer closeFD(fd)
	name := tempName(dir)
	switch err := linkUnnamed(fd, name); {
	case err == nil:
		os.Remove(name)
		return true, true
	case errors.Is(err, fs.ErrPermission), errors.Is(err, fs.ErrNotExist), errors.Is(err, unix.EXDEV), errors.Is(err, unix.EOPNOTSUPP):
		return false, true // no /proc, or no linking allowed
	default:
		return false, false
	}
}

// writeUnnamed writes body to a new file in dir that has no name yet
// (O_TMPFILE), and returns its descriptor, for linkUnnamed once its data is
// durable. ok is false where the file system has no O_TMPFILE or no
// descriptor is left: the caller writes a named temporary file instead.
// An error with ok says why the file could not be written; fs.ErrNotExist,
// that dir is missing.
func writeUnnamed(dir string, body []byte) (fd int, ok bool, err error) {
	fd, err = unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o640)
	for err == unix.EINTR {
		fd, err = unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o640)
	}
	switch err {
	case nil:
	case unix.EOPNOTSUPP, unix.EISDIR, unix.EINVAL, unix.EMFILE, unix.ENFILE:
		return -1, false, nil
	default:
		return -1, true, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	if err = writeAll(fd, body); err != nil {
		unix.Close(fd)
		return -1, true, &fs.PathError{Op: "write", Path: dir, Err: err}
	}
	return fd, true, nil
}

// linkUnnamed gives the unnamed file fd the name path, which must not
// exist (fs.ErrExist if it does).
func linkUnnamed(fd int, path string) error {
	from := "/proc/self/fd/" + strconv.Itoa(fd)
	err := unix.Linkat(unix.AT_FDCWD, from, unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	for err == unix.EINTR {
		err = unix.Linkat(unix.AT_FDCWD, from, unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	}
	if err != nil {
		return &fs.PathError{Op: "link", Path: path, Err: err}
	}
	return nil
}

func closeFD(fd int) error { return unix.Close(fd) }
