package webhook

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's tests if any goroutine outlives them: a
// delivery must cost one bounded goroutine, never a lingering one.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
