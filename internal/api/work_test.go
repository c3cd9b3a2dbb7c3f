package api

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
)

// A job from submission to download: queued, rendered by a worker, its
// document served; a finished job cannot be canceled.
func TestJobLifecycle(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)

	in := htmlJob("<h1>Invoice {{invoice}}</h1><p>{{customer}}</p>", map[string]any{"invoice": 42, "customer": "Fabrikam & <Co>"})
	in["metadata"] = map[string]any{"orderId": "A-1"}
	resp, body := e.do(t, http.MethodPost, "/v1/jobs", key, in)
	requireStatus(t, http.StatusAccepted, resp, body)
	obj := requireObject(t, body, jobFields)
	id := obj["id"].(string)
	_, err := uuid.Parse(id)
	require.NoError(t, err)
	require.Equal(t, "/v1/jobs/"+id, resp.Header.Get("Location"))
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	require.Equal(t, "queued", obj["status"])
	require.Equal(t, "standard", obj["tier"], "the tier it would be claimed at now")
	require.Equal(t, "html", obj["format"])
	require.Nil(t, obj["templateId"], "an inline template")
	require.Regexp(t, timePattern, obj["createdAt"])
	require.Nil(t, obj["startedAt"])
	require.Nil(t, obj["finishedAt"])
	require.EqualValues(t, 0, obj["attempts"])
	require.Equal(t, map[string]any{"ahead": float64(0), "etaSeconds": nil, "waitingFor": "no-worker"}, obj["queue"], "no worker runs yet")
	require.Nil(t, obj["output"])
	require.Nil(t, obj["error"])
	require.Equal(t, map[string]any{"orderId": "A-1"}, obj["metadata"])

	_, got := e.getBody(t, key, "/v1/jobs/"+id)
	require.JSONEq(t, string(body), string(got))
	resp, body = e.do(t, http.MethodGet, "/v1/jobs/"+id+"/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)

	e.startWorker(t, nil)
	e.waitJob(t, key, id, "done")
	_, body = e.getBody(t, key, "/v1/jobs/"+id)
	obj = requireObject(t, body, jobFields)
	require.Equal(t, "standard", obj["tier"], "the tier it ran at")
	require.NotNil(t, obj["startedAt"])
	require.NotNil(t, obj["finishedAt"])
	require.EqualValues(t, 1, obj["attempts"])
	require.Nil(t, obj["queue"], "queue is null once it left the queue")
	require.Nil(t, obj["error"])
	require.Equal(t, obj["createdAt"], requireObject(t, got, jobFields)["createdAt"])
	out := obj["output"].(map[string]any)
	requireKeys(t, out, "url", "contentType", "bytes", "pages")
	require.Equal(t, "/v1/jobs/"+id+"/output", out["url"])
	require.Equal(t, htmlType, out["contentType"])
	require.EqualValues(t, 1, out["pages"])

	resp, doc := e.getBody(t, key, out["url"].(string))
	require.Equal(t, htmlType, resp.Header.Get("Content-Type"))
	require.Contains(t, string(doc), "<h1>Invoice 42</h1>")
	require.Contains(t, string(doc), "<p>Fabrikam &amp; &lt;Co&gt;</p>", "{{x}} is HTML-escaped")
	require.EqualValues(t, out["bytes"], len(doc))
	require.Equal(t, strconv.Itoa(len(doc)), resp.Header.Get("Content-Length"))

	resp, body = e.do(t, http.MethodDelete, "/v1/jobs/"+id, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
	require.Equal(t, "done", e.getJob(t, key, id).Status, "a refused cancel changes nothing")
}

// A queued job canceled is canceled for good: no output, no render, and a
// second cancel is a conflict.
func TestCancelQueuedJob(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	canceled := e.postJob(t, key, htmlJob("<p>never</p>", nil))

	resp, body := e.do(t, http.MethodDelete, "/v1/jobs/"+canceled.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	obj := requireObject(t, body, jobFields)
	require.Equal(t, "canceled", obj["status"])
	require.Nil(t, obj["queue"])
	require.Nil(t, obj["output"])
	require.Nil(t, obj["startedAt"])
	require.NotNil(t, obj["finishedAt"])
	require.EqualValues(t, 0, obj["attempts"])

	resp, body = e.do(t, http.MethodGet, "/v1/jobs/"+canceled.ID+"/output", key, nil)
	require.Contains(t, requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body).Message, "canceled")
	resp, body = e.do(t, http.MethodDelete, "/v1/jobs/"+canceled.ID, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)

	// A worker renders what is queued and leaves the canceled job alone.
	next := e.postJob(t, key, htmlJob("<p>next</p>", nil))
	e.startWorker(t, nil)
	e.waitJob(t, key, next.ID, "done")
	j := e.getJob(t, key, canceled.ID)
	require.Equal(t, "canceled", j.Status)
	require.Equal(t, 0, j.Attempts)
	require.Nil(t, j.StartedAt)
	_, err := e.Outputs.Stat(t.Context(), storage.JobKey("acme", uuid.MustParse(canceled.ID), "html"))
	require.ErrorIs(t, err, storage.ErrNotExist)

	// docs/api.md: tier is "the tier it would be claimed at now, then the tier
	// it ran at". A job that never ran has no tier it ran at: it shows the
	// one it would have run at, never an empty name.
	require.Equal(t, "standard", obj["tier"])
	require.Equal(t, "standard", j.Tier)
}

// A running job canceled stops counting as running, and its render's late
// completion is refused: it stays canceled, without an output.
func TestCancelRunningJob(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(in render.Input) *render.Output {
		return &render.Output{Body: []byte("<p>late</p>"), ContentType: htmlType, Pages: 1}
	})
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	j := e.postJob(t, key, htmlJob("<p>slow</p>", map[string]any{"n": 1}))
	e.startWorker(t, fake)
	waitStarted(t, started)

	running := e.getJob(t, key, j.ID)
	require.Equal(t, "running", running.Status)
	require.Nil(t, running.Queue)
	require.NotNil(t, running.StartedAt)
	require.Equal(t, 1, running.Attempts)
	require.Equal(t, "standard", running.Tier)
	require.EqualValues(t, 1, e.measures(t)["standard"].Running)

	resp, body := e.do(t, http.MethodDelete, "/v1/jobs/"+j.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "canceled", decodeJSON[wire.Job](t, body).Status)
	require.EqualValues(t, 0, e.measures(t)["standard"].Running)
	close(release) // the render ends well, too late

	// The worker goes on: the next job is rendered and done.
	next := e.postJob(t, key, htmlJob("<p>next</p>", map[string]any{"n": 2}))
	e.waitJob(t, key, next.ID, "done")
	got := e.getJob(t, key, j.ID)
	require.Equal(t, "canceled", got.Status)
	require.Nil(t, got.Output)
	resp, body = e.do(t, http.MethodGet, "/v1/jobs/"+j.ID+"/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	m := e.measures(t)["standard"]
	require.EqualValues(t, 0, m.Running)
	require.EqualValues(t, 1, m.Done, "only the job that was not canceled is done")
}

func waitStarted(t *testing.T, started <-chan string) string {
	t.Helper()
	select {
	case s := <-started:
		return s
	case <-time.After(15 * time.Second):
		t.Fatal("no render started within 15 s")
		return ""
	}
}

func TestListJobs(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	other := e.tenantKey(t, "other", ScopeRender)
	j1 := e.postJob(t, key, htmlJob("<p>1</p>", nil))
	j2 := e.postJob(t, key, htmlJob("<p>2</p>", nil))
	j3 := e.postJob(t, key, htmlJob("<p>3</p>", nil))
	e.postJob(t, other, htmlJob("<p>theirs</p>", nil))
	resp, body := e.do(t, http.MethodDelete, "/v1/jobs/"+j2.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)

	ids, next := e.listIDs(t, key, "/v1/jobs", jobFields)
	require.Equal(t, []string{j3.ID, j2.ID, j1.ID}, ids, "newest first, this tenant's only")
	require.Nil(t, next)
	_, body = e.getBody(t, key, "/v1/jobs")
	l := decodeJSON[list[wire.Job]](t, body)
	require.Equal(t, &wire.Queue{Ahead: 1, WaitingFor: scheduler.WaitingNoWorker}, l.Data[0].Queue, "the canceled job is no longer ahead")
	require.Nil(t, l.Data[1].Queue)
	require.Equal(t, &wire.Queue{Ahead: 0, WaitingFor: scheduler.WaitingNoWorker}, l.Data[2].Queue)

	for q, want := range map[string][]string{
		"?status=queued":   {j3.ID, j1.ID},
		"?status=canceled": {j2.ID},
		"?status=done":     {},
		"?status=failed":   {},
		"?status=running":  {},
	} {
		ids, next := e.listIDs(t, key, "/v1/jobs"+q, jobFields)
		require.Equal(t, want, ids, q)
		require.Nil(t, next, q)
	}

	ids, next = e.listIDs(t, key, "/v1/jobs?limit=2", jobFields)
	require.Equal(t, []string{j3.ID, j2.ID}, ids)
	require.Equal(t, j2.ID, next)
	ids, next = e.listIDs(t, key, "/v1/jobs?limit=2&after="+j2.ID, jobFields)
	require.Equal(t, []string{j1.ID}, ids)
	require.Nil(t, next)
	ids, next = e.listIDs(t, key, "/v1/jobs?status=queued&limit=1", jobFields)
	require.Equal(t, []string{j3.ID}, ids)
	require.Equal(t, j3.ID, next)
	ids, next = e.listIDs(t, key, "/v1/jobs?status=queued&limit=1&after="+j3.ID, jobFields)
	require.Equal(t, []string{j1.ID}, ids)
	require.Nil(t, next)
	ids, next = e.listIDs(t, key, "/v1/jobs?limit=1000&after="+j1.ID, jobFields)
	require.Empty(t, ids)
	require.Nil(t, next)

	for q, field := range map[string]string{
		"?status=bogus": "status", "?status=QUEUED": "status", "?after=nope": "after",
		"?limit=0": "limit", "?limit=1001": "limit",
	} {
		resp, body := e.do(t, http.MethodGet, "/v1/jobs"+q, key, nil)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, field, q)
	}
}

// docs/scheduler.md: a queued job shows how many of its own tenant's queued single
// jobs are ahead of it; other tenants' work and batches never count.
func TestQueueAhead(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	a := e.tenantKey(t, "a", ScopeRender)
	b := e.tenantKey(t, "b", ScopeRender)
	job := func(key string, n int) wire.Job {
		return e.postJob(t, key, htmlJob("<p>{{n}}</p>", map[string]any{"n": n}))
	}

	a1 := job(a, 1)
	job(b, 1)
	job(b, 2)
	a2 := job(a, 2)
	job(b, 3)
	job(b, 4)
	e.postBatch(t, a, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": []any{map[string]any{"n": 1}, map[string]any{"n": 2}}})
	b5 := job(b, 5)
	a3 := job(a, 3)

	require.Equal(t, &wire.Queue{Ahead: 2, WaitingFor: scheduler.WaitingNoWorker}, a3.Queue, "the answer to the submission already says")
	for _, c := range []struct {
		key   string
		job   wire.Job
		ahead int
	}{{a, a1, 0}, {a, a2, 1}, {a, a3, 2}, {b, b5, 4}} {
		require.Equal(t, &wire.Queue{Ahead: c.ahead, WaitingFor: scheduler.WaitingNoWorker}, e.getJob(t, c.key, c.job.ID).Queue)
	}
	_, body := e.getBody(t, a, "/v1/jobs")
	var aheads []int
	for _, j := range decodeJSON[list[wire.Job]](t, body).Data {
		aheads = append(aheads, j.Queue.Ahead)
	}
	require.Equal(t, []int{2, 1, 0}, aheads, "the list says the same")

	resp, body := e.do(t, http.MethodDelete, "/v1/jobs/"+a1.ID, a, nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, &wire.Queue{Ahead: 1, WaitingFor: scheduler.WaitingNoWorker}, e.getJob(t, a, a3.ID).Queue)
	require.Equal(t, &wire.Queue{Ahead: 0, WaitingFor: scheduler.WaitingNoWorker}, e.getJob(t, a, a2.ID).Queue)
	require.Equal(t, &wire.Queue{Ahead: 4, WaitingFor: scheduler.WaitingNoWorker}, e.getJob(t, b, b5.ID).Queue, "another tenant's cancel changes nothing")
	_, body = e.getBody(t, a, "/v1/jobs?status=queued")
	aheads = nil
	for _, j := range decodeJSON[list[wire.Job]](t, body).Data {
		aheads = append(aheads, j.Queue.Ahead)
	}
	require.Equal(t, []int{1, 0}, aheads)
}

// Another tenant's ids are not-found, whatever the route, and stay untouched;
// malformed ids are not-found too.
func TestTenantIsolation(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	a := e.tenantKey(t, "a")
	b := e.tenantKey(t, "b")
	resp, body := e.do(t, http.MethodPost, "/v1/templates", a, map[string]any{"id": "inv", "content": "<p>A's {{n}}</p>"})
	requireStatus(t, http.StatusCreated, resp, body)
	job := e.postJob(t, a, htmlJob("<p>A</p>", nil))
	batch := e.postBatch(t, a, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": []any{map[string]any{"n": 1}}})
	done := e.postJob(t, a, htmlJob("<p>A done</p>", nil))
	e.startWorker(t, nil)
	e.waitBatch(t, a, batch.ID)
	e.waitJob(t, a, done.ID, "done")
	resp, body = e.do(t, http.MethodDelete, "/v1/jobs/"+job.ID, a, nil) // whatever its state, A can see it
	require.Contains(t, []int{http.StatusOK, http.StatusConflict}, resp.StatusCode, "%s", body)

	for _, r := range []struct{ method, path string }{
		{"GET", "/v1/jobs/" + done.ID},
		{"DELETE", "/v1/jobs/" + done.ID},
		{"GET", "/v1/jobs/" + done.ID + "/output"},
		{"DELETE", "/v1/jobs/" + job.ID},
		{"GET", "/v1/batches/" + batch.ID},
		{"DELETE", "/v1/batches/" + batch.ID},
		{"GET", "/v1/batches/" + batch.ID + "/records"},
		{"GET", "/v1/batches/" + batch.ID + "/records/1/output"},
		{"GET", "/v1/batches/" + batch.ID + "/output"},
		{"GET", "/v1/templates/inv"},
		{"GET", "/v1/templates/inv@1"},
		{"DELETE", "/v1/templates/inv"},
		{"PUT", "/v1/templates/inv"},
		// Malformed ids.
		{"GET", "/v1/jobs/not-a-uuid"},
		{"DELETE", "/v1/jobs/not-a-uuid"},
		{"GET", "/v1/jobs/not-a-uuid/output"},
		{"GET", "/v1/jobs/" + uuid.NewString()},
		{"GET", "/v1/batches/123"},
		{"GET", "/v1/batches/123/records"},
		{"GET", "/v1/batches/123/output"},
		{"GET", "/v1/batches/" + batch.ID + "/records/x/output"},
		{"GET", "/v1/templates/bad%20id!"},
	} {
		var in any
		if r.method == "PUT" {
			in = map[string]any{"content": "<p>B was here</p>"}
		}
		resp, body := e.do(t, r.method, r.path, b, in)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
		require.NotContains(t, string(body), "A's", "%s %s", r.method, r.path)
	}

	// B cannot render with A's template either; its own id is its own.
	resp, body = e.do(t, http.MethodPost, "/v1/jobs", b, map[string]any{"templateId": "inv", "format": "html"})
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/templates", b, map[string]any{"id": "inv", "content": "<p>B's</p>"})
	requireStatus(t, http.StatusCreated, resp, body)

	// B's lists are empty; A's things are as they were.
	for _, path := range []string{"/v1/jobs", "/v1/batches"} {
		ids, _ := e.listIDs(t, b, path, nil)
		require.Empty(t, ids, path)
	}
	require.Equal(t, "done", e.getJob(t, a, done.ID).Status)
	require.Equal(t, "done", e.getBatch(t, a, batch.ID).Status)
	_, body = e.getBody(t, a, "/v1/templates/inv")
	require.Equal(t, "<p>A's {{n}}</p>", decodeJSON[wire.Template](t, body).Content)
	require.Equal(t, 1, decodeJSON[wire.Template](t, body).Version)
	_, doc := e.getBody(t, a, "/v1/jobs/"+done.ID+"/output")
	require.Contains(t, string(doc), "A done")
}

// Scopes (docs/api.md): read reads, render renders and reads its work,
// templates manages templates; a suspended tenant's keys are refused.
func TestWorkScopes(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	renderKey := e.tenantKey(t, "acme", ScopeRender)
	read := e.createKey(t, "acme", ScopeRead).Secret
	templates := e.createKey(t, "acme", ScopeTemplates).Secret
	job := e.postJob(t, renderKey, htmlJob("<p>x</p>", nil))
	batch := e.postBatch(t, renderKey, map[string]any{"template": "<p>x</p>", "format": "html", "records": []any{map[string]any{}}})
	resp, body := e.do(t, http.MethodPost, "/v1/templates", templates, map[string]any{"id": "inv", "content": "<p>{{n}}</p>"})
	requireStatus(t, http.StatusCreated, resp, body)

	jobIn := htmlJob("<p>x</p>", nil)
	batchIn := map[string]any{"template": "<p>x</p>", "records": []any{map[string]any{}}}
	tplIn := map[string]any{"id": "other", "content": "<p>x</p>"}
	type call struct {
		method, path string
		body         any
	}
	allowed := map[string][]call{
		"read": {
			{"GET", "/v1/jobs", nil}, {"GET", "/v1/jobs/" + job.ID, nil},
			{"GET", "/v1/batches", nil}, {"GET", "/v1/batches/" + batch.ID, nil}, {"GET", "/v1/batches/" + batch.ID + "/records", nil},
			{"GET", "/v1/templates", nil}, {"GET", "/v1/templates/inv", nil},
		},
		"templates": {{"GET", "/v1/templates", nil}, {"GET", "/v1/templates/inv", nil}},
		"render": {
			{"GET", "/v1/jobs", nil}, {"GET", "/v1/jobs/" + job.ID, nil},
			{"GET", "/v1/batches", nil}, {"GET", "/v1/batches/" + batch.ID, nil},
		},
	}
	forbidden := map[string][]call{
		"read": {
			{"POST", "/v1/jobs", jobIn}, {"POST", "/v1/jobs", `{malformed`}, {"DELETE", "/v1/jobs/" + job.ID, nil},
			{"POST", "/v1/renders", jobIn}, {"POST", "/v1/batches", batchIn}, {"DELETE", "/v1/batches/" + batch.ID, nil},
			{"POST", "/v1/templates", tplIn}, {"PUT", "/v1/templates/inv", tplIn}, {"DELETE", "/v1/templates/inv", nil},
		},
		"templates": {
			{"POST", "/v1/renders", jobIn}, {"POST", "/v1/jobs", jobIn}, {"POST", "/v1/batches", batchIn},
			{"GET", "/v1/jobs", nil}, {"GET", "/v1/jobs/" + job.ID, nil}, {"GET", "/v1/batches/" + batch.ID, nil},
		},
		"render": {
			{"POST", "/v1/templates", tplIn}, {"PUT", "/v1/templates/inv", tplIn}, {"DELETE", "/v1/templates/inv", nil},
		},
	}
	keys := map[string]string{"read": read, "templates": templates, "render": renderKey}
	for name, calls := range allowed {
		for _, c := range calls {
			resp, body := e.do(t, c.method, c.path, keys[name], c.body)
			requireStatus(t, http.StatusOK, resp, body)
		}
	}
	for name, calls := range forbidden {
		for _, c := range calls {
			resp, body := e.do(t, c.method, c.path, keys[name], c.body)
			requireError(t, http.StatusForbidden, paprika.CodeForbidden, resp, body)
		}
	}
	// Nothing refused happened.
	ids, _ := e.listIDs(t, read, "/v1/jobs", jobFields)
	require.Equal(t, []string{job.ID}, ids)
	require.Equal(t, "queued", e.getJob(t, read, job.ID).Status)
	require.Equal(t, "queued", e.getBatch(t, read, batch.ID).Status)
	_, body = e.getBody(t, read, "/v1/templates/inv")
	require.Equal(t, 1, decodeJSON[wire.Template](t, body).Version)
	require.Empty(t, e.Server.renderer.(*fakeRenderer).Calls())

	// A suspended tenant's keys are refused, whatever their scope.
	resp, body = e.admin(t, http.MethodPatch, "/v1/admin/tenants/acme", `{"suspended": true}`)
	requireStatus(t, http.StatusOK, resp, body)
	for _, c := range []struct {
		key  string
		call call
	}{
		{renderKey, call{"POST", "/v1/jobs", jobIn}}, {renderKey, call{"POST", "/v1/renders", jobIn}},
		{renderKey, call{"GET", "/v1/jobs/" + job.ID, nil}}, {read, call{"GET", "/v1/jobs", nil}},
		{templates, call{"POST", "/v1/templates", tplIn}},
	} {
		resp, body := e.do(t, c.call.method, c.call.path, c.key, c.call.body)
		require.Contains(t, requireError(t, http.StatusForbidden, paprika.CodeForbidden, resp, body).Message, "suspended")
	}
}

var measureFields = []string{"tier", "name", "weight", "maxRunning", "ratePerMinute", "queued", "running", "started", "done", "waitSeconds", "renderSeconds"}

// The scheduler's measures of docs/api.md: every configured tier in order, with
// the work queued and running now, and started and done over the window.
func TestSchedulerMeasures(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	acme := e.tenantKey(t, "acme", ScopeRender)
	resp, body := e.admin(t, http.MethodPost, "/v1/admin/tenants", map[string]any{"id": "fabrikam", "name": "Fabrikam", "tier": "priority"})
	requireStatus(t, http.StatusCreated, resp, body)
	fabrikam := e.createKey(t, "fabrikam", ScopeRender).Secret

	// Nothing measured yet: zeros and nulls, in docs/scheduler.md's shape.
	_, body = e.getBody(t, e.AdminToken, "/v1/admin/scheduler?minutes=60")
	require.JSONEq(t, `{"minutes": 60, "tiers": [
		{"tier": "standard", "name": "standard", "weight": 1, "maxRunning": null, "ratePerMinute": null, "queued": 0, "running": 0,
		 "started": 0, "done": 0, "waitSeconds": {"p50": null, "p95": null}, "renderSeconds": {"p50": null, "p95": null}},
		{"tier": "priority", "name": "priority", "weight": 4, "maxRunning": 20, "ratePerMinute": 600, "queued": 0, "running": 0,
		 "started": 0, "done": 0, "waitSeconds": {"p50": null, "p95": null}, "renderSeconds": {"p50": null, "p95": null}}]}`, string(body))
	_, def := e.getBody(t, e.AdminToken, "/v1/admin/scheduler")
	require.JSONEq(t, string(body), string(def), "60 minutes by default")

	for _, q := range []string{"0", "1441", "-1", "x", "1.5"} {
		resp, body := e.admin(t, http.MethodGet, "/v1/admin/scheduler?minutes="+q, nil)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "minutes", q)
	}
	resp, body = e.do(t, http.MethodGet, "/v1/admin/scheduler", acme, nil)
	requireError(t, http.StatusUnauthorized, paprika.CodeUnauthorized, resp, body)

	// Queued: 2 jobs and 3 records of acme (standard), 1 job of fabrikam.
	var jobs []string
	for i := range 2 {
		jobs = append(jobs, e.postJob(t, acme, htmlJob("<p>{{n}}</p>", map[string]any{"n": i})).ID)
	}
	batch := e.postBatch(t, acme, map[string]any{"template": "<p>{{n}}</p>", "format": "html",
		"records": []any{map[string]any{"n": 1}, map[string]any{"n": 2}, map[string]any{"n": 3}}})
	prio := e.postJob(t, fabrikam, htmlJob("<p>p</p>", nil))
	m := e.measures(t)
	require.EqualValues(t, 5, m["standard"].Queued)
	require.EqualValues(t, 1, m["priority"].Queued)
	require.Zero(t, m["standard"].Started+m["standard"].Running+m["priority"].Started)

	// A synchronous render counts as started and done at once.
	resp, body = e.do(t, http.MethodPost, "/v1/renders", acme, map[string]any{"template": "<p>now</p>", "format": "html"})
	requireStatus(t, http.StatusOK, resp, body)
	m = e.measures(t)
	require.EqualValues(t, 1, m["standard"].Started)
	require.EqualValues(t, 1, m["standard"].Done)
	require.Equal(t, 0.0, *m["standard"].WaitSeconds.P50)
	require.NotNil(t, m["standard"].RenderSeconds.P95)

	e.startWorker(t, nil)
	for _, id := range jobs {
		e.waitJob(t, acme, id, "done")
	}
	e.waitJob(t, fabrikam, prio.ID, "done")
	require.Equal(t, "done", e.waitBatch(t, acme, batch.ID).Status)

	_, body = e.getBody(t, e.AdminToken, "/v1/admin/scheduler?minutes=60")
	obj := decodeJSON[map[string]any](t, body)
	requireKeys(t, obj, "minutes", "tiers")
	tiers := obj["tiers"].([]any)
	require.Len(t, tiers, 2)
	for i, name := range []string{"standard", "priority"} {
		tm := tiers[i].(map[string]any)
		requireKeys(t, tm, measureFields...)
		require.Equal(t, name, tm["tier"])
		for _, p := range []string{"waitSeconds", "renderSeconds"} {
			pct := tm[p].(map[string]any)
			requireKeys(t, pct, "p50", "p95")
			require.GreaterOrEqual(t, pct["p50"], 0.0, p)
			require.GreaterOrEqual(t, pct["p95"], pct["p50"], p)
		}
	}
	m = e.measures(t)
	for tier, want := range map[string]int64{"standard": 6, "priority": 1} {
		require.EqualValues(t, want, m[tier].Started, tier)
		require.EqualValues(t, want, m[tier].Done, tier)
		require.Zero(t, m[tier].Queued, tier)
		require.Zero(t, m[tier].Running, tier)
	}
	require.Greater(t, *m["standard"].WaitSeconds.P95, 0.0, "queued work waited")
	require.Greater(t, *m["priority"].WaitSeconds.P50, 0.0)
}
