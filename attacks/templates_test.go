package attacks

import (
	"net/http"
	"strings"
	"testing"
)

// deepIfs is n blocks nested in one another: at 300,000, 4.8 MB, under the
// body limit. Evaluating it once overflowed the Go stack, which killed the
// api, and every worker that claimed it.
func deepIfs(n int) string {
	return strings.Repeat("{{#if a}}", n) + "x" + strings.Repeat("{{/if}}", n)
}

// TestDeepTemplate proves the limits of a template before it runs (1 MiB
// of text, 100 levels of blocks): {{#if a}}×300,000 sync and as a job is
// a template-error, and neither process dies.
func TestDeepTemplate(t *testing.T) {
	w := shared(t)
	w.attack(t, "deep-template", func() {
		in := map[string]any{"template": deepIfs(300_000), "data": map[string]any{"a": 1}}
		a := w.must(t, http.MethodPost, "/v1/renders", w.mallory, in, http.StatusUnprocessableEntity)
		e := refused(t, a, http.StatusUnprocessableEntity, "template-error")
		if !strings.Contains(e.Message, "more than 1 MiB") {
			t.Errorf("the refusal does not name the limit: %s", e.Message)
		}
		under := map[string]any{"template": deepIfs(60_000), "data": map[string]any{"a": 1}}
		e = refused(t, w.must(t, http.MethodPost, "/v1/renders", w.mallory, under, http.StatusUnprocessableEntity),
			http.StatusUnprocessableEntity, "template-error")
		if !strings.Contains(e.Message, "deeper than 100 levels") {
			t.Errorf("the refusal does not name the limit: %s", e.Message)
		}
		// As a job: refused at submission, or failed once by the worker.
		for _, in := range []map[string]any{in, under} {
			a, err := w.do(t.Context(), http.MethodPost, "/v1/jobs", w.mallory, in)
			if err != nil {
				t.Fatal(err)
			}
			if a.status == http.StatusAccepted {
				var j job
				_ = a.json(&j)
				got := w.waitJob(t, w.mallory, j.ID, "failed")
				if got.Error == nil || got.Error.Code != "template-error" {
					t.Errorf("the job failed with %+v, want template-error", got.Error)
				}
				continue
			}
			refused(t, a, http.StatusUnprocessableEntity, "template-error")
		}
	})
}

// TestPrivateState proves that the state of an execution is out of the
// template's reach: {{@_paprika}} and its disguises print nothing.
func TestPrivateState(t *testing.T) {
	w := shared(t)
	w.attack(t, "private-state", func() {
		for _, tpl := range []string{`{{@_paprika}}`, `{{{@_paprika}}}`, `{{json @_paprika}}`, `{{#each @_paprika}}{{@key}}={{this}};{{/each}}`,
			`{{lookup @root "_paprika"}}`, `{{#with @_paprika}}[{{this}}]{{/with}}`} {
			a := w.must(t, http.MethodPost, "/v1/renders", w.mallory, map[string]any{"template": "<p>" + tpl + "</p>", "format": "html"}, http.StatusOK)
			if got := strings.TrimSpace(string(a.body)); got != "<p></p>" && got != "<p>null</p>" && got != "<p>[]</p>" {
				t.Errorf("%s printed %q", tpl, got)
			}
		}
	})
}
