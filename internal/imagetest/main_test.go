//go:build imagetest

package imagetest

import (
	"fmt"
	"os"
	"testing"

	"github.com/paprikahq/paprika/internal/s3test"
)

// TestMain stops the versitygw server TestHelmPlay's bucket is on.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := s3test.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "s3test:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
