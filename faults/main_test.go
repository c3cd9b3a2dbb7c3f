package faults

import (
	"fmt"
	"os"
	"testing"

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
	var remove func()
	var err error
	if bin, remove, err = proctest.BuildTemp("faults-bin"); err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		return 1
	}
	defer remove()
	return m.Run()
}
