package api

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/wire"
)

// beat announces a worker claiming tiers, as a running worker does.
func (e *testEnv) beat(t *testing.T, id string, tiers ...string) {
	t.Helper()
	require.NoError(t, postgres.NewQueue(e.Pool).Beat(t.Context(), id, tiers))
}

// claim claims up to n items as a worker of every tier would.
func (e *testEnv) claim(t *testing.T, n int) []paprika.Item {
	t.Helper()
	items, err := scheduler.NewClaimer(postgres.NewQueue(e.Pool),
		scheduler.Policy{Tiers: e.Config.Tiers, WorkerTiers: e.Config.Tiers.Names()}).Claim(t.Context(), n)
	require.NoError(t, err)
	return items
}

// Queued work says why it waits: no-worker while no live worker claims its
// tier (none at all, or only another tier's, or one not seen for
// WorkerLive), turn once one does, max-running while its tenant runs its
// tier's maxRunning, suspended while its tenant is; a batch says it of
// its next record, with the tenant's own work ahead of that record.
func TestQueueWaitingFor(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_TIERS": `{"standard": {"weight": 1, "maxRunning": 1}, "bulk": {"weight": 1}}`}, nil)
	key := e.tenantKey(t, "acme")
	first := e.postJob(t, key, htmlJob("<p>1</p>", nil))
	require.Equal(t, &wire.Queue{Ahead: 0, WaitingFor: scheduler.WaitingNoWorker}, first.Queue, "no worker at all")
	e.beat(t, "bulk-only", "bulk")
	require.Equal(t, scheduler.WaitingNoWorker, e.getJob(t, key, first.ID).Queue.WaitingFor, "only a worker of another tier")
	_, err := e.Pool.Exec(t.Context(), `INSERT INTO workers (id, tiers, seen_at) VALUES ('stale', '{standard}', now() - interval '31 seconds')`)
	require.NoError(t, err)
	require.Equal(t, scheduler.WaitingNoWorker, e.getJob(t, key, first.ID).Queue.WaitingFor, "a worker not seen for 31 s is gone")
	e.beat(t, "w1", "standard", "bulk")
	require.Equal(t, &wire.Queue{Ahead: 0, WaitingFor: scheduler.WaitingTurn}, e.getJob(t, key, first.ID).Queue)

	second := e.postJob(t, key, htmlJob("<p>2</p>", nil))
	require.Equal(t, scheduler.WaitingTurn, second.Queue.WaitingFor)
	require.Len(t, e.claim(t, 5), 1, "maxRunning 1: one claimed")
	got := e.getJob(t, key, second.ID)
	require.Equal(t, &wire.Queue{Ahead: 0, WaitingFor: scheduler.WaitingMaxRunning}, got.Queue, "acme runs its maxRunning")

	b := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": []map[string]any{{"n": 1}, {"n": 2}}})
	require.Equal(t, &wire.Queue{Ahead: 1, WaitingFor: scheduler.WaitingMaxRunning}, b.Queue, "its next record waits behind acme's queued job")
	_, body := e.getBody(t, key, "/v1/batches")
	require.Equal(t, b.Queue, decodeJSON[list[wire.Batch]](t, body).Data[0].Queue)

	resp, body := e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", map[string]any{"suspended": true})
	requireStatus(t, http.StatusOK, resp, body)
	// A suspended tenant's keys are refused, so only what the API computes
	// for them (the console's, a key cached a moment longer) shows it.
	w, err := e.Store.Wait(t.Context(), "acme", "standard", 0, time.Now())
	require.NoError(t, err)
	require.Equal(t, scheduler.WaitingSuspended, scheduler.WaitingFor(w, 1))
	require.Nil(t, scheduler.ETASeconds(w), "no time while nothing can start it")
}

// In a steady run the ETA of the last job converges on when it actually
// starts: each prediction (now + etaSeconds) made once the run has a rate
// is checked against the job's startedAt, and those made in the last part
// of its wait are close to it.
func TestQueueEtaConvergesInASteadyRun(t *testing.T) {
	t.Parallel()
	const jobs, delay = 40, 250 * time.Millisecond
	slow := &fakeRenderer{fn: func(ctx context.Context, _ render.Input) (*render.Output, error) {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return &render.Output{Body: []byte(fakeBody), ContentType: htmlType, Pages: 1}, nil
	}}
	e := setupWork(t, nil, slow)
	key := e.tenantKey(t, "acme")
	var last wire.Job
	for i := range jobs {
		last = e.postJob(t, key, htmlJob("<p>{{n}}</p>", map[string]any{"n": i}))
	}
	require.Nil(t, last.Queue.EtaSeconds, "no starts yet: no rate to go on")
	e.startWorker(t, slow) // 2 slots: about 8 starts a second

	type prediction struct{ at, start time.Time }
	var preds []prediction
	var started time.Time
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		j := e.getJob(t, key, last.ID)
		if j.Queue == nil {
			require.NotNil(t, j.StartedAt)
			var err error
			started, err = time.Parse(time.RFC3339Nano, *j.StartedAt)
			require.NoError(t, err)
			break
		}
		if j.Queue.EtaSeconds != nil {
			now := time.Now()
			preds = append(preds, prediction{now, now.Add(time.Duration(*j.Queue.EtaSeconds * float64(time.Second)))})
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.False(t, started.IsZero(), "the last job started")
	require.GreaterOrEqual(t, len(preds), 5, "predictions made while it waited")
	wait := started.Sub(preds[0].at)
	var late []time.Duration
	for _, p := range preds {
		if started.Sub(p.at) <= wait/2 { // the second half of its wait
			off := p.start.Sub(started).Abs()
			late = append(late, off)
			require.LessOrEqual(t, off, max(time.Second, wait/4),
				"a prediction made %s before the start was %s off", started.Sub(p.at).Round(time.Millisecond), off.Round(time.Millisecond))
		}
	}
	require.NotEmpty(t, late)
	t.Logf("%d predictions over %s; in its second half they were off by %v", len(preds), wait.Round(time.Millisecond), late)
}

// Nothing in a tenant's queue object moves when only another tenant's load
// changes: another tenant's jobs, batches, starts, running work and
// suspension leave acme's figures as they were, at the same instant.
func TestQueueIgnoresOtherTenants(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_TIERS": `{"standard": {"weight": 1, "maxRunning": 3}}`}, nil)
	acme := e.tenantKey(t, "acme")
	globex := e.tenantKey(t, "globex")
	e.beat(t, "w1", "standard")
	var mine []wire.Job
	for i := range 4 {
		mine = append(mine, e.postJob(t, acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": i})))
	}
	b := e.postBatch(t, acme, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": []map[string]any{{"n": 1}}})
	require.Len(t, e.claim(t, 5), 3, "acme has starts, a rate to go on, and runs its maxRunning")

	at := time.Now()
	figures := func() (scheduler.Wait, int, wire.Job, wire.Batch) {
		t.Helper()
		w, err := e.Store.Wait(t.Context(), "acme", "standard", 0, at)
		require.NoError(t, err)
		ahead, err := e.Store.BatchAhead(t.Context(), "acme", mustUUID(t, b.ID))
		require.NoError(t, err)
		return w, ahead, e.getJob(t, acme, mine[3].ID), e.getBatch(t, acme, b.ID)
	}
	w0, ahead0, job0, batch0 := figures()
	require.Positive(t, w0.Rate)
	require.NotNil(t, job0.Queue.EtaSeconds)
	require.Equal(t, scheduler.WaitingMaxRunning, job0.Queue.WaitingFor)

	// globex's load: queued jobs and a batch, claims of them (its starts,
	// its running work up to its maxRunning), then its suspension.
	for i := range 20 {
		e.postJob(t, globex, htmlJob("<p>{{n}}</p>", map[string]any{"n": i}))
	}
	e.postBatch(t, globex, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": []map[string]any{{"n": 1}, {"n": 2}}})
	for _, it := range e.claim(t, 10) {
		require.Equal(t, "globex", it.TenantID, "acme runs its maxRunning")
	}
	resp, body := e.admin(t, http.MethodPatch, "/v1/admin/tenants/globex", map[string]any{"suspended": true})
	requireStatus(t, http.StatusOK, resp, body)

	w1, ahead1, job1, batch1 := figures()
	require.Equal(t, w0, w1, "acme's group figures")
	require.Equal(t, ahead0, ahead1)
	require.Equal(t, job0.Queue.Ahead, job1.Queue.Ahead)
	require.Equal(t, job0.Queue.WaitingFor, job1.Queue.WaitingFor)
	require.Equal(t, batch0.Queue.Ahead, batch1.Queue.Ahead)
	require.Equal(t, batch0.Queue.WaitingFor, batch1.Queue.WaitingFor)
	// Its ETA moves only with time: read at the same instant, it is the same.
	require.Equal(t, scheduler.ETASeconds(scheduler.Wait{Ahead: job0.Queue.Ahead, Rate: w0.Rate, Worker: true}),
		scheduler.ETASeconds(scheduler.Wait{Ahead: job1.Queue.Ahead, Rate: w1.Rate, Worker: true}))
}

func mustUUID(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	require.NoError(t, err)
	return id
}
