package storage

import (
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
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

// probeLinkWay finds how unnamed files (O_TMPFILE) made in dir can be
// linked at a name there: it makes one and links it, by its descriptor
// alone if it may, else through /proc/self/fd. known is false when the
// probe failed for another reason (the folder missing or full): a later put
// asks again.
func probeLinkWay(dir string) (w linkWay, known bool) {
	f, err := openFolder(dir)
	if err != nil {
		return linkNone, false
	}
	defer f.close()
	fd, ok, err := writeUnnamed(f, nil)
	if !ok {
		return linkNone, true // no O_TMPFILE here
	}
	if err != nil {
		return linkNone, false
	}
	defer closeFD(fd)
	for _, w := range []linkWay{linkEmptyPath, linkProc} {
		name := filepath.Base(tempName(dir))
		switch err := linkUnnamed(fd, w, f, name); {
		case err == nil:
			unix.Unlinkat(f.fd, name, 0)
			return w, true
		case errors.Is(err, fs.ErrPermission), errors.Is(err, fs.ErrNotExist), errors.Is(err, unix.EXDEV), errors.Is(err, unix.EOPNOTSUPP):
			// not this way: without the capability, a kernel before 6.10
			// answers AT_EMPTY_PATH with ENOENT; without /proc, the same
		default:
			return linkNone, false
		}
	}
	return linkNone, true
}

// folder is an open folder that outputs are written to: each file is made
// and named relative to its descriptor, which spares the kernel a walk of
// the whole path for each (a tenth of a worker's CPU in bench/scheduler).
type folder struct {
	fd   int
	path string
}

// openFolder opens the folder at path, making it only when the open says
// it is missing: a stat of it for every output (os.MkdirAll) was 7% of a
// worker's CPU.
func openFolder(path string) (folder, error) {
	open := func() (int, error) {
		fd, err := unix.Open(path, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		for err == unix.EINTR {
			fd, err = unix.Open(path, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		}
		return fd, err
	}
	fd, err := open()
	if err == unix.ENOENT {
		if err := os.MkdirAll(path, 0o750); err != nil {
			return folder{}, err
		}
		fd, err = open()
	}
	if err != nil {
		return folder{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return folder{fd: fd, path: path}, nil
}

func (f folder) close() { unix.Close(f.fd) }

// openFiles is how many descriptors the process may have open (Go raises
// the soft limit to the hard one at start).
func openFiles() int {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		return 1024
	}
	return int(min(lim.Cur, 1<<20))
}

// removed says whether f was removed since it was opened (a write in it
// then fails with EPERM or ENOENT).
func (f folder) removed() bool {
	var st unix.Stat_t
	return unix.Fstat(f.fd, &st) == nil && st.Nlink == 0
}

// writeUnnamed writes body to a new file in f that has no name yet
// (O_TMPFILE), and returns its descriptor, for linkUnnamed once its data is
// durable. ok is false where the file system has no O_TMPFILE or no
// descriptor is left: the caller writes a named temporary file instead.
// An error with ok says why the file could not be written.
func writeUnnamed(f folder, body []byte) (fd int, ok bool, err error) {
	fd, err = unix.Openat(f.fd, ".", unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o640)
	for err == unix.EINTR {
		fd, err = unix.Openat(f.fd, ".", unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o640)
	}
	switch err {
	case nil:
	case unix.EOPNOTSUPP, unix.EISDIR, unix.EINVAL, unix.EMFILE, unix.ENFILE:
		return -1, false, nil
	default:
		return -1, true, &fs.PathError{Op: "open", Path: f.path, Err: err}
	}
	if err = writeAll(fd, body); err != nil {
		unix.Close(fd)
		return -1, true, &fs.PathError{Op: "write", Path: f.path, Err: err}
	}
	return fd, true, nil
}

// linkUnnamed gives the unnamed file fd the name name in f, the way w; the
// name must not exist (fs.ErrExist if it does).
func linkUnnamed(fd int, w linkWay, f folder, name string) error {
	link := func() error {
		if w == linkEmptyPath {
			return unix.Linkat(fd, "", f.fd, name, unix.AT_EMPTY_PATH)
		}
		return unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), f.fd, name, unix.AT_SYMLINK_FOLLOW)
	}
	err := link()
	for err == unix.EINTR {
		err = link()
	}
	if err != nil {
		return &fs.PathError{Op: "link", Path: filepath.Join(f.path, name), Err: err}
	}
	return nil
}

func closeFD(fd int) error { return unix.Close(fd) }
