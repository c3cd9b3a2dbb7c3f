package faults

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/proctest"
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
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if bin, err = proctest.Build(ctx, dir); err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		return 1
	}
	return m.Run()
}
