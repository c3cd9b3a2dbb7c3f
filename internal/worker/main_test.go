package worker

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
)

func TestMain(m *testing.M) {
	if url := os.Getenv("PAPRIKA_TEST_WORKER_URL"); url != "" {
		os.Exit(runChildWorker(url))
	}
	// Workers start goroutines (listen, renew, reap, complete): pgtest.Main
	// checks that none outlives its test.
	pgtest.Main(m)
}

// runChildWorker is a worker process for the crash tests: it claims with a
// renderer that prints "rendering" and then hangs, so the test can SIGKILL
// it mid-render.
func runChildWorker(url string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, err := postgres.Open(ctx, url, 4)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tiers, _ := config.ParseTiers("")
	started := make(chan string, 10)
	go func() {
		for range started {
			fmt.Println("rendering")
		}
	}()
	w := New(postgres.NewQueue(pool), Config{
		Policy:   scheduler.Policy{Tiers: tiers, WorkerTiers: tiers.Names(), Lease: 2 * time.Second},
		Slots:    1,
		Renderer: &schedtest.Renderer{Delay: time.Hour, Started: started},
		Outputs:  &storage.Files{Dir: os.TempDir()},
		Poll:     50 * time.Millisecond,
	})
	_ = w.Run(ctx)
	return 0
}
