package worker

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

// reapAfter reaps as the reaper will d from now, by a clock set ahead
// (postgres.Queue.Now) instead of waiting for leases to run out, and
// returns how many items it released.
func reapAfter(t *testing.T, pool *pgxpool.Pool, d time.Duration) int {
	t.Helper()
	q := postgres.NewQueue(pool)
	at := time.Now().Add(d)
	q.Now = func() time.Time { return at }
	n, err := Reap(t.Context(), q)
	require.NoError(t, err)
	return n
}

// A worker killed with SIGKILL mid-render loses nothing: its lease expires,
// the work goes back to the queue with attempts + 1, another worker
// completes it, and it is completed once.
func TestKilledWorkerLosesNothing(t *testing.T) {
	t.Parallel()
	pool, url := pgtest.NewPool(t)
	f := &fixture{schedtest.New(t, pool, schedtest.MustTiers(t, ""))}
	f.Tenant("acme", "")
	j := f.Job("acme", "")

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "PAPRIKA_TEST_WORKER_URL="+url)
	out, err := child.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, child.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "rendering\n", line)
	require.Equal(t, "running", f.JobStatus(j))
	require.NoError(t, child.Process.Kill())
	_ = child.Wait()
	require.Equal(t, 1, reapAfter(t, pool, 10*time.Second), "the dead worker's lease (2 s) ran out")

	r := &schedtest.Renderer{}
	_, stop := f.worker(r, 1)
	defer stop()
	schedtest.WaitFor(t, "the job to be done by the second worker", func() bool { return f.JobStatus(j) == "done" })
	got, err := f.Store.Job(context.Background(), "acme", j.ID)
	require.NoError(t, err)
	require.Equal(t, 2, got.Attempts, "the lost attempt counts")
	require.Len(t, r.Order(), 1, "rendered once by the second worker")
	require.Equal(t, 1, schedtest.Count(t, pool, `SELECT count(*) FROM measures WHERE kind = 'd'`), "completed once")
	require.Equal(t, 0, schedtest.Count(t, pool, `SELECT (sum(g.started) - sum(f.finished))::int FROM group_starts g JOIN group_finishes f USING (tenant_id, tier)`), "nothing counted as running")
}

// After the third lost lease the work fails with worker-lost.
func TestThirdLostLeaseFailsWithWorkerLost(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	j := f.Job("acme", "")
	c := scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: time.Second})
	for attempt := 1; attempt <= paprika.MaxAttempts; attempt++ {
		items, err := c.Claim(context.Background(), 1)
		require.NoError(t, err)
		require.Len(t, items, 1, "attempt %d", attempt)
		require.Equal(t, attempt, items[0].Attempt)
		require.Equal(t, 1, reapAfter(t, f.Pool, 10*time.Second))
	}
	got, err := f.Store.Job(context.Background(), "acme", j.ID)
	require.NoError(t, err)
	require.Equal(t, "failed", got.Status)
	require.Equal(t, "worker-lost", got.ErrCode)
	require.Equal(t, paprika.MaxAttempts, got.Attempts)
}

// A slow worker that wakes up after its lease was taken over completes
// nothing: the completion carries the old lease token.
func TestStaleCompletionIsRefused(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	j := f.Job("acme", "")
	c := scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: time.Second})
	stale, err := c.Claim(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, 1, reapAfter(t, f.Pool, 10*time.Second))
	fresh, err := scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names()}).Claim(context.Background(), 1)
	require.NoError(t, err)
	require.Len(t, fresh, 1)
	require.NotEqual(t, stale[0].Token, fresh[0].Token)

	comp := newCompleter(postgres.NewQueue(f.Pool), nil, nil, nil)
	require.NoError(t, comp.record(context.Background(), []result{{Result: paprika.Result{Item: stale[0], Status: "done", Output: &paprika.Output{ContentType: "text/html", Bytes: 1, Pages: 1}}}}))
	require.Equal(t, "running", f.JobStatus(j), "the stale completion changed nothing")
	require.NoError(t, comp.record(context.Background(), []result{{Result: paprika.Result{Item: fresh[0], Status: "done", Output: &paprika.Output{ContentType: "text/html", Bytes: 1, Pages: 1}}}}))
	require.Equal(t, "done", f.JobStatus(j))
	// Completing again (a retry after a lost answer) is a no-op.
	require.NoError(t, comp.record(context.Background(), []result{{Result: paprika.Result{Item: fresh[0], Status: "done", Output: &paprika.Output{ContentType: "text/html", Bytes: 1, Pages: 1}}}}))
	// Two starts (the lost one and the fresh one), two finishes (the reaped
	// one and the completion): nothing counted as running, nothing twice.
	require.Equal(t, 2, schedtest.Count(t, f.Pool, `SELECT finished::int FROM group_finishes`))
	require.Equal(t, 2, schedtest.Count(t, f.Pool, `SELECT started::int FROM group_starts`))
	require.Equal(t, 1, schedtest.Count(t, f.Pool, `SELECT count(*) FROM measures WHERE kind = 'd'`), "completed once")
}

// A record put back in the queue goes again before the records after it.
func TestRequeuedRecordKeepsItsPlace(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	f.Batch("acme", 3)
	short := scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: time.Second})
	items, err := short.Claim(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, 1, items[0].Index)
	items, err = f.Claimer().Claim(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, 2, items[0].Index)
	require.Equal(t, 1, reapAfter(t, f.Pool, 10*time.Second), "record 1's lease (1 s) ran out, record 2's (30 s) did not")
	items, err = f.Claimer().Claim(context.Background(), 2)
	require.NoError(t, err)
	require.Len(t, items, 2)
	attempts := map[int]int{}
	for _, it := range items {
		attempts[it.Index] = it.Attempt
	}
	require.Equal(t, map[int]int{1: 2, 3: 1}, attempts, "record 1 again (second attempt), then 3")
}

// A completion that finishes a batch does not wait for the batch's lane,
// which a claimer holds from its first round trip to its commit while it
// waits for the batches' locks: a completion that did (the foreign-key
// check of a second update of the batch row in its transaction) and a
// claimer that waited for its batches deadlocked, stalling both for
// PostgreSQL's deadlock_timeout (seen in bench/river).
func TestFinishingABatchDoesNotWaitForItsLane(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	b := f.Batch("acme", 1)
	item := f.ClaimOne()

	// A claimer holds the lane, as rank-lanes leaves it locked.
	claim := f.holdLocks(`SELECT 1 FROM lanes WHERE id = (SELECT lane_id FROM batches WHERE id = $1) FOR UPDATE`, b.ID)

	// The batch's last record completes meanwhile.
	done := make(chan error, 1)
	go func() {
		comp := newCompleter(postgres.NewQueue(f.Pool), nil, nil, nil)
		done <- comp.record(context.Background(), []result{{Result: paprika.Result{Item: item, Status: "done",
			Output: &paprika.Output{ContentType: "text/html", Bytes: 1, Pages: 1}}}})
	}()
	var recorded error
	finished := false
	schedtest.WaitFor(t, "the completion recorded, or waiting for a lock", func() bool {
		select {
		case recorded = <-done:
			finished = true
			return true
		default:
		}
		return f.lockWaiters() > 0
	})
	// The claimer goes on to lock the batch, as lock-batches does.
	_, err := claim.Exec(context.Background(), `SELECT 1 FROM batches WHERE id = $1 FOR UPDATE`, b.ID)
	require.NoError(t, err, "the claimer's lock of the batch")
	require.NoError(t, claim.Commit(context.Background()))
	if !finished {
		recorded = <-done
	}
	require.NoError(t, recorded, "the completion")
	var status string
	require.NoError(t, f.Pool.QueryRow(context.Background(), `SELECT status FROM batches WHERE id = $1`, b.ID).Scan(&status))
	require.Equal(t, "done", status)
}

// Releasing a record (the reaper, after its lease ran out) while its slow
// owner's completion of it is under way does not deadlock: the release
// locks the batch before the record, as completions do, so it waits for
// the completion and then finds the record no longer its to release.
func TestReleaseWaitsForACompletionOfTheSameRecord(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	b := f.Batch("acme", 2)
	item := f.ClaimOne()

	// A completion holds the batch, as lock-batches leaves it.
	comp := f.holdLocks(`SELECT 1 FROM batches WHERE id = $1 FOR UPDATE`, b.ID)

	released := make(chan error, 1)
	go func() {
		_, err := postgres.NewQueue(f.Pool).Release(context.Background(), item.Ref(), paprika.CodeWorkerLost, "lost", false)
		released <- err
	}()
	schedtest.WaitFor(t, "the release waiting for a lock", func() bool { return f.lockWaiters() > 0 })
	// The completion goes on to record the same record, as complete-records does.
	_, err := comp.Exec(context.Background(), `UPDATE batch_records SET status = 'done', finished_at = now(), lease_token = NULL
		WHERE batch_id = $1 AND idx = $2 AND lease_token = $3`, b.ID, item.Index, item.Token)
	require.NoError(t, err, "the completion's update of the record")
	require.NoError(t, comp.Commit(context.Background()))
	require.NoError(t, <-released, "the release")
	require.Equal(t, 1, schedtest.Count(t, f.Pool, `SELECT count(*) FROM batch_records WHERE batch_id = $1 AND status = 'done'`, b.ID))
}

// holdLocks begins a transaction holding the row locks sql takes, for a
// test to play one side of a lock order; it is rolled back at the end of
// the test unless the test commits it.
func (f *fixture) holdLocks(sql string, args ...any) pgx.Tx {
	f.T.Helper()
	tx, err := f.Pool.Begin(context.Background())
	require.NoError(f.T, err)
	f.T.Cleanup(func() { _ = tx.Rollback(context.Background()) })
	_, err = tx.Exec(context.Background(), sql, args...)
	require.NoError(f.T, err)
	return tx
}

// lockWaiters counts the test database's backends waiting for a lock.
func (f *fixture) lockWaiters() int {
	return schedtest.Count(f.T, f.Pool, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
}
