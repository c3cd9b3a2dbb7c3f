package repotest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// packageTableHeader opens docs/architecture.md's table of packages.
const packageTableHeader = "| package | one reason to change |"

// TestArchitectureListsEveryPackage holds docs/architecture.md's package
// table to the module: one row for each package `go list ./...` names, and
// none for a package that is gone, so that a reader finds every package
// and what it is for.
func TestArchitectureListsEveryPackage(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := modulePackages(root)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := packageRows(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if rows[p] == 0 {
			t.Errorf("docs/architecture.md: package %s has no row in the table of packages; add one saying what it is for", p)
		}
	}
	listed := make(map[string]bool, len(pkgs))
	for _, p := range pkgs {
		listed[p] = true
	}
	for p, n := range rows {
		if !listed[p] {
			t.Errorf("docs/architecture.md: the table of packages has a row for %s, which is no package of the module", p)
		}
		if n > 1 {
			t.Errorf("docs/architecture.md: the table of packages has %d rows for %s", n, p)
		}
	}
}

// modulePackages lists the module's packages as paths relative to its
// root (cmd/paprika, internal/api, …), as `go list ./...` finds them.
func modulePackages(root string) ([]string, error) {
	cmd := exec.Command("go", "list", "-e", "-f", "{{if .Module}}{{.Module.Path}}{{end}} {{.ImportPath}}", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./... (the go command must be on PATH, as go test puts it): %w: %s", err, stderr.String())
	}
	var pkgs []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		mod, imp, ok := strings.Cut(l, " ")
		rel, inModule := strings.CutPrefix(imp, mod+"/")
		if !ok || !inModule {
			return nil, fmt.Errorf("go list: cannot read %q", l)
		}
		pkgs = append(pkgs, rel)
	}
	return pkgs, nil
}

// packageRows counts the rows of each package in the table that follows
// packageTableHeader: a row's first cell is one package's path, quoted as
// code.
func packageRows(doc []byte) (map[string]int, error) {
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() && strings.TrimSpace(sc.Text()) != packageTableHeader {
	}
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "|---") {
		return nil, fmt.Errorf("docs/architecture.md has no table headed %q", packageTableHeader)
	}
	rows := map[string]int{}
	for sc.Scan() && strings.HasPrefix(sc.Text(), "|") {
		cells := strings.Split(sc.Text(), "|")
		first := strings.TrimSpace(cells[1])
		p, ok := strings.CutPrefix(first, "`")
		p, ok2 := strings.CutSuffix(p, "`")
		if len(cells) < 4 || !ok || !ok2 || strings.ContainsAny(p, "` ,") {
			return nil, fmt.Errorf("docs/architecture.md: a row of the table of packages names one package as `path` in its first cell: %s", sc.Text())
		}
		rows[p]++
	}
	return rows, sc.Err()
}
