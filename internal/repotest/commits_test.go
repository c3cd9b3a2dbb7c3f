package repotest

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// measurementLog is the one page of docs/ that keeps dated runs and the
// commits they measured; the other pages say what holds now.
const measurementLog = "docs/performance-log.md"

// measuredAt opens the one line under a figure that may name the commit it
// was measured at: "Measured at 2345981 on 2026-11-30, load average 4.4–8.7."
var measuredAt = regexp.MustCompile(`^\s*[*_]?Measured at `)

// word is a maximal run of the characters a commit hash, a UUID or a
// request id is written with; a hash is a whole word of it.
var word = regexp.MustCompile(`[0-9A-Za-z_-]+`)

// requestIDBefore ends the text before a request id in an example answer
// ("requestId":"18bf6e6c", X-Request-Id: 2a82abb5), which is hexadecimal
// like a commit and no citation of one.
var requestIDBefore = regexp.MustCompile(`(?i)request-?id"?:\s*"?$`)

// TestUserPagesCiteNoCommits holds README.md and the pages of docs/ but the
// measurement log to what holds now: a commit hash (7 to 40 hexadecimal
// digits) there is a lab note, a figure's history that belongs in the
// log, except on the one "Measured at" line that gives a figure's
// provenance.
func TestUserPagesCiteNoCommits(t *testing.T) {
	root, files := repository(t)
	pages := 0
	for _, rel := range files {
		if !userPage(rel) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			continue // tracked, deleted in the work tree
		}
		pages++
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, len(b)+1)
		for n := 1; sc.Scan(); n++ {
			for _, h := range commitHashes(sc.Text()) {
				t.Errorf("%s:%d cites commit %s: move the run to %s, or give the figure's provenance on one line opening %q", rel, n, h, measurementLog, "Measured at ")
			}
		}
	}
	if pages == 0 {
		t.Fatal("found no page of docs/: the test reads nothing")
	}
}

// TestCommitHashesTellCommitsFromExamples holds commitHashes to what it is
// for: each commit cited below is found, and each hexadecimal example a
// page needs (request ids, UUIDs, colours, digests, numbers) is not.
func TestCommitHashesTellCommitsFromExamples(t *testing.T) {
	cited := map[string]string{
		"2026-11-30 05:43–05:50 at commit 2345981 (with the tab": "2345981",
		"the build before the claim was reworked (5822afa)":      "5822afa",
		"| a claim stays within the ranking's bound | c47337a |": "c47337a",
		"before is d47016a, after is the head":                   "d47016a",
		"git worktree add /tmp/base 6299d3d":                     "6299d3d",
		"at 9e5e6891c2a4b8d0e1f2a3b4c5d6e7f8a9b0c1d2 exactly":    "9e5e6891c2a4b8d0e1f2a3b4c5d6e7f8a9b0c1d2",
		"(the claim of a25c0bf's round)":                         "a25c0bf",
	}
	for l, want := range cited {
		if got := commitHashes(l); len(got) != 1 || got[0] != want {
			t.Errorf("%q: found %q, want [%s]", l, got, want)
		}
	}
	passed := []string{
		"Measured at 2345981 on 2026-11-30, load average 4.4–8.7.",
		"*Measured at 7970f69 and e742077 on 2026-12-03.*",
		`{"code":"busy","message":"Busy","requestId":"aca0b236"}`,
		`{ "code": "bad-request", "requestId": "69788ef8" }`,
		"X-Request-Id: 2a82abb5",
		"Location: /v1/jobs/01a22ab5-c7bb-78b5-be53-f1b182f26446",
		`"id":"0193a1b2-…"`,
		"color: #2b5797; background: #e3e6ec80",
		"sha256 7546156a194a422cd38b70d65e3ff403ea6472cf41ab0fc0d5265363a57e1c33",
		"`PAPRIKA_MAX_BATCH_BYTES` | `104857600` |",
		"the check digit of 4006381333932 is 1",
		"`0x7f000001`, `2130706433`",
		"`aaaaaaaaaaaaaaaaaa` read as",
		"the invoice was defaced, effaced", // words of the letters a–f alone
	}
	for _, l := range passed {
		if got := commitHashes(l); len(got) != 0 {
			t.Errorf("%q: found %q, want none", l, got)
		}
	}
}

// userPage says whether rel is a page a user or operator reads: README.md
// or a page of docs/, the measurement log aside.
func userPage(rel string) bool {
	if rel == "README.md" {
		return true
	}
	return path.Dir(rel) == "docs" && path.Ext(rel) == ".md" && rel != measurementLog
}

// commitHashes are the words of line that cite a commit: 7 to 40 lowercase
// hexadecimal digits with both a digit and a letter (or digits alone right
// after "commit "), neither a request id of an example answer nor an RGBA
// colour; none on a "Measured at" line.
func commitHashes(line string) []string {
	if measuredAt.MatchString(line) {
		return nil
	}
	var hashes []string
	for _, m := range word.FindAllStringIndex(line, -1) {
		w, before := line[m[0]:m[1]], line[:m[0]]
		if len(w) < 7 || len(w) > 40 || strings.Trim(w, "0123456789abcdef") != "" {
			continue
		}
		digits := strings.Trim(w, "0123456789") == ""
		letters := strings.Trim(w, "abcdef") == ""
		switch {
		case letters:
			continue // a word, not a hash
		case digits && !strings.HasSuffix(before, "commit "):
			continue // a number
		case requestIDBefore.MatchString(before):
			continue
		case len(w) == 8 && strings.HasSuffix(before, "#"):
			continue // #rrggbbaa
		}
		hashes = append(hashes, w)
	}
	return hashes
}
