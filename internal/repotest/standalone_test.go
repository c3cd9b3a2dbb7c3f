package repotest

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// outside are the strings that lead outside the repository: the sibling
// directory of shared notes and fixtures the project was started from, the
// absolute path of a build machine, and the design document that is not in
// the repository. A doc, a script, a flag's default or a comment that needs
// one of them says what it needs in the repository instead (a fixture under
// bench/internal/fixture, a page of docs/).
//
// Each is split so that this file does not name them itself.
var outside = []string{
	"../" + "shared",
	"shared/" + "bench/",
	"shared/" + "notes/",
	"/" + "work/",
	"SPEC" + " §",
	"SPEC" + ".md",
}

// TestRepositoryStandsAlone fails naming each file:line, in every file of
// the repository (tracked or not yet added, ignored files left out), that
// mentions a path or a document outside it.
func TestRepositoryStandsAlone(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	hits, err := search(root, outside)
	if err != nil {
		t.Fatal(err)
	}
	self := filepath.ToSlash(filepath.Join("internal", "repotest", "standalone_test.go"))
	for _, h := range hits {
		if h.file == self {
			continue
		}
		t.Errorf("%s:%d leads outside the repository: %s", h.file, h.line, strings.TrimSpace(h.text))
	}
}

type hit struct {
	file string // slash-separated, relative to the repository's root
	line int
	text string
}

// search finds the lines that hold any of pats in the repository's files:
// through git grep, which reads what git would (tracked files and new ones
// not ignored), or by walking the tree when there is no git.
func search(root string, pats []string) ([]hit, error) {
	if _, err := os.Stat(filepath.Join(root, ".git")); err == nil {
		if _, err := exec.LookPath("git"); err == nil {
			return gitGrep(root, pats)
		}
	}
	return walk(root, pats)
}

func gitGrep(root string, pats []string) ([]hit, error) {
	args := []string{"-C", root, "grep", "--untracked", "-n", "-I", "-F", "--no-color", "--full-name"}
	for _, p := range pats {
		args = append(args, "-e", p)
	}
	out, err := exec.Command("git", args...).Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return nil, nil // no line matched
	}
	if err != nil {
		return nil, err
	}
	var hits []hit
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		file, rest, ok1 := strings.Cut(l, ":")
		num, text, ok2 := strings.Cut(rest, ":")
		n, ok3 := atoi(num)
		if !ok1 || !ok2 || !ok3 {
			return nil, errors.New("git grep: cannot read " + l)
		}
		hits = append(hits, hit{file, n, text})
	}
	return hits, nil
}

func walk(root string, pats []string) ([]hit, error) {
	var hits []hit
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == ".git" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.IndexByte(b, 0) >= 0 {
			return nil // binary
		}
		rel, _ := filepath.Rel(root, path)
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, len(b)+1)
		for n := 1; sc.Scan(); n++ {
			for _, p := range pats {
				if strings.Contains(sc.Text(), p) {
					hits = append(hits, hit{filepath.ToSlash(rel), n, sc.Text()})
					break
				}
			}
		}
		return sc.Err()
	})
	return hits, err
}

func atoi(s string) (int, bool) {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, s != ""
}

// repoRoot is the directory holding the module's go.mod, above the
// test's own directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the test's directory")
		}
		dir = parent
	}
}
