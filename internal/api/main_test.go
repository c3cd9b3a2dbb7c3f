package api

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// TestMain runs the tests on a private PostgreSQL cluster (and, for the
// tests of outputs in a bucket, a private versitygw) and checks for leaked
// goroutines. After a run of every test, it also checks that each route of
// server.go answered at least one response that was validated against
// docs/openapi.yaml (see validate_test.go).
func TestMain(m *testing.M) {
	code := pgtest.Run(m)
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		missing, err := uncoveredRoutes()
		switch {
		case err != nil:
			fmt.Fprintln(os.Stderr, "openapi coverage:", err)
			code = 1
		case len(missing) > 0:
			fmt.Fprintf(os.Stderr, "openapi coverage: no test made a validated request to %v: test each route through setup's server\n", missing)
			code = 1
		}
	}
	os.Exit(s3test.Finish(code))
}
