package faults

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// bin is the paprika binary TestMain built for every test.
var bin string

// TestMain builds cmd/paprika once, into a temporary directory removed at
// the end, so that every test runs the real binary as real processes.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "faults-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin = filepath.Join(dir, "paprika")
	// go on PATH, else where go.dev's archive unpacks (the Makefile puts
	// that on PATH too, but go test may be run by hand).
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = "/usr/local/go/bin/go"
		if _, err := os.Stat(goBin); err != nil {
			fmt.Fprintln(os.Stderr, "faults: no go toolchain to build cmd/paprika with; install Go 1.26")
			return 1
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "build", "-o", bin, "github.com/paprikahq/paprika/cmd/paprika")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "faults: go build ./cmd/paprika: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}
