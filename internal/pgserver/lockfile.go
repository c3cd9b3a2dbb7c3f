package pgserver

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// clearStaleLock removes a lock file (postmaster.pid or the socket's .lock)
// left by a postgres that is gone, and fails if its owner is still running.
//
// postgres does this check itself, but only by asking whether the PID is
// alive. In containers PIDs restart from 1 at every boot, so a pgdata kept in
// a volume routinely names a PID that now belongs to some unrelated process,
// and postgres then refuses to start. We look closer: the PID must be a
// process whose working directory is our pgdata, since the postmaster and
// all its children chdir there.
func clearStaleLock(path, pgdata string) error {
	pid, err := lockPID(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err == nil && runsIn(pid, pgdata) {
		return fmt.Errorf("a PostgreSQL server (pid %d) is already running on %s", pid, pgdata)
	}
	// An unreadable or garbled lock file is as stale as one naming a dead PID.
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove stale %s: %w", path, err)
	}
	return nil
}

// lockPID reads the first line of a PostgreSQL lock file, which is the PID
// of its owner (negative in single-user mode).
func lockPID(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return 0, fmt.Errorf("%s: empty", path)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(sc.Text()))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if pid < 0 {
		pid = -pid
	}
	return pid, nil
}

// runsIn reports whether pid is a live process working in dir. Where /proc
// cannot tell (another OS, or another user's process), a live PID counts as
// running: refusing to start is safer than two postmasters on one pgdata.
func runsIn(pid int, dir string) bool {
	if pid <= 0 || !alive(pid) {
		return false
	}
	cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
	if err != nil {
		return true
	}
	want, err := filepath.EvalSymlinks(dir)
	if err != nil {
		want = dir
	}
	return cwd == want
}

// alive reports whether pid names a process that has not exited. A zombie has
// exited: it only waits for its parent (or an init that may never reap it,
// as in many containers) to collect its status.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc here; kill said it exists
	}
	// The state follows the command name, which is in parentheses and may
	// itself contain ") ".
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
