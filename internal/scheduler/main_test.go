package scheduler_test

import (
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/worker"
)

func TestMain(m *testing.M) {
	// The policy's tests run workers (internal/worker), which start
	// goroutines (listen, renew, reap, complete): pgtest.Main checks that
	// none outlives its test.
	pgtest.Main(m)
}

// fixture is schedtest's, with the worker the policy's tests start.
type fixture struct{ *schedtest.Fixture }

func setup(t *testing.T, tiersJSON string) *fixture {
	t.Helper()
	return &fixture{schedtest.Setup(t, tiersJSON)}
}

// worker runs a worker of slots claiming workerTiers (every tier when
// none) until the returned stop is called: the policy as a worker runs it.
func (f *fixture) worker(r render.Renderer, slots int, workerTiers ...string) (*worker.Worker, func()) {
	f.T.Helper()
	if len(workerTiers) == 0 {
		workerTiers = f.Tiers.Names()
	}
	w := worker.New(postgres.NewQueue(f.Pool), worker.Config{
		Policy:   scheduler.Policy{Tiers: f.Tiers, WorkerTiers: workerTiers, Lease: 3 * time.Second},
		Slots:    slots,
		Renderer: r,
		Outputs:  &storage.Files{Dir: f.T.TempDir()},
		Poll:     50 * time.Millisecond,
		Grace:    2 * time.Second,
	})
	return w, schedtest.Start(f.T, w.Run)
}
