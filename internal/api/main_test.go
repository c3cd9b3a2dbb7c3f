package api

import (
	"testing"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// TestMain runs the tests on a private PostgreSQL cluster and checks for
// leaked goroutines (see pgtest.Main).
func TestMain(m *testing.M) { pgtest.Main(m) }
