package api

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

// The console's previews (requests AsPreview marked, in-process) are
// counted as previews, done or failed, and in none of the other columns;
// a request from outside cannot ask for that, whatever it sends.
func TestUsageCountsPreviewsApart(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{fn: func(_ context.Context, in render.Input) (*render.Output, error) {
		if strings.Contains(string(in.Data), "bad") {
			return nil, &paprika.Error{Code: paprika.CodeTemplateError, Message: "line 1: boom"}
		}
		return &render.Output{Body: []byte(fakeBody), ContentType: htmlType, Pages: 1}, nil
	}}
	e := setupWork(t, nil, fake)
	acme := e.tenantKey(t, "acme")
	id, err := e.Server.Identify(t.Context(), acme)
	require.NoError(t, err)
	preview := func(n string) int {
		b, err := json.Marshal(htmlJob("<p>{{n}}</p>", map[string]any{"n": n}))
		require.NoError(t, err)
		req := httptest.NewRequestWithContext(t.Context(), http.MethodPost, "/v1/renders", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		e.Server.Handler().ServeHTTP(rec, AsPreview(AsCaller(req, id.Caller)))
		return rec.Code
	}
	require.Equal(t, http.StatusOK, preview("1"))
	require.Equal(t, http.StatusOK, preview("2"))
	require.Equal(t, http.StatusUnprocessableEntity, preview("bad"))
	// A render from outside, with what a client might try to pass for a
	// preview, is a render.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, e.HTTP.URL+"/v1/renders",
		strings.NewReader(`{"template": "<p>x</p>", "format": "html"}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+acme)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Paprika-Preview", "true")
	resp, body := e.send(t, req)
	requireStatus(t, http.StatusOK, resp, body)

	today := time.Now().UTC().Format(time.DateOnly)
	_, body = e.getBody(t, acme, "/v1/usage?from="+today+"&to="+today)
	got := decodeJSON[wire.UsageList](t, body)
	require.Len(t, got.Days, 1)
	d := got.Days[0].UsageCounts
	d.RenderSeconds = 0
	require.Equal(t, wire.UsageCounts{Renders: 1, Documents: 1, Pages: 1, Bytes: int64(len(fakeBody)), Previews: 3}, d,
		"three previews (one failed) apart; the outside render alone is a render")
	require.Equal(t, int64(3), got.Total.Previews)

	resp, body = e.usageAs(t, e.AdminToken, "/v1/admin/usage?from="+today+"&to="+today, "text/csv")
	requireStatus(t, http.StatusOK, resp, body)
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	require.Equal(t, "previews", rows[0][len(rows[0])-1])
	require.Equal(t, []string{"acme", "1", "3"}, []string{rows[1][1], rows[1][3], rows[1][len(rows[1])-1]})
	resp, body = e.admin(t, http.MethodGet, "/v1/admin/usage?from="+today+"&to="+today, nil)
	requireStatus(t, http.StatusOK, resp, body)
	require.Equal(t, int64(3), decodeJSON[wire.UsageList](t, body).Days[0].Previews)
}
