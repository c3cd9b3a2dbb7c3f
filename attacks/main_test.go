package attacks

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/proctest"
)

// bin is the paprika binary TestMain built for every test.
var bin string

var memoryFlag = flag.String("attacks.memory", "", "each process's memory limit, in MiB (default 3072)")

// TestMain builds cmd/paprika once, runs the attacks on the processes the
// first of them starts, and stops them and their PostgreSQL at the end.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	if *memoryFlag != "" {
		var mib int64
		if _, err := fmt.Sscan(*memoryFlag, &mib); err != nil || mib <= 0 {
			fmt.Fprintln(os.Stderr, "attacks: -attacks.memory is a number of MiB")
			return 2
		}
		memoryLimit = mib << 20
	}
	dir, err := os.MkdirTemp("", "attacks-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "attacks:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if bin, err = proctest.Build(ctx, dir); err != nil {
		fmt.Fprintln(os.Stderr, "attacks:", err)
		return 1
	}
	defer the.stop()
	return m.Run()
}
