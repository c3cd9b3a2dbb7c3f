package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

// A template's sampleData and options are versioned with its content: a
// PUT that leaves them out keeps the last version's, one that gives them
// makes them the new version's, and every version keeps its own. The
// sample data comes back in the author's key order.
func TestTemplateSampleDataAndOptions(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates, ScopeRead)

	resp, body := e.do(t, http.MethodPost, "/v1/templates", key, `{"id": "inv", "content": "<p>{{customer}}</p>",
		"sampleData": {"zeta": 1, "customer": "Ada", "alpha": [1, 2]},
		"options": {"paper": "letter", "margin": {"top": "1cm"}, "pdf": {"title": "Invoice"}}}`)
	requireStatus(t, http.StatusCreated, resp, body)
	v1 := decodeJSON[wire.Template](t, body)
	require.Equal(t, `{"zeta":1,"customer":"Ada","alpha":[1,2]}`, string(v1.SampleData), "the author's key order")
	require.JSONEq(t, `{"paper": "Letter", "margin": {"top": "1cm"}, "pdf": {"title": "Invoice"}}`, string(v1.Options),
		"options in the API's shape (the paper's name canonical)")

	v2 := e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v2 {{customer}}</p>"})
	require.Equal(t, string(v1.SampleData), string(v2.SampleData), "left out: the last version's")
	require.Equal(t, string(v1.Options), string(v2.Options))

	v3 := e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v3</p>", "sampleData": map[string]any{"customer": "Grace"},
		"options": map[string]any{"landscape": true}})
	require.JSONEq(t, `{"customer": "Grace"}`, string(v3.SampleData))
	require.JSONEq(t, `{"landscape": true}`, string(v3.Options), "given: replaced whole, not merged with the last version's")
	require.Equal(t, v1, e.getTemplate(t, key, "inv@1"), "each version keeps its own")

	v4 := e.putTemplate(t, key, "inv", map[string]any{"content": "<p>v4</p>", "sampleData": map[string]any{}, "options": map[string]any{}})
	require.Equal(t, "{}", string(v4.SampleData), "an empty object clears them")
	require.Equal(t, "{}", string(v4.Options))

	for _, c := range []struct{ body, want string }{
		{`{"content": "<p>x</p>", "sampleData": [1]}`, "sampleData must be a JSON object"},
		{`{"content": "<p>x</p>", "sampleData": "text"}`, "sampleData must be a JSON object"},
		{`{"content": "<p>x</p>", "options": {"scale": 7}}`, "options.scale"},
		{`{"content": "<p>x</p>", "options": {"landscape": "yes"}}`, "options.landscape must be a boolean"},
		{`{"content": "<p>x</p>", "options": {"papr": "A4"}}`, `unknown field "papr"`},
		{`{"content": "<p>x</p>", "options": {"margin": {"top": "1 furlong"}}}`, "options.margin.top"},
		{`{"content": "<p>x</p>", "options": {"paper": "B7"}}`, "options.paper"},
		{`{"content": "<p>x</p>", "options": [1]}`, "options must be an object"},
	} {
		resp, body := e.do(t, http.MethodPut, "/v1/templates/inv", key, c.body)
		msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
		require.Contains(t, msg, c.want, c.body)
	}
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "big", "content": "<p>x</p>",
		"sampleData": map[string]any{"s": strings.Repeat("x", MaxSampleData)}})
	require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "sampleData is at most")
	require.Equal(t, v4, e.getTemplate(t, key, "inv"), "nothing refused made a version")
}

// GET /v1/templates/{id}/versions: every live version newest first, with
// the date it was stored and its content's size, paginated by version.
func TestTemplateVersionList(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeTemplates)
	reader := e.createKey(t, "acme", ScopeRead).Secret
	contents := []string{"<p>one</p>", "<p>two, longer</p>", "<p>three, the longest of all</p>"}
	var made []wire.Template
	for i, c := range contents {
		if i == 0 {
			made = append(made, e.postTemplate(t, key, "inv", c))
		} else {
			time.Sleep(5 * time.Millisecond) // so that the dates, in milliseconds, differ
			made = append(made, e.putTemplate(t, key, "inv", map[string]any{"content": c}))
		}
	}
	versions := func(token, q string) ([]wire.TemplateVersion, *string) {
		t.Helper()
		resp, body := e.do(t, http.MethodGet, "/v1/templates/inv/versions"+q, token, nil)
		requireStatus(t, http.StatusOK, resp, body)
		for _, v := range decodeJSON[map[string]any](t, body)["data"].([]any) {
			requireKeys(t, v.(map[string]any), "version", "createdAt", "bytes")
		}
		l := decodeJSON[list[wire.TemplateVersion]](t, body)
		return l.Data, l.Next
	}
	all, next := versions(key, "")
	require.Nil(t, next)
	require.Len(t, all, 3)
	for i, v := range all {
		m := made[2-i]
		require.Equal(t, wire.TemplateVersion{Version: m.Version, CreatedAt: m.UpdatedAt, Bytes: len(contents[2-i])}, v)
	}
	require.Greater(t, all[0].CreatedAt, all[1].CreatedAt)
	require.Greater(t, all[1].CreatedAt, all[2].CreatedAt)

	page1, next := versions(reader, "?limit=2")
	require.Equal(t, all[:2], page1, "the read scope lists them too")
	require.NotNil(t, next)
	require.Equal(t, "2", *next)
	page2, next := versions(key, "?limit=2&after="+*next)
	require.Equal(t, all[2:], page2)
	require.Nil(t, next)

	resp, body := e.do(t, http.MethodGet, "/v1/templates/inv/versions?after=x", key, nil)
	requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	other := e.tenantKey(t, "globex", ScopeTemplates)
	for _, c := range []struct{ token, path string }{
		{other, "/v1/templates/inv/versions"}, // another tenant's: not found
		{key, "/v1/templates/nope/versions"},
		{key, "/v1/templates/inv@2/versions"},
	} {
		resp, body := e.do(t, http.MethodGet, c.path, c.token, nil)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}
	resp, body = e.do(t, http.MethodDelete, "/v1/templates/inv", key, nil)
	requireStatus(t, http.StatusNoContent, resp, body)
	resp, body = e.do(t, http.MethodGet, "/v1/templates/inv/versions", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
}

// A template's options are the defaults of work that names it: the
// request's options win field by field, in a synchronous render, a job and
// a batch alike (docs/templates.md defines the merge).
func TestTemplateOptionsUnderRequestOptions(t *testing.T) {
	t.Parallel()
	sync := &fakeRenderer{}
	e := setupWork(t, nil, sync)
	key := e.tenantKey(t, "acme")
	resp, body := e.do(t, http.MethodPost, "/v1/templates", key, `{"id": "inv", "content": "<p>{{n}}</p>", "options": {
		"paper": "Letter", "landscape": true, "printBackground": false, "headerTemplate": "<span>head</span>",
		"margin": {"top": "1cm", "left": "2cm"},
		"pdf": {"title": "Template title", "author": "Template author", "watermark": {"text": "DRAFT", "opacity": 0.5}}}}`)
	requireStatus(t, http.StatusCreated, resp, body)

	const request = `{"landscape": false, "scale": 1.5, "margin": {"top": "3cm"},
		"pdf": {"title": "Request title", "watermark": {"text": "PAID"}}}`
	want := func() render.Options {
		var o render.Options
		require.NoError(t, json.Unmarshal([]byte(`{"paper": "Letter", "printBackground": false, "headerTemplate": "<span>head</span>",
			"scale": 1.5, "margin": {"top": "3cm", "left": "2cm"},
			"pdf": {"title": "Request title", "author": "Template author", "watermark": {"text": "PAID", "opacity": 0.5}}}`), &o))
		return o
	}()

	// A synchronous render, in the api.
	resp, body = e.do(t, http.MethodPost, "/v1/renders", key, `{"templateId": "inv", "data": {"n": 1}, "options": `+request+`}`)
	requireStatus(t, http.StatusOK, resp, body)
	calls := sync.Calls()
	require.Len(t, calls, 1)
	require.Equal(t, want, calls[0].Options)

	// Without options of its own, the template's; a null puts a default
	// back; a paper is replaced whole; png and html leave the template's
	// pdf out rather than refusing it.
	for _, c := range []struct {
		format, options string
		check           func(o render.Options)
	}{
		{"pdf", `null`, func(o render.Options) {
			require.True(t, o.Landscape)
			require.Equal(t, "Template title", o.PDF.Title)
			require.Equal(t, &render.Margin{Top: "1cm", Left: "2cm"}, o.Margin)
		}},
		{"pdf", `{"margin": null, "paper": {"width": "100mm", "height": "150mm"}}`, func(o render.Options) {
			require.Nil(t, o.Margin)
			require.Equal(t, &render.Paper{Width: "100mm", Height: "150mm"}, o.Paper)
			require.True(t, o.Landscape)
		}},
		{"pdf", `{"headerTemplate": null, "landscape": null, "printBackground": null, "margin": {"left": null},
			"pdf": {"title": null, "watermark": {"opacity": null}}}`, func(o render.Options) {
			// null takes the default for text, bools and numbers as for
			// objects: a batch's records are not all given the
			// template's one title.
			require.Empty(t, o.HeaderTemplate)
			require.False(t, o.Landscape)
			require.Nil(t, o.PrintBackground)
			require.Equal(t, &render.Margin{Top: "1cm"}, o.Margin)
			require.Empty(t, o.PDF.Title)
			require.Equal(t, "Template author", o.PDF.Author)
			require.Equal(t, "DRAFT", o.PDF.Watermark.Text)
			require.Nil(t, o.PDF.Watermark.Opacity)
		}},
		{"png", `{"width": 600}`, func(o render.Options) {
			require.Nil(t, o.PDF, "the template's pdf is for pdf documents")
			require.Equal(t, 600, o.Width)
			require.True(t, o.Landscape)
		}},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, `{"templateId": "inv", "format": "`+c.format+`", "options": `+c.options+`}`)
		requireStatus(t, http.StatusOK, resp, body)
		calls := sync.Calls()
		c.check(calls[len(calls)-1].Options)
	}
	// The request's own pdf on a png is refused as ever; so is a merge
	// that leaves no room on the page.
	for _, c := range []struct{ format, options, want string }{
		{"png", `{"pdf": {"title": "x"}}`, "options.pdf applies to the pdf format only"},
		{"pdf", `{"margin": {"bottom": "25cm"}}`, "top and bottom leave no room"},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, `{"templateId": "inv", "format": "`+c.format+`", "options": `+c.options+`}`)
		require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, c.want)
	}

	// A job and a batch, in the worker.
	queued := &fakeRenderer{}
	j := e.postJob(t, key, json.RawMessage(`{"templateId": "inv", "data": {"n": 2}, "options": `+request+`}`))
	resp, body = e.do(t, http.MethodPost, "/v1/batches", key, `{"templateId": "inv", "records": [{"n": 3}, {"n": 4}], "options": `+request+`}`)
	requireStatus(t, http.StatusAccepted, resp, body)
	b := decodeJSON[wire.Batch](t, body)
	e.startWorker(t, queued)
	e.waitJob(t, key, j.ID, "done")
	eventually(t, "the batch is done", func() bool {
		_, body := e.getBody(t, key, "/v1/batches/"+b.ID)
		return decodeJSON[wire.Batch](t, body).Status == "done"
	})
	calls = queued.Calls()
	require.Len(t, calls, 3)
	for _, c := range calls {
		require.Equal(t, want, c.Options, "queued work renders with the same merge")
	}

	// An inline template has no template options.
	resp, body = e.do(t, http.MethodPost, "/v1/renders", key, `{"template": "<p>x</p>", "options": {"scale": 1.5}}`)
	requireStatus(t, http.StatusOK, resp, body)
	calls = sync.Calls()
	require.Equal(t, render.Options{Scale: want.Scale}, calls[len(calls)-1].Options)
}
