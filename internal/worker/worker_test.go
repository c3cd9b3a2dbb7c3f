package worker

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/testkit"
)

// fixture is schedtest's, with the workers the runtime's tests start.
type fixture struct{ *schedtest.Fixture }

func setup(t *testing.T, tiersJSON string) *fixture {
	t.Helper()
	return &fixture{schedtest.Setup(t, tiersJSON)}
}

func (f *fixture) worker(r render.Renderer, slots int, workerTiers ...string) (*Worker, func()) {
	f.T.Helper()
	if len(workerTiers) == 0 {
		workerTiers = f.Tiers.Names()
	}
	w := New(postgres.NewQueue(f.Pool), Config{
		Policy:   scheduler.Policy{Tiers: f.Tiers, WorkerTiers: workerTiers, Lease: 3 * time.Second},
		Slots:    slots,
		Renderer: r,
		Outputs:  &storage.Files{Dir: f.T.TempDir()},
		Poll:     50 * time.Millisecond,
		Grace:    2 * time.Second,
	})
	return w, schedtest.Start(f.T, w.Run)
}

func TestWorkerRendersJobsAndBatches(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	j := f.Job("acme", "")
	b := f.Batch("acme", 5)
	_, stop := f.worker(&schedtest.Renderer{}, 2)
	defer stop()
	schedtest.WaitFor(t, "all done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'done'`) == 1 &&
			schedtest.Count(t, f.Pool, `SELECT count(*) FROM batches WHERE status = 'done' AND done = 5`) == 1
	})
	got, err := f.Store.Job(context.Background(), "acme", j.ID)
	require.NoError(t, err)
	require.Equal(t, "done", got.Status)
	require.Equal(t, 1, got.Attempts)
	require.Equal(t, "standard", got.Tier)
	require.NotNil(t, got.Output)
	bb, err := f.Store.Batch(context.Background(), "acme", b.ID)
	require.NoError(t, err)
	require.Equal(t, 0, bb.Running)
	require.NotNil(t, bb.FinishedAt)
	// running = started - finished is back to zero
	require.Equal(t, 0, schedtest.Count(t, f.Pool, `SELECT (sum(g.started) - sum(f.finished))::int FROM group_starts g JOIN group_finishes f USING (tenant_id, tier)`))
	require.Equal(t, 0, schedtest.Count(t, f.Pool, `SELECT count(*) FROM lanes WHERE queued_jobs <> 0 OR queued_records <> 0 OR waiting_since IS NOT NULL`))
}

func TestTemplateErrorFailsAtOnceAndCrashesRetry(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	bad := f.JobData("acme", "", `{"case": "bad"}`)
	flaky := f.JobData("acme", "", `{"case": "flaky"}`)
	lost := f.JobData("acme", "", `{"case": "lost"}`)
	calls := map[string]int{}
	var mu sync.Mutex
	r := &schedtest.Renderer{Fail: func(in render.Input) error {
		mu.Lock()
		defer mu.Unlock()
		c := string(in.Data)
		calls[c]++
		switch {
		case c == `{"case": "bad"}`:
			return &paprika.Error{Code: paprika.CodeTemplateError, Message: "line 1: boom"}
		case c == `{"case": "flaky"}` && calls[c] <= 2:
			return &paprika.Error{Code: paprika.CodeRenderFailed, Message: "chromium crashed"}
		case c == `{"case": "lost"}`:
			return errors.New("chromium went away")
		}
		return nil
	}}
	_, stop := f.worker(r, 1)
	defer stop()
	schedtest.WaitFor(t, "both finished", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status IN ('done', 'failed')`) == 3
	})
	got, err := f.Store.Job(context.Background(), "acme", bad.ID)
	require.NoError(t, err)
	require.Equal(t, "failed", got.Status)
	require.Equal(t, "template-error", got.ErrCode)
	require.Equal(t, 1, got.Attempts, "a template error is not retried")
	got, err = f.Store.Job(context.Background(), "acme", flaky.ID)
	require.NoError(t, err)
	require.Equal(t, "done", got.Status, "two crashes are retried; the third attempt succeeds")
	require.Equal(t, 3, got.Attempts)
	got, err = f.Store.Job(context.Background(), "acme", lost.ID)
	require.NoError(t, err)
	require.Equal(t, "failed", got.Status, "a render that keeps failing fails after the last attempt")
	require.Equal(t, "render-failed", got.ErrCode)
	require.Equal(t, paprika.MaxAttempts, got.Attempts)
	require.Equal(t, 3, calls[`{"case": "lost"}`])
}

// docs/operations.md, Logs: each claim is logged, one JSON line, with tenant, tier, kind,
// ids and waitSeconds.
func TestEachClaimIsLogged(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	j := f.Job("acme", "")
	b := f.Batch("acme", 2)
	var logged testkit.SyncBuffer
	_, stop := f.oneSlotWorker(&schedtest.Renderer{}, &storage.Files{Dir: t.TempDir()}, &logged, 2*time.Second)
	schedtest.WaitFor(t, "all done", func() bool {
		return schedtest.Count(t, f.Pool, `SELECT count(*) FROM batches WHERE status = 'done'`) == 1 &&
			schedtest.Count(t, f.Pool, `SELECT count(*) FROM jobs WHERE status = 'done'`) == 1
	})
	stop()

	var claims []map[string]any
	for line := range strings.Lines(logged.String()) {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		if m["msg"] == "claim" {
			require.Equal(t, "INFO", m["level"])
			require.Equal(t, "acme", m["tenant"])
			require.Equal(t, "standard", m["tier"])
			require.EqualValues(t, 1, m["attempt"])
			require.GreaterOrEqual(t, m["waitSeconds"], 0.0)
			claims = append(claims, m)
		}
	}
	require.Len(t, claims, 3, logged.String())
	slices.SortFunc(claims, func(a, b map[string]any) int { return cmp.Compare(fmt.Sprint(a["index"]), fmt.Sprint(b["index"])) })
	require.Equal(t, "record", claims[0]["kind"])
	require.Equal(t, b.ID.String(), claims[0]["batchId"])
	require.EqualValues(t, 1, claims[0]["index"])
	require.EqualValues(t, 2, claims[1]["index"])
	require.Equal(t, "job", claims[2]["kind"])
	require.Equal(t, j.ID.String(), claims[2]["jobId"])
	require.NotContains(t, claims[2], "batchId")
}
