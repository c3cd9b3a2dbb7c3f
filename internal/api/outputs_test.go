package api

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/s3test"
	"github.com/paprikahq/paprika/internal/storage"
)

// s3Vars is the environment of an api whose outputs live in a bucket of
// the test's own, on a real S3-compatible server.
func s3Vars(t *testing.T) map[string]string {
	t.Helper()
	b := s3test.NewBucket(t)
	return map[string]string{"PAPRIKA_STORAGE_URL": s3test.URL(b),
		"AWS_ACCESS_KEY_ID": b.AccessKeyID, "AWS_SECRET_ACCESS_KEY": b.SecretAccessKey}
}

// eachStorage runs test with outputs in files and in a bucket.
func eachStorage(t *testing.T, test func(t *testing.T, vars map[string]string)) {
	t.Helper()
	for _, kind := range []string{config.StorageFile, config.StorageS3} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			vars := map[string]string{}
			if kind == config.StorageS3 {
				vars = s3Vars(t)
			}
			test(t, vars)
		})
	}
}

// Downloads stream with Range and ETag from either store, through another
// api than the one the work was submitted to (with s3, a host that shares
// no disk with the worker).
func TestOutputDownloads(t *testing.T) {
	t.Parallel()
	eachStorage(t, func(t *testing.T, vars map[string]string) {
		e := setupWork(t, vars, nil)
		key := e.tenantKey(t, "acme", ScopeRender)
		job := e.postJob(t, key, htmlJob("<p>{{text}}</p>", map[string]any{"text": strings.Repeat("paprika ", 500)}))
		batch := e.postBatch(t, key, map[string]any{"template": "<p>Record {{n}}</p>", "format": "html",
			"records": []map[string]any{{"n": 1}, {"n": 2}, {"n": 3}}})
		e.startWorker(t, nil)
		e.waitJob(t, key, job.ID, "done")
		e.waitBatch(t, key, batch.ID)
		other := e.serveAgain(t, &fakeRenderer{})

		get := func(path string, h map[string]string) (*http.Response, []byte) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, other.HTTP.URL+path, nil)
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+key)
			for k, v := range h {
				req.Header.Set(k, v)
			}
			return other.send(t, req)
		}
		path := "/v1/jobs/" + job.ID + "/output"
		resp, doc := get(path, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, htmlType, resp.Header.Get("Content-Type"))
		require.Equal(t, "bytes", resp.Header.Get("Accept-Ranges"))
		require.Contains(t, string(doc), "<p>paprika paprika")
		etag := resp.Header.Get("ETag")
		require.Regexp(t, `^"[^"]+"$`, etag)
		require.NotEmpty(t, resp.Header.Get("Last-Modified"))

		resp, part := get(path, map[string]string{"Range": "bytes=3-9"})
		require.Equal(t, http.StatusPartialContent, resp.StatusCode)
		require.Equal(t, doc[3:10], part)
		require.Equal(t, fmt.Sprintf("bytes 3-9/%d", len(doc)), resp.Header.Get("Content-Range"))

		resp, part = get(path, map[string]string{"Range": "bytes=-6"})
		require.Equal(t, http.StatusPartialContent, resp.StatusCode)
		require.Equal(t, doc[len(doc)-6:], part)

		resp, body := get(path, map[string]string{"If-None-Match": etag})
		require.Equal(t, http.StatusNotModified, resp.StatusCode)
		require.Empty(t, body)
		resp, _ = get(path, map[string]string{"If-None-Match": `"other"`})
		require.Equal(t, http.StatusOK, resp.StatusCode)

		resp, rec := get("/v1/batches/"+batch.ID+"/records/2/output", map[string]string{"Range": "bytes=0-8"})
		require.Equal(t, http.StatusPartialContent, resp.StatusCode)
		require.Equal(t, "<p>Record", string(rec))

		resp, zipped := get("/v1/batches/"+batch.ID+"/output", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
		zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
		require.NoError(t, err)
		require.Len(t, zr.File, 3)
		for i, f := range zr.File {
			require.Equal(t, fmt.Sprintf("%06d.html", i+1), f.Name)
			rc, err := f.Open()
			require.NoError(t, err)
			b, err := io.ReadAll(rc)
			require.NoError(t, err)
			require.NoError(t, rc.Close())
			require.Equal(t, fmt.Sprintf("<p>Record %d</p>", i+1), string(b))
		}

		// Another tenant's ids are not-found, whatever the store.
		stranger := e.tenantKey(t, "globex", ScopeRender)
		resp, body = e.do(t, http.MethodGet, path, stranger, nil)
		requireError(t, http.StatusNotFound, paprika.CodeNotFound, resp, body)
	})
}

// With PAPRIKA_STORAGE_REDIRECT, a download is a 302 to a presigned URL
// that works without the tenant's key, for 5 minutes.
func TestOutputRedirect(t *testing.T) {
	t.Parallel()
	vars := s3Vars(t)
	vars["PAPRIKA_STORAGE_REDIRECT"] = "true"
	e := setupWork(t, vars, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	job := e.postJob(t, key, htmlJob("<p>redirected</p>", nil))
	e.startWorker(t, nil)
	e.waitJob(t, key, job.ID, "done")

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+"/v1/jobs/"+job.ID+"/output", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	loc := resp.Header.Get("Location")
	require.True(t, strings.HasPrefix(loc, s3test.Endpoint(t)+"/"), loc)
	require.Contains(t, loc, "X-Amz-Expires=300")

	resp, err = http.Get(loc)
	require.NoError(t, err)
	doc, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(doc))
	require.Equal(t, "<p>redirected</p>", string(doc))
	http.DefaultClient.CloseIdleConnections()
}

// An output store that cannot be reached is 503 unavailable with
// Retry-After, for a document and for a batch's ZIP.
func TestOutputStoreUnreachable(t *testing.T) {
	t.Parallel()
	e := setupWork(t, s3Vars(t), nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	job := e.postJob(t, key, htmlJob("<p>x</p>", nil))
	batch := e.postBatch(t, key, map[string]any{"template": "<p>x</p>", "format": "html", "records": []map[string]any{{}}})
	e.startWorker(t, nil)
	e.waitJob(t, key, job.ID, "done")
	e.waitBatch(t, key, batch.ID)

	// An api whose store is a port nothing listens on.
	cfg := *e.Config
	cfg.Storage.Endpoint = "http://127.0.0.1:1"
	dead, err := storage.New(t.Context(), cfg.Storage)
	require.NoError(t, err)
	defer dead.Close()
	srv := New(&cfg, e.Store, slog.New(slog.DiscardHandler), WithRenderer(&fakeRenderer{}), WithOutputs(dead))
	h := httptest.NewServer(srv.Handler())
	defer h.Close()
	for _, path := range []string{"/v1/jobs/" + job.ID + "/output", "/v1/batches/" + batch.ID + "/records/1/output", "/v1/batches/" + batch.ID + "/output"} {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, h.URL+path, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, body := e.send(t, req)
		requireError(t, http.StatusServiceUnavailable, paprika.CodeUnavailable, resp, body)
		require.Equal(t, "5", resp.Header.Get("Retry-After"), path)
	}
}

// A Put that fails is retried like a failed render: the work is done only
// once its output is stored, and a store that keeps failing fails the work
// with a message that says so (and nothing of the store's error).
func TestFailedPutIsRetried(t *testing.T) {
	t.Parallel()
	waiting, proceed := make(chan struct{}), make(chan struct{})
	fake := &fakeRenderer{fn: func(ctx context.Context, in render.Input) (*render.Output, error) {
		if strings.Contains(string(in.Data), "wait") {
			waiting <- struct{}{}
			<-proceed
		}
		return &render.Output{Body: []byte("<p>stored</p>"), ContentType: htmlType, Pages: 1}, nil
	}}
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	// A file where the outputs folder should be: every Put fails.
	blocker := filepath.Join(e.Config.Storage.Dir, "outputs")
	require.NoError(t, os.MkdirAll(e.Config.Storage.Dir, 0o750))
	require.NoError(t, os.WriteFile(blocker, []byte("in the way"), 0o600))
	e.startWorker(t, fake)

	failing := e.postJob(t, key, htmlJob("<p>x</p>", nil))
	j := e.waitJob(t, key, failing.ID, "failed")
	require.Equal(t, 3, j.Attempts)
	require.Equal(t, "render-failed", j.Error.Code)
	require.Equal(t, "output could not be stored: the output store failed", j.Error.Message)
	require.Nil(t, j.Output)
	require.Contains(t, e.Logs(), "storing an output failed", "the cause is in the worker's log")

	retried := e.postJob(t, key, htmlJob("<p>x</p>", map[string]any{"wait": true}))
	<-waiting
	proceed <- struct{}{} // attempt 1: its Put fails
	<-waiting
	require.NoError(t, os.Remove(blocker))
	proceed <- struct{}{} // attempt 2: stored
	j = e.waitJob(t, key, retried.ID, "done")
	require.Equal(t, 2, j.Attempts)
	_, doc := e.getBody(t, key, "/v1/jobs/"+retried.ID+"/output")
	require.Equal(t, "<p>stored</p>", string(doc))
}
