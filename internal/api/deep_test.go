package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// deepIfs is a hostile template: n blocks nested in one another. At
// n = 300,000 it is 4.8 MB, under the body limit; evaluating it overflowed
// the Go stack, a fatal error no recover stops: the api died on a render of
// it, and every worker that claimed a job of it died in turn.
func deepIfs(n int) string {
	return strings.Repeat("{{#if a}}", n) + "x" + strings.Repeat("{{/if}}", n)
}

// A 300,000-deep deepIfs body, to every route that takes a template, is a
// 422 template-error; the process answering is still there for the next
// request, which renders.
func TestDeepTemplateRefusedByTheAPI(t *testing.T) {
	t.Parallel()
	engine := render.New(render.Config{Slots: 1})
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupWork(t, nil, engine)
	key := e.tenantKey(t, "acme")

	huge, deep := deepIfs(300_000), deepIfs(60_000) // over 1 MiB; under it, 60,000 deep
	require.Greater(t, len(huge), 4_000_000)
	require.Less(t, len(deep), render.MaxTemplateBytes)
	for _, c := range []struct{ template, says string }{
		{huge, "the template is 4.6 MiB (4800001 bytes), more than 1 MiB"},
		{deep, "line 1: blocks nest deeper than 100 levels"},
	} {
		for _, format := range []string{"html", "pdf"} {
			resp, body := e.do(t, http.MethodPost, "/v1/renders", key,
				map[string]any{"template": c.template, "data": map[string]any{"a": 1}, "format": format})
			eb := requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
			require.Contains(t, eb.Message, c.says)
		}
		resp, body := e.do(t, http.MethodPost, "/v1/jobs", key, htmlJob(c.template, map[string]any{"a": 1}))
		eb := requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
		require.Contains(t, eb.Message, c.says)
		resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "deep", "content": c.template})
		eb = requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
		require.Contains(t, eb.Message, c.says)
		resp, body = e.do(t, http.MethodPut, "/v1/templates/deep", key, map[string]any{"content": c.template})
		eb = requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
		require.Contains(t, eb.Message, c.says)
	}

	resp, body := e.do(t, http.MethodPost, "/v1/renders", key,
		map[string]any{"template": deepIfs(render.MaxTemplateDepth), "data": map[string]any{"a": 1}, "format": "html"})
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "x", string(body))
}

// Work queued before the limits, with a 300,000-deep deepIfs body stored as a
// template or inline in the job, fails once with template-error when a
// worker claims it (not retried: it would fail alike), and the worker goes
// on to render the next job.
func TestDeepTemplateFailsQueuedWork(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	e.createTenant(t, "acme")
	k := e.createKey(t, "acme", allScopes...)

	// As the database holds them from before: stored without the checks.
	ctx := t.Context()
	_, err := e.Store.CreateTemplate(ctx, paprika.Template{TenantID: "acme", ID: "deep", Name: "deep", Content: deepIfs(300_000)}, e.Config.TemplateQuota)
	require.NoError(t, err)
	stored := e.postJob(t, k.Secret, map[string]any{"templateId": "deep", "data": map[string]any{"a": 1}, "format": "html"})
	var inline []string
	for _, src := range []string{deepIfs(300_000), deepIfs(60_000)} {
		j := &paprika.Job{TenantID: "acme", KeyID: k.ID, Source: paprika.Source{Template: src, Format: "html", Options: json.RawMessage(`{}`)},
			Data: json.RawMessage(`{"a":1}`)}
		require.NoError(t, e.Store.CreateJob(ctx, j))
		require.NotEqual(t, uuid.Nil, j.ID)
		inline = append(inline, j.ID.String())
	}

	e.startWorker(t, nil) // the real engine
	for _, id := range append([]string{stored.ID}, inline...) {
		j := e.waitJob(t, k.Secret, id, paprika.StatusFailed)
		require.NotNil(t, j.Error)
		require.Equal(t, paprika.CodeTemplateError, j.Error.Code, "%+v", j.Error)
		require.Regexp(t, `more than 1 MiB|line 1: blocks nest deeper than 100 levels`, j.Error.Message)
		require.Equal(t, 1, j.Attempts, "a template error is not retried")
	}
	ok := e.postJob(t, k.Secret, htmlJob("<p>{{a}}</p>", map[string]any{"a": "after"}))
	e.waitJob(t, k.Secret, ok.ID, paprika.StatusDone)
}

// Objects and lists nested past MaxJSONDepth, in data, metadata or a
// record, JSON or NDJSON, are a 400 naming the field; at the limit they
// pass.
func TestDeepDataRefused(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	// nest is n objects {"a": …} around 1.
	nest := func(n int) string {
		return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n)
	}
	path := func(field string, n int) string { return field + strings.Repeat(".a", n) }

	// The body is level 1 and data level 2: data holds 63 more.
	resp, body := e.do(t, http.MethodPost, "/v1/renders", key, `{"template": "<p>x</p>", "format": "html", "data": `+nest(MaxJSONDepth-1)+`}`)
	requireStatus(t, http.StatusOK, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/renders", key, `{"template": "<p>x</p>", "format": "html", "data": `+nest(MaxJSONDepth)+`}`)
	eb := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	require.Equal(t, "Bad request: "+path("data", MaxJSONDepth-1)+" nests deeper than 64 levels of objects and lists", eb.Message)

	resp, body = e.do(t, http.MethodPost, "/v1/jobs", key, `{"template": "<p>x</p>", "metadata": `+nest(5000)+`}`)
	eb = requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	require.Contains(t, eb.Message, path("metadata", MaxJSONDepth-1)+" nests deeper")

	// A record is level 3: the body, records, the record.
	resp, body = e.do(t, http.MethodPost, "/v1/batches", key, `{"template": "<p>x</p>", "records": [{}, `+nest(MaxJSONDepth-2)+`]}`)
	requireBatchAccepted(t, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/batches", key, `{"template": "<p>x</p>", "records": [{}, `+nest(MaxJSONDepth-1)+`]}`)
	eb = requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	require.Contains(t, eb.Message, path("records[1]", MaxJSONDepth-2)+" nests deeper")
	ndjson := func(rec string) []byte { return []byte(`{"template": "<p>x</p>"}` + "\n{}\n" + rec + "\n") }
	resp, body = e.sendAs(t, http.MethodPost, "/v1/batches", key, "application/x-ndjson", ndjson(nest(MaxJSONDepth-2)))
	requireBatchAccepted(t, resp, body)
	resp, body = e.sendAs(t, http.MethodPost, "/v1/batches", key, "application/x-ndjson", ndjson(nest(MaxJSONDepth-1)))
	eb = requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	require.Equal(t, "Bad request: "+path("records[1]", MaxJSONDepth-2)+" nests deeper than 64 levels of objects and lists (line 3)", eb.Message)
}
