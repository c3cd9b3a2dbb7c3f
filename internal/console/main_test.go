package console_test

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// TestMain runs the tests on a private PostgreSQL cluster, with one
// Chromium for the browser tests and one render engine shared by every test,
// stopped before the check for leaked goroutines.
func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	shared.close()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}
