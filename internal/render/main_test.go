package render

import (
	"fmt"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/render/chromium"
)

// shared is the engine of the tests that need nothing special: starting
// Chromium once keeps the package's tests fast.
var shared *Engine

func TestMain(m *testing.M) {
	if _, err := chromium.FindPath(os.Getenv("PAPRIKA_CHROMIUM")); err != nil {
		// Not a skip: without Chromium nothing here is tested.
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		os.Exit(1)
	}
	shared = New(Config{Chromium: os.Getenv("PAPRIKA_CHROMIUM"), Slots: 2, Timeout: 30 * time.Second})
	code := m.Run()
	shared.Close()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL: goroutines leaked:", err)
			code = 1
		}
	}
	os.Exit(code)
}
