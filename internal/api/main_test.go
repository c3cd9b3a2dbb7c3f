package api

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// TestMain runs the tests on a private PostgreSQL cluster, then checks that
// no test left a goroutine behind (a server, a pool, a connection).
func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}
