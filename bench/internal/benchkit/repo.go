package benchkit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// RepoRoot is the directory of the paprika module holding the working
// directory: the benchmarks build ./cmd/paprika and read the repository.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.Contains(string(b), "module github.com/paprikahq/paprika\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run the benchmark inside the paprika repository")
		}
		dir = parent
	}
}
