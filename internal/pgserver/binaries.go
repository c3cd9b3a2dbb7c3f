package pgserver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// ErrNoBinaries is returned (wrapped) by FindBinaries and Start when initdb and
// postgres are nowhere to be found. Its message is the fix, because the
// person reading it is usually a developer who just ran `paprika dev`.
var ErrNoBinaries = errors.New("PostgreSQL server binaries not found (initdb, postgres); " +
	"install them with: sudo apt-get install -y postgresql")

// debianBinGlob is where Debian and Ubuntu keep one directory per major
// version; those directories are not on PATH by default.
const debianBinGlob = "/usr/lib/postgresql/*/bin"

// FindBinaries returns the directory holding initdb and postgres: the one on
// PATH if there is one, else the newest /usr/lib/postgresql/<version>/bin.
func FindBinaries() (string, error) {
	if dir, ok := binariesOnPath(); ok {
		return dir, nil
	}
	dirs, _ := filepath.Glob(debianBinGlob) // the pattern is constant and valid
	for _, dir := range newestFirst(dirs) {
		if hasBinaries(dir) {
			return dir, nil
		}
	}
	return "", ErrNoBinaries
}

// binariesOnPath resolves symlinks because Debian's postgresql-common puts
// links such as /usr/local/bin/initdb -> /usr/lib/postgresql/15/bin/initdb on
// PATH, and postgres finds its share directory relative to its real location.
func binariesOnPath() (string, bool) {
	var dirs []string
	for _, name := range []string{"initdb", "postgres"} {
		p, err := exec.LookPath(name)
		if err != nil {
			return "", false
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return "", false
		}
		dirs = append(dirs, filepath.Dir(real))
	}
	// initdb starts the postgres beside it, so a mixed pair would initdb with
	// one version and run another.
	if dirs[0] != dirs[1] || !hasBinaries(dirs[0]) {
		return "", false
	}
	return dirs[0], true
}

func hasBinaries(dir string) bool {
	for _, name := range []string{"initdb", "postgres"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
			return false
		}
	}
	return true
}

// newestFirst sorts /usr/lib/postgresql/<version>/bin directories by version,
// numerically so that 10 comes before 9.6.
func newestFirst(dirs []string) []string {
	slices.SortFunc(dirs, func(a, b string) int {
		return slices.Compare(versionOf(b), versionOf(a))
	})
	return dirs
}

// versionOf extracts "9.6" or "15" from /usr/lib/postgresql/15/bin.
func versionOf(binDir string) []int {
	var v []int
	for _, part := range strings.Split(filepath.Base(filepath.Dir(binDir)), ".") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil // not a version: sorts last
		}
		v = append(v, n)
	}
	return v
}
