package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
)

// usageOf reads a tenant's usage of today, every tier summed.
func (f *fixture) usageOf(tenant string) paprika.Usage {
	f.T.Helper()
	var u paprika.Usage
	require.NoError(f.T, f.Pool.QueryRow(context.Background(), `SELECT coalesce(sum(renders), 0), coalesce(sum(jobs), 0),
		coalesce(sum(records), 0), coalesce(sum(documents), 0), coalesce(sum(pages), 0), coalesce(sum(render_seconds), 0),
		coalesce(sum(bytes), 0), coalesce(sum(failed), 0) FROM usage_days WHERE tenant_id = $1`, tenant).
		Scan(&u.Renders, &u.Jobs, &u.Records, &u.Documents, &u.Pages, &u.RenderSeconds, &u.Bytes, &u.Failed))
	return u
}

// batchOf queues a batch of tenant's whose records' data are datas.
func (f *fixture) batchOf(tenant string, datas ...string) *paprika.Batch {
	f.T.Helper()
	b := &paprika.Batch{TenantID: tenant, KeyID: "key_test",
		Source: paprika.Source{Template: "<p>{{n}}</p>", Format: "html", Options: json.RawMessage(`{}`)}}
	recs := make([]json.RawMessage, len(datas))
	for i, d := range datas {
		recs[i] = json.RawMessage(d)
	}
	require.NoError(f.T, f.Store.CreateBatch(context.Background(), b, recs))
	return b
}

// A job, and a batch with a record that fails, are counted exactly in
// their tenant's usage of the day, at the tier they ran at, in the
// transactions that finished them; another tenant's row is its own.
func TestUsageCountsFinishedWork(t *testing.T) {
	t.Parallel()
	f := setup(t, schedtest.SeedTiers)
	f.Tenant("acme", "")
	f.Tenant("globex", "priority")
	f.Job("acme", "")
	f.batchOf("acme", `{"n": 1}`, `{"n": "bad"}`, `{"n": 3}`)
	f.Job("globex", "")
	r := &schedtest.Renderer{Fail: func(in render.Input) error {
		if string(in.Data) == `{"n": "bad"}` {
			return &paprika.Error{Code: paprika.CodeTemplateError, Message: "line 1: boom"}
		}
		return nil
	}}
	_, stop := f.worker(r, 2)
	defer stop()
	schedtest.WaitFor(t, "every item finished", func() bool {
		return f.Count(`SELECT count(*) FROM jobs WHERE status IN ('done', 'failed')`) == 2 &&
			f.Count(`SELECT count(*) FROM batches WHERE status = 'done'`) == 1
	})
	acme := f.usageOf("acme")
	acme.RenderSeconds = 0
	// The renderer's document is "<p>ok</p>": 9 bytes, 1 page.
	require.Equal(t, paprika.Usage{Jobs: 1, Records: 3, Documents: 3, Pages: 3, Bytes: 27, Failed: 1}, acme)
	require.Equal(t, 1, f.Count(`SELECT count(*) FROM usage_days WHERE tenant_id = 'acme' AND tier = 'standard' AND day = (now() AT TIME ZONE 'UTC')::date`),
		"one row: acme's day at its tier")
	globex := f.usageOf("globex")
	globex.RenderSeconds = 0
	require.Equal(t, paprika.Usage{Jobs: 1, Documents: 1, Pages: 1, Bytes: 9}, globex)
	require.Equal(t, 1, f.Count(`SELECT count(*) FROM usage_days WHERE tenant_id = 'globex' AND tier = 'priority'`))
}

// A worker SIGKILLed in the middle of a batch loses its leases; the
// records it held go back to the queue and another worker finishes them,
// and each record is counted once: what a lost lease finished is not
// recorded, and a completion retried is refused by its spent token.
func TestUsageCountsEachRecordOnceAfterAKill(t *testing.T) {
	t.Parallel()
	pool, url := pgtest.NewPool(t)
	f := &fixture{schedtest.New(t, pool, schedtest.MustTiers(t, ""))}
	f.Tenant("acme", "")
	const n = 6
	f.Batch("acme", n)

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "PAPRIKA_TEST_WORKER_URL="+url)
	out, err := child.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, child.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "rendering\n", line)
	require.Positive(t, f.Count(`SELECT count(*) FROM batch_records WHERE status = 'running'`), "the child holds records")
	require.NoError(t, child.Process.Kill())
	_ = child.Wait()

	r := &schedtest.Renderer{}
	_, stop := f.worker(r, 2)
	defer stop()
	schedtest.WaitFor(t, "the batch done by the second worker", func() bool {
		return f.Count(`SELECT count(*) FROM batches WHERE status = 'done'`) == 1
	})
	require.Positive(t, f.Count(`SELECT count(*) FROM batch_records WHERE attempts > 1`), "a record was claimed again after the kill")
	u := f.usageOf("acme")
	u.RenderSeconds = 0
	require.Equal(t, paprika.Usage{Records: n, Documents: n, Pages: n, Bytes: 9 * n}, u)
}

// Work the reaper fails for good (worker-lost after its last attempt) is
// counted once, as a failed job, in the release that fails it.
func TestUsageCountsWorkerLost(t *testing.T) {
	t.Parallel()
	f := setup(t, "")
	f.Tenant("acme", "")
	f.Job("acme", "")
	c := scheduler.NewClaimer(postgres.NewQueue(f.Pool), scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: time.Second})
	for attempt := 1; attempt <= paprika.MaxAttempts; attempt++ {
		items, err := c.Claim(context.Background(), 1)
		require.NoError(t, err)
		require.Len(t, items, 1)
		require.Equal(t, 1, reapAfter(t, f.Pool, 10*time.Second))
		if attempt < paprika.MaxAttempts {
			require.Equal(t, paprika.Usage{}, f.usageOf("acme"), "requeued: not finished, not counted")
		}
	}
	require.Equal(t, paprika.Usage{Jobs: 1, Failed: 1}, f.usageOf("acme"))
}
