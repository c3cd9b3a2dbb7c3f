package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// A rendering request refused for its input, once the tenant is known,
// counts toward ratePerMinute as one let through does: reading and checking
// a body up to the limit is the server's work, and uncounted refusals were
// work without end. Past the limit a refused body is answered 429 too.
func TestRefusedRequestsCount(t *testing.T) {
	t.Parallel()
	const tiers = `{"standard": {"weight": 1, "ratePerMinute": 4}}`
	e := setupWork(t, map[string]string{"PAPRIKA_TIERS": tiers, "PAPRIKA_MAX_REQUEST_BYTES": "65536"}, nil)
	acme := e.tenantKey(t, "acme", ScopeRender)
	contoso := e.tenantKey(t, "contoso", ScopeRender)

	// The counts are per clock minute: the test's, which stays in one.
	e.Store.Now = newTestClock().Now

	resp, body := e.do(t, http.MethodPost, "/v1/renders", acme, `{"template": "<p>x</p>", "data": {"a": `)
	requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/jobs", acme, htmlJob(deepIfs(101), nil))
	requireError(t, http.StatusUnprocessableEntity, paprika.CodeTemplateError, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/batches", acme, map[string]any{"templateId": "nope", "records": records(1)})
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	resp, body = e.do(t, http.MethodPost, "/v1/renders", acme, `{"template": "`+strings.Repeat("x", 70_000)+`"}`)
	requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body)

	// Four refusals are the limit: a good render, and a bad one, are 429.
	for _, b := range []string{`{"template": "<p>x</p>", "format": "html"}`, `{"template": "<p>x</p>", "format": "docx"}`} {
		resp, body = e.do(t, http.MethodPost, "/v1/renders", acme, b)
		e := requireError(t, http.StatusTooManyRequests, paprika.CodeRateLimited, resp, body)
		require.Equal(t, 4, *e.Limit)
	}
	// Another tenant has a count of its own; reads are not counted.
	resp, body = e.do(t, http.MethodPost, "/v1/renders", contoso, `{"template": "<p>x</p>", "format": "html"}`)
	requireStatus(t, http.StatusOK, resp, body)
	e.getBody(t, acme, "/v1/jobs")

	var n int
	require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT sum(n) FROM rate_counts WHERE tenant_id = 'acme'`).Scan(&n))
	require.Equal(t, 4, n, "the four refusals, and nothing past the limit")
}
