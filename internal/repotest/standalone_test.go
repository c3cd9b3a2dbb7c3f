package repotest

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// rule is one kind of line a file of the repository must not hold, and what
// to write instead.
type rule struct {
	re   *regexp.Regexp
	what string
}

// rules are what a reader of a clone could not follow: a path or document
// outside it, the design document the project was started from by its
// nickname, and numbered issues of a tracker the repository does not carry.
// A random or fuzzing seed is no such reference: the nickname is matched
// only as "the seed", "seed's" or "seed/", never "seed" or "seeds" alone.
var rules = []rule{
	{regexp.MustCompile(quoteAll(outside)), "leads outside the repository; name what it needs in the repository instead"},
	{regexp.MustCompile(`(?i)\bthe seed\b|\bseed's\b|\bseed/`), "cites the design document the project was started from; say what it means (a page of docs/, a file, the behaviour)"},
	{regexp.MustCompile(`(?i)\bissues? #?[0-9]+`), "cites a numbered issue a reader cannot open; say what it was (the input, the build, the change)"},
}

// allowed are the files that may hold what rules refuse, each with the
// reason. Only this file needs it: it spells the patterns it looks for and
// the lines its own test must refuse.
var allowed = map[string]string{
	"internal/repotest/standalone_test.go": "spells the patterns it refuses",
}

// TestRepositoryStandsAlone fails naming each file:line, in every file of
// the repository (tracked or not yet added, ignored files left out), that
// mentions a path or a document outside it, or cites the project's notes
// (the design document by its nickname, a numbered issue) instead of saying
// what it means.
func TestRepositoryStandsAlone(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	hits, err := search(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if _, ok := allowed[h.file]; ok {
			continue
		}
		t.Errorf("%s:%d %s: %s", h.file, h.line, h.what, strings.TrimSpace(h.text))
	}
}

// TestRulesTellNotesFromSeeds holds the rules to what they are for: each
// citation below is refused, and each legitimate use of the same words
// passes.
func TestRulesTellNotesFromSeeds(t *testing.T) {
	refused := []string{
		"runs " + "the seed's topology on one host",
		"The " + "Seed's example tiers",
		"as " + "the seed shows.",
		"the PAPRIKA_TIERS of " + "the seed page",
		"see ../" + "seed/notes",
		"where " + "issue 7 started",
		"Issue" + " 12: 8 clients",
		"issues" + " 3 and 4",
		"(issue" + " #24)",
		"see " + "SPEC" + ".md",
		"as " + "SPEC" + " § 4 says",
		"../" + "shared/x",
	}
	for _, l := range refused {
		if refusing(l) == "" {
			t.Errorf("%q passes the rules", l)
		}
	}
	passed := []string{
		"f.Add(seed) // fuzzing seeds",
		"the corpus's seeds are in testdata/fuzz",
		"rand.New(rand.NewPCG(seed, 2))",
		"the seeded generator, seeding it once",
		"golang/go#75804, fixed in Go 1.27",
		"an issue with the lease",
		"the tissue 7 pages", // a word that ends in "issue"
	}
	for _, l := range passed {
		if w := refusing(l); w != "" {
			t.Errorf("%q is refused: %s", l, w)
		}
	}
}

// refusing says what the first rule line breaks refuses, or "".
func refusing(line string) string {
	for _, r := range rules {
		if r.re.MatchString(line) {
			return r.what
		}
	}
	return ""
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = regexp.QuoteMeta(s)
	}
	return strings.Join(q, "|")
}

type hit struct {
	file string // slash-separated, relative to the repository's root
	line int
	text string
	what string // what the rule it breaks refuses
}

// search finds the lines of the repository's text files that break a rule.
func search(root string) ([]hit, error) {
	files, err := repoFiles(root)
	if err != nil {
		return nil, err
	}
	var hits []hit
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // tracked, deleted in the work tree
		}
		if err != nil {
			return nil, err
		}
		if bytes.IndexByte(b, 0) >= 0 {
			continue // binary
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, len(b)+1)
		for n := 1; sc.Scan(); n++ {
			if what := refusing(sc.Text()); what != "" {
				hits = append(hits, hit{rel, n, sc.Text(), what})
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return hits, nil
}

// repoFiles lists the repository's files, slash-separated and relative to
// root: the files git would read (tracked ones and new ones not ignored)
// when there is a git, every file under root but .git and node_modules
// otherwise.
func repoFiles(root string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(root, ".git")); err == nil {
		if _, err := exec.LookPath("git"); err == nil {
			out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
			if err != nil {
				return nil, err
			}
			return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"), nil
		}
	}
	var files []string
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
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

// repoRoot is the directory holding the module's go.mod, above the
// test's own directory.
// repository is the repository's root and the files git tracks in it
// (repoFiles), or the test fails.
func repository(t *testing.T) (root string, files []string) {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if files, err = repoFiles(root); err != nil {
		t.Fatal(err)
	}
	return root, files
}

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
