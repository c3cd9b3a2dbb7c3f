package api

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

const ndjson = "application/x-ndjson"

// records returns n records {"n": 1} … {"n": n}.
func records(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"n": i + 1}
	}
	return out
}

// ndjsonBody is a batch as NDJSON: the head on line 1, then one line each.
func ndjsonBody(head string, lines ...string) []byte {
	return []byte(head + "\n" + strings.Join(lines, "\n") + "\n")
}

func TestCreateBatch(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)

	resp, body := e.do(t, http.MethodPost, "/v1/batches", key, map[string]any{
		"template": "<p>{{n}}</p>", "format": "html", "records": records(3), "metadata": map[string]any{"run": 7},
	})
	b := requireBatchAccepted(t, resp, body)
	obj := requireObject(t, body, batchFields)
	require.Equal(t, "queued", obj["status"])
	require.Equal(t, "standard", obj["tier"])
	require.Equal(t, "html", obj["format"])
	require.Nil(t, obj["templateId"])
	require.Nil(t, obj["startedAt"])
	require.Nil(t, obj["finishedAt"])
	require.Equal(t, map[string]any{"run": float64(7)}, obj["metadata"])
	for field, want := range map[string]int{"total": 3, "queued": 3, "running": 0, "done": 0, "failed": 0, "canceled": 0} {
		require.EqualValues(t, want, obj[field], field)
	}
	_, got := e.getBody(t, key, "/v1/batches/"+b.ID)
	require.JSONEq(t, string(body), string(got))

	// The same as NDJSON, with 5 records and a charset on the type.
	resp, body = e.sendAs(t, http.MethodPost, "/v1/batches", key, ndjson+"; charset=utf-8",
		ndjsonBody(`{"template": "<p>{{n}}</p>", "format": "html"}`, `{"n": 1}`, `{"n": 2}`, ``, `{"n": 3}`, `{"n": 4}`, `{"n": 5}`))
	nd := requireBatchAccepted(t, resp, body)
	require.Equal(t, 5, nd.Total, "blank lines are skipped")
	require.Equal(t, 5, nd.Queued)
	require.Equal(t, "html", nd.Format)

	// Lists, newest first, with ?status=.
	ids, next := e.listIDs(t, key, "/v1/batches", batchFields)
	require.Equal(t, []string{nd.ID, b.ID}, ids)
	require.Nil(t, next)
	ids, next = e.listIDs(t, key, "/v1/batches?limit=1", batchFields)
	require.Equal(t, []string{nd.ID}, ids)
	require.Equal(t, nd.ID, next)
	ids, _ = e.listIDs(t, key, "/v1/batches?limit=1&after="+nd.ID, batchFields)
	require.Equal(t, []string{b.ID}, ids)
	ids, _ = e.listIDs(t, key, "/v1/batches?status=done", batchFields)
	require.Empty(t, ids)
	resp, body = e.do(t, http.MethodGet, "/v1/batches?status=finished", key, nil)
	require.Contains(t, requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message, "status")
}

// Batches that are refused, as JSON and as NDJSON, name what is wrong.
func TestCreateBatchBadRequest(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	head := `{"template": "<p>{{n}}</p>", "format": "html"}`
	tooMany := make([]string, MaxRecords+1)
	for i := range tooMany {
		tooMany[i] = "{}"
	}
	cases := []struct {
		name, ctype, body string
		want              string // in the message
	}{
		{"no records", "application/json", `{"template": "<p>x</p>"}`, "records"},
		{"0 records", "application/json", `{"template": "<p>x</p>", "records": []}`, "records"},
		{"records not a list", "application/json", `{"template": "<p>x</p>", "records": {"n": 1}}`, "records"},
		{"a record not an object", "application/json", `{"template": "<p>x</p>", "records": [{}, 5]}`, "record 2"},
		{"data instead of records", "application/json", `{"template": "<p>x</p>", "data": {}, "records": [{}]}`, "records, not data"},
		{"unknown field", "application/json", `{"template": "<p>x</p>", "records": [{}], "record": {}}`, `"record"`},
		{"no template", "application/json", `{"records": [{}]}`, "template"},
		{"webhookUrl", "application/json", `{"template": "<p>x</p>", "records": [{}], "webhookUrl": "ftp://x"}`, "webhookUrl"},
		{"metadata", "application/json", `{"template": "<p>x</p>", "records": [{}], "metadata": "x"}`, "metadata"},
		{"format", "application/json", `{"template": "<p>x</p>", "records": [{}], "format": "docx"}`, "format"},

		{"ndjson empty", ndjson, ``, "empty"},
		{"ndjson 0 records", ndjson, head + "\n", "records"},
		{"ndjson 100,001 records", ndjson, string(ndjsonBody(head, tooMany...)), "100000"},
		{"ndjson head not JSON", ndjson, string(ndjsonBody(`{"template": `, `{}`)), "line 1"},
		{"ndjson head with records", ndjson, string(ndjsonBody(`{"template": "<p>x</p>", "records": [{}]}`, `{}`)), `"records"`},
		{"ndjson head with an unknown field", ndjson, string(ndjsonBody(`{"template": "<p>x</p>", "paper": "A4"}`, `{}`)), `"paper"`},
		{"ndjson bad line", ndjson, string(ndjsonBody(head, `{"n": 1}`, `{"n": 2`, `{"n": 3}`)), "line 3"},
		{"ndjson line not an object", ndjson, string(ndjsonBody(head, `{"n": 1}`, `{"n": 2}`, `[3]`)), "line 4"},
		{"ndjson line of two values", ndjson, string(ndjsonBody(head, `{"n": 1} {"n": 2}`)), "line 2"},
	}
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				resp, body := e.sendAs(t, http.MethodPost, "/v1/batches", key, c.ctype, []byte(c.body))
				msg := requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body).Message
				require.True(t, strings.HasPrefix(msg, "Bad request: "), msg)
				require.Contains(t, msg, c.want)
			})
		}
	})
	ids, _ := e.listIDs(t, key, "/v1/batches", batchFields)
	require.Empty(t, ids, "nothing refused was queued")
}

// NDJSON's blank lines are skipped, leading ones too: the head is the first
// line that holds something.
func TestCreateBatchNDJSONLeadingBlankLine(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	resp, body := e.sendAs(t, http.MethodPost, "/v1/batches", key, ndjson,
		[]byte("\n"+string(ndjsonBody(`{"template": "<p>{{n}}</p>", "format": "html"}`, `{"n": 1}`, `{"n": 2}`))))
	require.Equal(t, 2, requireBatchAccepted(t, resp, body).Total)
}

// A batch is rendered record by record; its records, their documents and
// the ZIP of them all can be read, in index order.
func TestBatchRun(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	resp, body := e.sendAs(t, http.MethodPost, "/v1/batches", key, ndjson, ndjsonBody(
		`{"template": "<p>Record {{n}} for {{name}}</p>", "format": "html"}`,
		`{"n": 1, "name": "Ann"}`, `{"n": 2, "name": "Bob"}`, `{"n": 3, "name": "Cy"}`, `{"n": 4, "name": "Di"}`, `{"n": 5, "name": "Ed & Co"}`))
	b := requireBatchAccepted(t, resp, body)
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed &amp; Co"}
	base := "/v1/batches/" + b.ID

	// Before the worker: queued records, no outputs.
	_, body = e.getBody(t, key, base+"/records")
	for _, r := range decodeJSON[list[wire.Record]](t, body).Data {
		require.Equal(t, "queued", r.Status)
		require.Nil(t, r.OutputURL)
	}
	resp, body = e.do(t, http.MethodGet, base+"/records/1/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)

	e.startWorker(t, nil)
	done := e.waitBatch(t, key, b.ID)
	require.Equal(t, "done", done.Status)
	require.Equal(t, 5, done.Total)
	require.Equal(t, 5, done.Done)
	require.Zero(t, done.Queued+done.Running+done.Failed+done.Canceled)
	require.Equal(t, "standard", done.Tier)
	require.NotNil(t, done.StartedAt)

	// Records, paginated by index.
	var all []wire.Record
	after := ""
	for page := 0; ; page++ {
		require.Less(t, page, 4)
		_, body := e.getBody(t, key, base+"/records?limit=2"+after)
		l := decodeJSON[map[string]any](t, body)
		requireKeys(t, l, "data", "next")
		for _, r := range l["data"].([]any) {
			requireKeys(t, r.(map[string]any), recordFields...)
		}
		recs := decodeJSON[list[wire.Record]](t, body)
		all = append(all, recs.Data...)
		if recs.Next == nil {
			break
		}
		require.Equal(t, strconv.Itoa(recs.Data[len(recs.Data)-1].Index), *recs.Next)
		after = "&after=" + *recs.Next
	}
	require.Len(t, all, 5)
	for i, r := range all {
		require.Equal(t, i+1, r.Index)
		require.Equal(t, "done", r.Status)
		require.Regexp(t, timePattern, *r.StartedAt)
		require.Regexp(t, timePattern, *r.FinishedAt)
		require.Nil(t, r.Error)
		require.Equal(t, fmt.Sprintf("%s/records/%d/output", base, i+1), *r.OutputURL)
		resp, doc := e.getBody(t, key, *r.OutputURL)
		require.Equal(t, htmlType, resp.Header.Get("Content-Type"))
		require.Equal(t, fmt.Sprintf("<p>Record %d for %s</p>", i+1, names[i]), string(doc))
	}
	ids, _ := recordIndexes(t, e, key, base+"/records?status=done&after=3")
	require.Equal(t, []int{4, 5}, ids)
	ids, _ = recordIndexes(t, e, key, base+"/records?status=queued")
	require.Empty(t, ids)
	for _, q := range []string{"?after=x", "?after=-1", "?status=bogus", "?limit=0"} {
		resp, body := e.do(t, http.MethodGet, base+"/records"+q, key, nil)
		requireError(t, http.StatusBadRequest, paprika.CodeBadRequest, resp, body)
	}
	for _, idx := range []string{"0", "6", "x"} {
		resp, body := e.do(t, http.MethodGet, base+"/records/"+idx+"/output", key, nil)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	}

	// The ZIP: every record's document, named by index, in order.
	resp, zipped := e.getBody(t, key, base+"/output")
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	require.Len(t, zr.File, 5)
	for i, f := range zr.File {
		require.Equal(t, fmt.Sprintf("%06d.html", i+1), f.Name)
		rc, err := f.Open()
		require.NoError(t, err)
		doc, err := io.ReadAll(rc)
		require.NoError(t, rc.Close())
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("<p>Record %d for %s</p>", i+1, names[i]), string(doc))
	}

	resp, body = e.do(t, http.MethodDelete, base, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
	require.Equal(t, "done", e.getBatch(t, key, b.ID).Status)
}

func recordIndexes(t *testing.T, e *testEnv, key, path string) ([]int, *string) {
	t.Helper()
	_, body := e.getBody(t, key, path)
	l := decodeJSON[list[wire.Record]](t, body)
	idx := []int{}
	for _, r := range l.Data {
		idx = append(idx, r.Index)
	}
	return idx, l.Next
}

// Canceling a batch that has not started cancels every record; it is then
// finished, and a second cancel is a conflict.
func TestCancelBatch(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	b := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records(3)})

	resp, body := e.do(t, http.MethodDelete, "/v1/batches/"+b.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	obj := requireObject(t, body, batchFields)
	require.Equal(t, "canceled", obj["status"])
	require.Equal(t, "standard", obj["tier"])
	require.NotNil(t, obj["finishedAt"])
	require.Nil(t, obj["startedAt"])
	for field, want := range map[string]int{"total": 3, "queued": 0, "running": 0, "done": 0, "failed": 0, "canceled": 3} {
		require.EqualValues(t, want, obj[field], field)
	}
	_, body = e.getBody(t, key, "/v1/batches/"+b.ID+"/records")
	recs := decodeJSON[list[wire.Record]](t, body).Data
	require.Len(t, recs, 3)
	for _, r := range recs {
		require.Equal(t, "canceled", r.Status)
		require.NotNil(t, r.FinishedAt)
		require.Nil(t, r.OutputURL)
	}
	resp, body = e.do(t, http.MethodGet, "/v1/batches/"+b.ID+"/records/1/output", key, nil)
	requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	_, zipped := e.getBody(t, key, "/v1/batches/"+b.ID+"/output")
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	require.Empty(t, zr.File)

	resp, body = e.do(t, http.MethodDelete, "/v1/batches/"+b.ID, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
	ids, _ := e.listIDs(t, key, "/v1/batches?status=canceled", batchFields)
	require.Equal(t, []string{b.ID}, ids)

	// A worker finds nothing of it to do, and renders what comes next.
	next := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records(1)})
	e.startWorker(t, nil)
	require.Equal(t, "done", e.waitBatch(t, key, next.ID).Status)
	got := e.getBatch(t, key, b.ID)
	require.Equal(t, "canceled", got.Status)
	require.Equal(t, 3, got.Canceled)
	require.Nil(t, got.StartedAt)
}

// A batch body over PAPRIKA_MAX_BATCH_BYTES is refused, as JSON and NDJSON;
// batches are not held to PAPRIKA_MAX_REQUEST_BYTES.
func TestBatchPayloadTooLarge(t *testing.T) {
	t.Parallel()
	e := setupWork(t, map[string]string{"PAPRIKA_MAX_REQUEST_BYTES": "2048", "PAPRIKA_MAX_BATCH_BYTES": "8192"}, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	pad := strings.Repeat("x", 100)
	many := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = map[string]any{"pad": pad}
		}
		return out
	}
	b := e.postBatch(t, key, map[string]any{"template": "<p>{{pad}}</p>", "records": many(40)}) // about 4.5 KB
	require.Equal(t, 40, b.Total)

	resp, body := e.do(t, http.MethodPost, "/v1/batches", key, map[string]any{"template": "<p>{{pad}}</p>", "records": many(100)})
	require.Contains(t, requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body).Message, "8192")
	lines := make([]string, 100)
	for i := range lines {
		lines[i] = `{"pad": "` + pad + `"}`
	}
	resp, body = e.sendAs(t, http.MethodPost, "/v1/batches", key, ndjson, ndjsonBody(`{"template": "<p>{{pad}}</p>"}`, lines...))
	require.Contains(t, requireError(t, http.StatusRequestEntityTooLarge, paprika.CodePayloadTooLarge, resp, body).Message, "8192")
}

// Canceling a running batch cancels the records that have not started; the
// running ones finish, and then the batch is canceled, their documents kept.
func TestCancelRunningBatch(t *testing.T) {
	t.Parallel()
	fake, started, release := blockingRenderer(func(in render.Input) *render.Output {
		return &render.Output{Body: append([]byte("doc "), in.Data...), ContentType: htmlType, Pages: 1}
	})
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	b := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html", "records": records(3)})
	e.startWorker(t, fake) // two slots: records 1 and 2 start, 3 waits
	waitStarted(t, started)
	waitStarted(t, started)

	resp, body := e.do(t, http.MethodDelete, "/v1/batches/"+b.ID, key, nil)
	requireStatus(t, http.StatusOK, resp, body)
	got := decodeJSON[wire.Batch](t, body)
	require.Equal(t, "running", got.Status, "records still run")
	require.Nil(t, got.FinishedAt)
	require.Equal(t, 2, got.Running)
	require.Equal(t, 1, got.Canceled)
	require.Zero(t, got.Queued)
	idx, _ := recordIndexes(t, e, key, "/v1/batches/"+b.ID+"/records?status=canceled")
	require.Equal(t, []int{3}, idx)

	close(release)
	got = e.waitBatch(t, key, b.ID)
	require.Equal(t, "canceled", got.Status)
	require.Equal(t, 2, got.Done)
	require.Equal(t, 1, got.Canceled)
	require.Zero(t, got.Running)
	require.Len(t, fake.Calls(), 2, "the canceled record never rendered")
	_, zipped := e.getBody(t, key, "/v1/batches/"+b.ID+"/output")
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	require.Len(t, zr.File, 2)
	require.Equal(t, "000001.html", zr.File[0].Name)
	require.Equal(t, "000002.html", zr.File[1].Name)
	resp, body = e.do(t, http.MethodDelete, "/v1/batches/"+b.ID, key, nil)
	requireError(t, http.StatusConflict, paprika.CodeConflict, resp, body)
}
