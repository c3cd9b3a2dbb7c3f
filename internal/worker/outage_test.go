package worker

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/testkit"
)

// oneSlotWorker runs a one-slot worker storing into outputs, logging at
// debug level into log.
func (f *fixture) oneSlotWorker(r *schedtest.Renderer, outputs storage.Store, log *testkit.SyncBuffer, grace time.Duration) (*Worker, func()) {
	f.T.Helper()
	w := New(postgres.NewQueue(f.Pool), Config{
		Policy:   scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: 3 * time.Second},
		Slots:    1,
		Renderer: r,
		Outputs:  outputs,
		Logger:   slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Poll:     50 * time.Millisecond,
		Grace:    grace,
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	return w, func() {
		cancel()
		require.NoError(f.T, <-done)
	}
}

// An output store that is down as a whole (here a data folder that a file
// stands in the way of, so that both its puts and its Ping fail) spends no
// attempt: the work is handed back, the worker claims nothing more while
// it probes, and once the store is back the work is done at its first
// counted attempt, with its output.
func TestStoreOutageSpendsNoAttempt(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	base := t.TempDir()
	mount := filepath.Join(base, "mnt")
	require.NoError(t, os.WriteFile(mount, []byte("not a folder"), 0o600))
	outputs := &storage.Files{Dir: filepath.Join(mount, "data")}
	require.ErrorIs(t, storage.Ping(t.Context(), outputs), storage.ErrUnavailable)

	j := f.Job("acme", "")
	other := f.Job("acme", "")
	r := &schedtest.Renderer{}
	var log testkit.SyncBuffer
	w, stop := f.oneSlotWorker(r, outputs, &log, 2*time.Second)
	defer stop()
	up := w.OutputStoreGauge()

	schedtest.WaitFor(t, "the store's failures probed twice", func() bool {
		return strings.Count(log.String(), `"msg":"output store still unavailable"`) >= 2
	})
	require.Equal(t, 0.0, testutil.ToFloat64(up), "paprika_output_store_up says the outage")
	// The slot is free while its output is stored, so it may have rendered
	// the other job before the first put failed: at most one more than its
	// one slot, each handed back.
	before := r.Renders()
	require.LessOrEqual(t, before, 2)
	require.Equal(t, before, strings.Count(log.String(), `"msg":"handed back"`), log.String())
	schedtest.WaitFor(t, "the store probed once more", func() bool {
		return strings.Count(log.String(), `"msg":"output store still unavailable"`) >= 3
	})
	require.Equal(t, before, r.Renders(), "while the store is down the worker claims nothing more")
	require.Equal(t, 0, schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status NOT IN ('queued') OR attempts <> 0`),
		"both jobs queued, no attempt spent")

	// The store comes back.
	require.NoError(t, os.Remove(mount))
	require.NoError(t, os.MkdirAll(outputs.Dir, 0o700))
	schedtest.WaitFor(t, "both done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'done'`) == 2
	})
	for _, id := range []uuid.UUID{j.ID, other.ID} {
		got, err := f.Store.Job(context.Background(), "acme", id)
		require.NoError(t, err)
		require.Equal(t, 1, got.Attempts, "the attempt handed back is not counted")
		info, err := outputs.Stat(t.Context(), storage.JobKey("acme", got.ID, "html"))
		require.NoError(t, err)
		require.Equal(t, got.Output.Bytes, info.Size)
	}
	require.Contains(t, log.String(), `"msg":"output store answers again: claims resume"`)
	require.Equal(t, 1.0, testutil.ToFloat64(up))
	require.Equal(t, before+2, r.Renders(), "the handed-back jobs rendered again, once each")
}

// A put that fails while the store answers its Ping is this document's
// failure: it spends an attempt each time and fails after the last, saying
// its output could not be stored; nothing waits.
func TestStoreFailureWhileUpSpendsAttempts(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "outputs"), 0o700))
	// A file where acme's folder would be: acme's puts fail, the store is up.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "outputs", "acme"), []byte("x"), 0o600))
	outputs := &storage.Files{Dir: dir}
	require.NoError(t, storage.Ping(t.Context(), outputs))

	j := f.Job("acme", "")
	r := &schedtest.Renderer{}
	var log testkit.SyncBuffer
	_, stop := f.oneSlotWorker(r, outputs, &log, 2*time.Second)
	defer stop()
	schedtest.WaitFor(t, "the job failed", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'failed'`) == 1
	})
	got, err := f.Store.Job(context.Background(), "acme", j.ID)
	require.NoError(t, err)
	require.Equal(t, paprika.MaxAttempts, got.Attempts)
	require.Equal(t, "render-failed", got.ErrCode)
	require.Equal(t, "output could not be stored: the output store failed", got.ErrMessage)
	require.Equal(t, paprika.MaxAttempts, r.Renders())
	require.NotContains(t, log.String(), `"msg":"handed back"`)
}

// A worker stopped while its store is down stops at once, not after its
// grace period (an hour here): the work its slots wait with was handed back
// already, and stays queued with no attempt spent.
func TestStopDuringStoreOutage(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	mount := filepath.Join(t.TempDir(), "mnt")
	require.NoError(t, os.WriteFile(mount, nil, 0o600))
	j := f.Job("acme", "")
	var log testkit.SyncBuffer
	_, stop := f.oneSlotWorker(&schedtest.Renderer{}, &storage.Files{Dir: filepath.Join(mount, "data")}, &log, time.Hour)
	schedtest.WaitFor(t, "the job handed back", func() bool { return strings.Contains(log.String(), `"msg":"handed back"`) })
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(time.Minute): // a safety net: the grace is an hour
		// Not t.Fatal: the test's cleanup would wait on the worker's
		// connections, and the binary hang until its timeout.
		panic("the worker did not stop during a store outage: its slots still wait for the store")
	}
	got, err := f.Store.Job(context.Background(), "acme", j.ID)
	require.NoError(t, err)
	require.Equal(t, "queued", got.Status)
	require.Equal(t, 0, got.Attempts)
}

func TestProbeDelayBacksOffWithJitter(t *testing.T) {
	t.Parallel()
	require.Equal(t, 400*time.Millisecond, probeDelay(0, 0))
	require.Equal(t, 500*time.Millisecond, probeDelay(0, 0.5))
	require.Equal(t, time.Second, probeDelay(1, 0.5))
	require.Equal(t, 8*time.Second, probeDelay(4, 0.5))
	require.Equal(t, 30*time.Second, probeDelay(6, 0.5), "capped")
	require.Equal(t, 30*time.Second, probeDelay(1000, 0.5), "no overflow")
	require.Less(t, probeDelay(6, 0.999), 36*time.Second)
	require.Greater(t, probeDelay(6, 0.999), 35*time.Second)
}
