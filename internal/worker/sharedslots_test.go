package worker

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
)

// A worker whose render slots synchronous renders share (paprika dev)
// claims and renders only in the slots they leave: with two of three held,
// it claims one record of five and renders one; once one is given back it
// renders two; never three.
func TestWorkerRendersInTheSlotsSynchronousRendersLeave(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	b := f.Batch("acme", 5)
	slots := render.NewSlots(3)
	ctx := context.Background()
	require.True(t, slots.Take(ctx, time.Now(), "web"))
	require.True(t, slots.Take(ctx, time.Now(), "web"))

	started := make(chan string, 8)
	release := make(chan struct{})
	r := &schedtest.Renderer{Started: started, Fail: func(render.Input) error { <-release; return nil }}
	w := New(postgres.NewQueue(f.Pool), Config{
		Policy:      scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: 3 * time.Second},
		Slots:       3,
		RenderSlots: slots,
		Renderer:    r,
		Outputs:     &storage.Files{Dir: t.TempDir()},
		Poll:        50 * time.Millisecond,
		Grace:       2 * time.Second,
	})
	stop := schedtest.Start(t, w.Run)
	defer stop()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()

	<-started
	require.Zero(t, slots.Free(), "the record's render holds the one slot left")
	bb, err := f.Store.Batch(ctx, "acme", b.ID)
	require.NoError(t, err)
	require.Equal(t, 1, bb.Running, "records claimed with one slot left")

	slots.Release("web")
	<-started
	schedtest.WaitFor(t, "the worker holds two slots", func() bool { return slots.Free() == 0 })
	close(release)
	schedtest.WaitFor(t, "the batch done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM batches WHERE status = 'done' AND done = 5`) == 1
	})
	require.Equal(t, 2, r.MaxSeen(), "renders at once beside a synchronous render holding one slot of three")
	slots.Release("web")
	require.Equal(t, 3, slots.Free())
}
