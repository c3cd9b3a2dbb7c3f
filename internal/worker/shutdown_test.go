package worker

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
)

// On SIGTERM a worker stops claiming, lets renders finish within the grace
// period and hands back what is still rendering, without spending an
// attempt.
func TestStoppingWorkerFinishesOrHandsBack(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	quick := f.JobData("acme", "", `{"delay": "short"}`)
	slow := f.JobData("acme", "", `{"delay": "long"}`)
	r := &schedtest.Renderer{Started: make(chan string, 4)}
	r.DelayFor = func(data string) time.Duration {
		if data == `{"delay": "long"}` {
			return time.Minute
		}
		return 300 * time.Millisecond
	}
	w := New(postgres.NewQueue(f.Pool), Config{
		Policy:   scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names()},
		Slots:    2,
		Renderer: r,
		Outputs:  &storage.Files{Dir: t.TempDir()},
		Poll:     50 * time.Millisecond,
		Grace:    time.Second,
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	<-r.Started
	<-r.Started
	f.Job("acme", "") // submitted while stopping: must stay queued
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the grace period")
	}
	require.Equal(t, "done", f.JobStatus(quick), "finished within the grace period")
	got, err := f.Store.Job(context.Background(), "acme", slow.ID)
	require.NoError(t, err)
	require.Equal(t, "queued", got.Status, "handed back")
	require.Equal(t, 0, got.Attempts, "handing back spends no attempt")
	require.Equal(t, 2, schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'queued'`))
	require.Equal(t, 0, schedtest.Count(t, f.Pool, `SELECT (sum(g.started) - sum(f.finished))::int FROM group_starts g JOIN group_finishes f USING (tenant_id, tier)`))
	// The handed-back job is claimable again at once.
	require.Equal(t, slow.ID, f.ClaimOne().JobID)
}
