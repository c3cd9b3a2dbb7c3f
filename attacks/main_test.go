package attacks

import (
	"flag"
	"fmt"
	"os"
	"testing"

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
	var remove func()
	var err error
	if bin, remove, err = proctest.BuildTemp("attacks-bin"); err != nil {
		fmt.Fprintln(os.Stderr, "attacks:", err)
		return 1
	}
	defer remove()
	defer the.stop()
	return m.Run()
}
