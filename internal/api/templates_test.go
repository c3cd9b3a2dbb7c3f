package api

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// brokenTemplate does not compile: the error is on its line 3. (It fails
// in the lexer; see TestBadTemplateLeaksNoGoroutine for why that matters.)
const brokenTemplate = "<p>\n\n{{name}\n</p>"

// postTemplate stores a template and requires 201.
func (e *testEnv) postTemplate(t *testing.T, token, id, content string) wire.Template {
	t.Helper()
	resp, body := e.do(t, http.MethodPost, "/v1/templates", token, map[string]any{"id": id, "content": content})
	requireStatus(t, http.StatusCreated, resp, body)
	requireObject(t, body, templateFields)
	return decodeJSON[wire.Template](t, body)
}

// putTemplate makes a new version and requires 200.
func (e *testEnv) putTemplate(t *testing.T, token, id string, in map[string]any) wire.Template {
	t.Helper()
	resp, body := e.do(t, http.MethodPut, "/v1/templates/"+id, token, in)
	requireStatus(t, http.StatusOK, resp, body)
	requireObject(t, body, templateFields)
	return decodeJSON[wire.Template](t, body)
}

func (e *testEnv) getTemplate(t *testing.T, token, ref string) wire.Template {
	t.Helper()
	_, body := e.getBody(t, token, "/v1/templates/"+ref)
	requireObject(t, body, templateFields)
	return decodeJSON[wire.Template](t, body)
}

func TestTemplateVersions(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)

	resp, body := e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "inv", "name": "Invoice", "content": "<p>v1 {{n}}</p>"})
	requireStatus(t, http.StatusCreated, resp, body)
	require.Equal(t, "/v1/templates/inv", resp.Header.Get("Location"))
	v1 := decodeJSON[wire.Template](t, body)
	require.Equal(t, wire.Template{ID: "inv", Name: "Invoice", Content: "<p>v1 {{n}}</p>", SampleData: json.RawMessage(`{}`), Options: json.RawMessage(`{}`),
		Version: 1, CreatedAt: v1.CreatedAt, UpdatedAt: v1.CreatedAt}, v1)
	require.Regexp(t, timePattern, v1.CreatedAt)
	require.Equal(t, v1, e.getTemplate(t, key, "inv"))

	time.Sleep(5 * time.Millisecond) // so that updatedAt, in milliseconds, moves
	v2 := e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v2 {{n}}</p>"})
	require.Equal(t, 2, v2.Version)
	require.Equal(t, "Invoice", v2.Name, "a PUT without a name keeps it")
	require.Equal(t, "<p>v2 {{n}}</p>", v2.Content)
	require.Equal(t, v1.CreatedAt, v2.CreatedAt)
	require.Greater(t, v2.UpdatedAt, v1.UpdatedAt)
	require.Equal(t, v2, e.getTemplate(t, key, "inv"), "the latest version")
	require.Equal(t, v1, e.getTemplate(t, key, "inv@1"), "a version by number")
	require.Equal(t, v2, e.getTemplate(t, key, "inv@2"))

	v3 := e.putTemplate(t, key, "inv", map[string]any{"id": "inv", "name": "Invoice 2027", "content": "<p>v3</p>"})
	require.Equal(t, 3, v3.Version)
	require.Equal(t, "Invoice 2027", v3.Name)
	for _, ref := range []string{"inv@4", "inv@0", "inv@x", "inv@", "nope", "nope@1"} {
		resp, body := e.do(t, http.MethodGet, "/v1/templates/"+ref, key, nil)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}

	// The list: latest versions, by id, paginated.
	e.postTemplate(t, key, "alpha", "<p>a</p>")
	e.postTemplate(t, key, "zeta", "<p>z</p>")
	list := func(q string) ([]string, any) {
		t.Helper()
		_, body := e.getBody(t, key, "/v1/templates"+q)
		l := decodeJSON[map[string]any](t, body)
		requireKeys(t, l, "data", "next")
		var ids []string
		for _, v := range l["data"].([]any) {
			tpl := v.(map[string]any)
			requireKeys(t, tpl, templateFields...)
			if tpl["id"] == "inv" {
				require.EqualValues(t, 3, tpl["version"])
			}
			ids = append(ids, tpl["id"].(string))
		}
		return ids, l["next"]
	}
	ids, next := list("")
	require.Equal(t, []string{"alpha", "inv", "zeta"}, ids)
	require.Nil(t, next)
	ids, next = list("?limit=2")
	require.Equal(t, []string{"alpha", "inv"}, ids)
	require.Equal(t, "inv", next)
	ids, next = list("?limit=2&after=inv")
	require.Equal(t, []string{"zeta"}, ids)
	require.Nil(t, next)

	// DELETE removes every version.
	resp, body = e.do(t, http.MethodDelete, "/v1/templates/inv", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	require.Empty(t, body)
	for _, r := range []struct{ method, path string }{
		{"GET", "/v1/templates/inv"}, {"GET", "/v1/templates/inv@1"}, {"DELETE", "/v1/templates/inv"}, {"PUT", "/v1/templates/inv"},
	} {
		resp, body := e.do(t, r.method, r.path, key, map[string]any{"content": "<p>x</p>"})
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}
	ids, _ = list("")
	require.Equal(t, []string{"alpha", "zeta"}, ids)

	// The id can be used again; its versions go on, so that no version
	// number ever means two contents.
	again := e.postTemplate(t, key, "inv", "<p>again</p>")
	require.Equal(t, 4, again.Version)
	resp, body = e.do(t, http.MethodGet, "/v1/templates/inv@1", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
}

func TestTemplateBadRequests(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)
	v1 := e.postTemplate(t, key, "inv", "<p>{{n}}</p>")

	resp, body := e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "inv", "content": "<p>other</p>"})
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)

	for _, path := range []string{"/v1/templates", "/v1/templates/inv"} {
		method := http.MethodPost
		in := map[string]any{"id": "broken", "content": brokenTemplate}
		if path != "/v1/templates" {
			method, in = http.MethodPut, map[string]any{"content": brokenTemplate}
		}
		resp, body := e.do(t, method, path, key, in)
		msg := requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body).Message
		require.Contains(t, msg, "line 3", "the message names the line")
	}

	for _, c := range []struct {
		method, path, body, want string
	}{
		{"POST", "/v1/templates", `{"content": "<p>x</p>"}`, "id"},
		{"POST", "/v1/templates", `{"id": "a b", "content": "<p>x</p>"}`, "id"},
		{"POST", "/v1/templates", `{"id": "a@1", "content": "<p>x</p>"}`, "id"},
		{"POST", "/v1/templates", `{"id": "x"}`, "content"},
		{"POST", "/v1/templates", `{"id": "x", "content": "<p>x</p>", "version": 3}`, `"version"`},
		{"POST", "/v1/templates", `{"id": "x", "content": 5}`, "content"},
		{"POST", "/v1/templates", `{"id": "x", "content": `, "malformed JSON"},
		{"PUT", "/v1/templates/inv", `{"id": "other", "content": "<p>x</p>"}`, "id"},
		{"PUT", "/v1/templates/inv", `{"name": "No content"}`, "content"},
	} {
		resp, body := e.do(t, c.method, c.path, key, c.body)
		msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
		require.Contains(t, msg, c.want, "%s %s", c.path, c.body)
	}
	require.Equal(t, v1, e.getTemplate(t, key, "inv"), "nothing refused changed the template")
	_, body = e.getBody(t, key, "/v1/templates")
	require.Len(t, decodeJSON[list[wire.Template]](t, body).Data, 1)
}

// Work records the version it used (docs/api.md) and renders that version's
// content, however many versions come after.
func TestWorkPinsTemplateVersion(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	e.postTemplate(t, key, "inv", "<p>v1 {{n}}</p>")
	e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v2 {{n}}</p>"})

	latest := e.postJob(t, key, map[string]any{"templateId": "inv", "data": map[string]any{"n": 1}, "format": "html"})
	require.Equal(t, "inv@2", *latest.TemplateID)
	pinned := e.postJob(t, key, map[string]any{"templateId": "inv@1", "data": map[string]any{"n": 2}, "format": "html"})
	require.Equal(t, "inv@1", *pinned.TemplateID)
	batch := e.postBatch(t, key, map[string]any{"templateId": "inv", "records": records(2), "format": "html"})
	require.Equal(t, "inv@2", *batch.TemplateID)

	e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v3 {{n}}</p>"})
	third := e.postJob(t, key, map[string]any{"templateId": "inv", "data": map[string]any{"n": 3}, "format": "html"})
	require.Equal(t, "inv@3", *third.TemplateID)

	for _, c := range []struct{ ref, status, code string }{
		{"nope", "404", paprika.CodeNotFound}, {"inv@9", "404", paprika.CodeNotFound},
		{"inv@x", "400", paprika.CodeBadRequest}, {"inv@0", "400", paprika.CodeBadRequest}, {"in v", "400", paprika.CodeBadRequest},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/jobs", key, map[string]any{"templateId": c.ref, "format": "html"})
		require.Equal(t, c.code, decodeJSON[errorBody](t, body).Code, "templateId %q: %s", c.ref, body)
		require.Equal(t, c.status, resp.Status[:3])
	}

	e.startWorker(t, nil)
	for _, c := range []struct {
		job  wire.Job
		want string
	}{{latest, "<p>v2 1</p>"}, {pinned, "<p>v1 2</p>"}, {third, "<p>v3 3</p>"}} {
		e.waitJob(t, key, c.job.ID, "done")
		_, doc := e.getBody(t, key, "/v1/jobs/"+c.job.ID+"/output")
		require.Equal(t, c.want, string(doc))
		require.Equal(t, c.job.TemplateID, e.getJob(t, key, c.job.ID).TemplateID)
	}
	require.Equal(t, "done", e.waitBatch(t, key, batch.ID).Status)
	for i := 1; i <= 2; i++ {
		_, doc := e.getBody(t, key, "/v1/batches/"+batch.ID+"/records/"+strconv.Itoa(i)+"/output")
		require.Equal(t, "<p>v2 "+strconv.Itoa(i)+"</p>", string(doc))
	}
}

// postgres.Store.DeleteTemplate: "Work already queued with it fails with
// template-error when it is claimed."
func TestDeletedTemplateFailsQueuedWork(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	e.postTemplate(t, key, "gone", "<p>{{n}}</p>")
	j := e.postJob(t, key, map[string]any{"templateId": "gone", "data": map[string]any{"n": 1}, "format": "html"})
	resp, body := e.do(t, http.MethodDelete, "/v1/templates/gone", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)

	e.startWorker(t, nil)
	var got wire.Job
	eventually(t, "the job finished", func() bool {
		got = e.getJob(t, key, j.ID)
		return got.FinishedAt != nil
	})
	require.Equal(t, "failed", got.Status)
	require.NotNil(t, got.Error)
	require.Equal(t, "template-error", got.Error.Code)
	require.Contains(t, got.Error.Message, "deleted")
	require.Equal(t, 1, got.Attempts, "a template error is not retried")
	require.Nil(t, got.Output)
}

// A template that does not compile must not cost the API a goroutine: a
// tenant posting broken templates would otherwise grow the process without
// bound (raymond's lexer runs in a goroutine that blocks forever when its
// parser gives up early). Not parallel: goleak looks at every goroutine.
func TestBadTemplateLeaksNoGoroutine(t *testing.T) {
	before := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, before) }) // the last cleanup: the server and its pool are gone
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	for _, content := range []string{
		"<p>{{#if a}}</p>\n{{/each}}", // a block closed by another: the parser stops early
		"a\n{{/if}}",
		"{{x y=}} and more",
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "broken", "content": content})
		requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
		resp, body = e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": content})
		requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
	}
}

// A template that compiles but fails on its data fails the work at once,
// with template-error naming the line; a batch's other records are done.
func TestWorkFailsOnData(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	const tpl = "<p>\n{{div a b}}</p>"
	j := e.postJob(t, key, map[string]any{"template": tpl, "data": map[string]any{"a": 1, "b": 0}, "format": "html"})
	b := e.postBatch(t, key, map[string]any{"template": tpl, "format": "html",
		"records": []any{map[string]any{"a": 6, "b": 3}, map[string]any{"a": 1, "b": 0}, map[string]any{"a": 8, "b": 2}}})
	e.startWorker(t, nil)

	failed := e.waitJob(t, key, j.ID, "failed")
	require.Equal(t, 1, failed.Attempts, "a template error is not retried")
	require.Nil(t, failed.Output)
	require.Nil(t, failed.Queue)
	require.Equal(t, "template-error", failed.Error.Code)
	require.Contains(t, failed.Error.Message, "line 2")
	resp, body := e.do(t, http.MethodGet, "/v1/jobs/"+j.ID+"/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	resp, body = e.do(t, http.MethodDelete, "/v1/jobs/"+j.ID, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
	ids, _ := e.listIDs(t, key, "/v1/jobs?status=failed", jobFields)
	require.Equal(t, []string{j.ID}, ids)

	done := e.waitBatch(t, key, b.ID)
	require.Equal(t, "done", done.Status, "a batch whose records all finished is done, failures counted")
	require.Equal(t, 2, done.Done)
	require.Equal(t, 1, done.Failed)
	_, body = e.getBody(t, key, "/v1/batches/"+b.ID+"/records?status=failed")
	recs := decodeJSON[list[wire.Record]](t, body).Data
	require.Len(t, recs, 1)
	require.Equal(t, 2, recs[0].Index)
	require.Nil(t, recs[0].OutputURL)
	require.Equal(t, "template-error", recs[0].Error.Code)
	require.Contains(t, recs[0].Error.Message, "line 2")
	resp, body = e.do(t, http.MethodGet, "/v1/batches/"+b.ID+"/records/2/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	_, zipped := e.getBody(t, key, "/v1/batches/"+b.ID+"/output")
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	require.Equal(t, []string{"000001.html", "000003.html"}, names, "the ZIP holds the finished documents only")
}
