package chromium

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// profilePrefix starts the name of every Chromium profile directory, which
// goes on with the pid of the Paprika process that made it:
// paprika-chromium-<pid>-<random>.
const profilePrefix = "paprika-chromium-"

// makeProfileDir makes this process's next profile directory in dir, first
// removing those whose process is gone: a process killed with SIGKILL never
// removes its own, and each held a Chromium profile (a few MiB).
func makeProfileDir(dir string, log *slog.Logger) (string, error) {
	removeStaleProfiles(dir, log)
	return os.MkdirTemp(dir, profilePrefix+strconv.Itoa(os.Getpid())+"-")
}

// removeStaleProfiles removes the profile directories in dir whose maker's
// pid no longer runs. A pid that runs, ours or a stranger's that took the
// number, keeps its directory: a leftover is better than a profile removed
// under a live browser. Names without a pid (made before it was in the
// name) are left alone.
func removeStaleProfiles(dir string, log *slog.Logger) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := profilePid(e.Name())
		if !ok || !e.IsDir() || running(pid) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.RemoveAll(path); err != nil {
			log.Warn("a dead process's Chromium profile could not be removed", "dir", path, "error", err)
			continue
		}
		log.Info("removed a dead process's Chromium profile", "dir", path, "pid", pid)
	}
}

// profilePid is the pid in a profile directory's name.
func profilePid(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, profilePrefix)
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "-")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(num)
	return pid, err == nil && pid > 0
}

// running says whether a process with this pid exists (a zombie counts).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
