package storage

import (
	"os"
	"testing"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// TestMain runs the tests on a private PostgreSQL cluster and, for the S3
// store, a private versitygw, and checks for leaked goroutines.
func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	os.Exit(s3test.Finish(code))
}
