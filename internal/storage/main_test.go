package storage

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// TestMain runs the tests on a private PostgreSQL cluster and, for the S3
// store, a private versitygw, and checks for leaked goroutines.
func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	if err := s3test.Stop(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, "s3test:", err)
		code = 1
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}
