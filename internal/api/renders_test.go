package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// pdfRenderer answers every render with a small "PDF" holding its data.
func pdfRenderer() *fakeRenderer {
	return &fakeRenderer{fn: func(_ context.Context, in render.Input) (*render.Output, error) {
		return &render.Output{Body: []byte("%PDF-1.7 " + string(in.Data)), ContentType: "application/pdf", Pages: 2}, nil
	}}
}

func TestRender(t *testing.T) {
	t.Parallel()
	fake := pdfRenderer()
	e := setupWork(t, nil, fake)
	key := e.tenantKey(t, "acme")

	resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{
		"template": "<p>{{x}}</p>", "data": map[string]any{"x": 1},
		"options": map[string]any{"paper": "letter", "landscape": true, "margin": map[string]any{"top": "1cm"}},
	})
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, "application/pdf", resp.Header.Get("Content-Type"))
	require.JSONEq(t, `{"x": 1}`, strings.TrimPrefix(string(body), "%PDF-1.7 "))
	require.Equal(t, strconv.Itoa(len(body)), resp.Header.Get("Content-Length"))
	secs := resp.Header.Get("X-Render-Seconds")
	require.Regexp(t, `^\d+\.\d{3}$`, secs)
	f, err := strconv.ParseFloat(secs, 64)
	require.NoError(t, err)
	require.Less(t, f, 5.0)
	calls := fake.Calls()
	require.Len(t, calls, 1)
	in := calls[0]
	require.Equal(t, "<p>{{x}}</p>", in.Template)
	require.Equal(t, render.FormatPDF, in.Format, "pdf is the default")
	require.JSONEq(t, `{"x": 1}`, string(in.Data))
	require.True(t, in.Options.Landscape)
	require.Equal(t, "Letter", in.Options.Paper.Name)
	require.Equal(t, "1cm", in.Options.Margin.Top)

	// A stored template renders its latest version, or the one asked for;
	// no data is {}.
	resp, body = e.do(t, http.MethodPost, "/v1/templates", key, map[string]any{"id": "inv", "content": "<p>v1</p>"})
	requireStatus(t, http.StatusCreated, resp, body)
	resp, body = e.do(t, http.MethodPut, "/v1/templates/inv", key, map[string]any{"content": "<p>v2</p>"})
	requireStatus(t, http.StatusOK, resp, body)
	for ref, want := range map[string]string{"inv": "<p>v2</p>", "inv@1": "<p>v1</p>"} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"templateId": ref, "format": "png"})
		requireStatus(t, http.StatusOK, resp, body)
		calls := fake.Calls()
		last := calls[len(calls)-1]
		require.Equal(t, want, last.Template, ref)
		require.Equal(t, render.FormatPNG, last.Format)
		require.JSONEq(t, `{}`, string(last.Data))
	}

	// A render queues nothing.
	ids, _ := e.listIDs(t, key, "/v1/jobs", jobFields)
	require.Empty(t, ids)
}

// A failed synchronous render answers for its cause: the template's fault
// is 422 and names the line; a browser's is 502 or 504; anything else is
// internal and shows nothing of itself.
func TestRenderErrors(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{fn: func(_ context.Context, in render.Input) (*render.Output, error) {
		var d struct{ Case string }
		_ = json.Unmarshal(in.Data, &d)
		switch d.Case {
		case "template":
			return nil, &paprika.Error{Code: paprika.CodeTemplateError, Message: "line 3: helper \"money\" needs a number"}
		case "timeout":
			return nil, &paprika.Error{Code: paprika.CodeRenderTimeout, Message: "the render took longer than 30s"}
		case "crash":
			return nil, &paprika.Error{Code: paprika.CodeRenderFailed, Message: "chromium crashed during the render"}
		default:
			return nil, errors.New("dial unix /tmp/chromium-secret.sock: refused")
		}
	}}
	e := setupWork(t, nil, fake)
	key := e.tenantKey(t, "acme")
	for _, c := range []struct {
		name, code string
		status     int
		want       string
	}{
		{"template", paprika.CodeTemplateError, http.StatusUnprocessableEntity, "line 3"},
		{"timeout", paprika.CodeRenderTimeout, http.StatusGatewayTimeout, "30s"},
		{"crash", paprika.CodeRenderFailed, http.StatusBadGateway, "crashed"},
		{"bug", paprika.CodeInternal, http.StatusInternalServerError, "Internal error"},
	} {
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": "<p>x</p>", "data": map[string]any{"case": c.name}})
		msg := requireError(t, c.status, c.code, resp, body).Message
		require.Contains(t, msg, c.want, c.name)
		require.NotContains(t, string(body), "chromium-secret", c.name)
	}
	m := e.measures(t)["standard"]
	require.Zero(t, m.Done, "a failed render is not done")
}

// docs/scheduler.md: two concurrent synchronous renders on one slot: one 200, one
// 503 busy with Retry-After, at once rather than waiting.
func TestRenderBusy(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(in render.Input) *render.Output {
		return &render.Output{Body: []byte("%PDF-1.7"), ContentType: "application/pdf", Pages: 1}
	})
	e := setupWork(t, map[string]string{"PAPRIKA_WORKERS": "1"}, fake)
	key := e.tenantKey(t, "acme", ScopeRender)

	type answer struct {
		resp *http.Response
		body []byte
		err  error
	}
	answers := make(chan answer, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, e.HTTP.URL+"/v1/renders",
				strings.NewReader(`{"template": "<p>x</p>", "data": {"i": `+strconv.Itoa(i)+`}}`))
			if err != nil {
				answers <- answer{err: err}
				return
			}
			req.Header.Set("Authorization", "Bearer "+key)
			resp, err := e.HTTP.Client().Do(req)
			if err != nil {
				answers <- answer{err: err}
				return
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			answers <- answer{resp, body, err}
		})
	}
	defer wg.Wait()
	waitStarted(t, started) // one holds the slot, until released

	first := <-answers // the other, at once
	require.NoError(t, first.err)
	requireResponseShape(t, first.resp, first.body)
	e1 := requireError(t, http.StatusServiceUnavailable, paprika.CodeBusy, first.resp, first.body)
	require.Contains(t, e1.Message, "Busy")
	ra, err := strconv.Atoi(first.resp.Header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After: %q", first.resp.Header.Get("Retry-After"))
	require.GreaterOrEqual(t, ra, 1)

	close(release)
	second := <-answers
	require.NoError(t, second.err)
	requireStatus(t, http.StatusOK, second.resp, second.body)
	require.Equal(t, "%PDF-1.7", string(second.body))
	require.Len(t, fake.Calls(), 1, "the busy render never reached the renderer")

	// The slot is free again.
	resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": "<p>x</p>"})
	requireStatus(t, http.StatusOK, resp, body)
}

// The rendering input shared by renders, jobs and batches (docs/api.md):
// anything wrong with it is a 400 that names the field, and nothing is
// rendered or queued.
func TestInputBadRequest(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{}
	e := setupWork(t, nil, fake)
	key := e.tenantKey(t, "acme")
	cases := []struct {
		name, body string
		want       string // in the message
	}{
		{"malformed JSON", `{"template": "<p>x</p>", "data": {`, "malformed JSON"},
		{"not an object", `["<p>x</p>"]`, "JSON object"},
		{"empty body", ``, "empty"},
		{"two values", `{"template": "<p>x</p>"} {}`, "more than one"},
		{"unknown field", `{"template": "<p>x</p>", "colour": "red"}`, `"colour"`},
		{"unknown option", `{"template": "<p>x</p>", "options": {"paperSize": "A4"}}`, "paperSize"},
		{"unknown margin", `{"template": "<p>x</p>", "options": {"margin": {"top": "1cm", "inner": "1cm"}}}`, "inner"},
		{"template and templateId", `{"template": "<p>x</p>", "templateId": "inv"}`, "give one of template, templateId and source"},
		{"neither template nor templateId", `{"data": {}}`, "template, templateId or source is required"},
		{"template empty", `{"template": " "}`, "template"},
		{"template not a string", `{"template": 5}`, "template"},
		{"templateId malformed", `{"templateId": "a b"}`, "templateId"},
		{"format docx", `{"template": "<p>x</p>", "format": "docx"}`, "format"},
		{"format not a string", `{"template": "<p>x</p>", "format": 5}`, "format"},
		{"data a list", `{"template": "<p>x</p>", "data": [1]}`, "data"},
		{"data a string", `{"template": "<p>x</p>", "data": "x"}`, "data"},
		{"options not an object", `{"template": "<p>x</p>", "options": "A4"}`, "options"},
		{"options.scale 9", `{"template": "<p>x</p>", "options": {"scale": 9}}`, "options.scale"},
		{"options.scale a string", `{"template": "<p>x</p>", "options": {"scale": "big"}}`, "options.scale"},
		{"options.paper B9", `{"template": "<p>x</p>", "options": {"paper": "B9"}}`, "options.paper"},
		{"options.margin", `{"template": "<p>x</p>", "options": {"margin": {"top": "1 parsec"}}}`, "options.margin"},
		{"options.width", `{"template": "<p>x</p>", "format": "png", "options": {"width": 100000}}`, "options.width"},
		{"options.pageRanges", `{"template": "<p>x</p>", "options": {"pageRanges": "0-2"}}`, "options.pageRanges"},
		{"metadata a list", `{"template": "<p>x</p>", "metadata": [1]}`, "metadata"},
		{"metadata a string", `{"template": "<p>x</p>", "metadata": "x"}`, "metadata"},
		{"webhookUrl ftp", `{"template": "<p>x</p>", "webhookUrl": "ftp://x"}`, "webhookUrl"},
		{"webhookUrl relative", `{"template": "<p>x</p>", "webhookUrl": "/hook"}`, "webhookUrl"},
	}
	t.Run("cases", func(t *testing.T) {
		for _, path := range []string{"/v1/renders", "/v1/jobs"} {
			for _, c := range cases {
				t.Run(strings.TrimPrefix(path, "/v1/")+"/"+c.name, func(t *testing.T) {
					t.Parallel()
					resp, body := e.do(t, http.MethodPost, path, key, c.body)
					msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
					require.True(t, strings.HasPrefix(msg, "Bad request: "), msg)
					require.Contains(t, msg, c.want)
					// The field as the client wrote it, not a Go type's name.
					require.NotContains(t, msg, "Input.")
				})
			}
		}
		// The same through a batch's input.
		for _, c := range []struct{ name, body, want string }{
			{"format not a string", `{"template": "<p>x</p>", "records": [{}], "format": 5}`, "format"},
			{"options.scale a string", `{"template": "<p>x</p>", "records": [{}], "options": {"scale": "big"}}`, "options.scale"},
			{"options.scale 9", `{"template": "<p>x</p>", "records": [{}], "options": {"scale": 9}}`, "options.scale"},
			{"unknown option", `{"template": "<p>x</p>", "records": [{}], "options": {"paperSize": "A4"}}`, "paperSize"},
		} {
			t.Run("batches/"+c.name, func(t *testing.T) {
				t.Parallel()
				resp, body := e.do(t, http.MethodPost, "/v1/batches", key, c.body)
				msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
				require.Contains(t, msg, c.want)
				require.NotContains(t, msg, "Input.")
			})
		}
	})
	require.Empty(t, fake.Calls(), "nothing was rendered")
	for _, path := range []string{"/v1/jobs", "/v1/batches"} {
		ids, _ := e.listIDs(t, key, path, nil)
		require.Empty(t, ids, "nothing was queued")
	}
}

// A template that does not compile is refused at once, with the line, by
// every way in: 422, not a job that fails later.
func TestInputTemplateError(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{}
	e := setupWork(t, nil, fake)
	key := e.tenantKey(t, "acme")
	for path, in := range map[string]map[string]any{
		"/v1/renders": {"template": brokenTemplate},
		"/v1/jobs":    {"template": brokenTemplate, "format": "html"},
		"/v1/batches": {"template": brokenTemplate, "records": records(2)},
	} {
		resp, body := e.do(t, http.MethodPost, path, key, in)
		msg := requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body).Message
		require.True(t, strings.HasPrefix(msg, "Template error: line 3: "), "%s: %s", path, msg)
	}
	require.Empty(t, fake.Calls())
	for _, path := range []string{"/v1/jobs", "/v1/batches"} {
		ids, _ := e.listIDs(t, key, path, nil)
		require.Empty(t, ids)
	}
}

// Renders, jobs and templates are held to PAPRIKA_MAX_REQUEST_BYTES.
func TestInputPayloadTooLarge(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{}
	e := setupWork(t, map[string]string{"PAPRIKA_MAX_REQUEST_BYTES": "2048"}, fake)
	key := e.tenantKey(t, "acme")
	big := "<p>" + strings.Repeat("x", 4096) + "</p>"
	for path, in := range map[string]map[string]any{
		"/v1/renders":   {"template": big},
		"/v1/jobs":      {"template": big},
		"/v1/templates": {"id": "big", "content": big},
	} {
		resp, body := e.do(t, http.MethodPost, path, key, in)
		msg := requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body).Message
		require.Contains(t, msg, "2048", path)
	}
	resp, body := e.do(t, http.MethodPost, "/v1/jobs", key, map[string]any{"template": "<p>" + strings.Repeat("x", 1900) + "</p>"})
	requireStatus(t, http.StatusAccepted, resp, body)
	require.Empty(t, fake.Calls())
}

// TestRenderWaitsBrieflyForASlot checks that a render arriving while
// every slot is taken is rendered, not refused, when a slot is given back
// within busyWait.
func TestRenderWaitsBrieflyForASlot(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(in render.Input) *render.Output {
		return &render.Output{Body: []byte("%PDF-1.7"), ContentType: "application/pdf", Pages: 1}
	})
	e := setupWork(t, map[string]string{"PAPRIKA_WORKERS": "1"}, fake)
	key := e.tenantKey(t, "acme", ScopeRender)
	first := make(chan int, 1)
	go func() {
		resp, _ := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": "<p>1</p>"})
		first <- resp.StatusCode
	}()
	waitStarted(t, started) // the first holds the only slot
	go func() {
		// The second is waiting at the route for the slot: give it back.
		for e.Server.slots.Waiting() == 0 {
			time.Sleep(time.Millisecond)
		}
		close(release)
	}()
	resp, body := e.do(t, http.MethodPost, "/v1/renders", key, map[string]any{"template": "<p>2</p>"})
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, http.StatusOK, <-first)
	require.Len(t, fake.Calls(), 2)
}
