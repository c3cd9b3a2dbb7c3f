package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// An api and a worker that share a database and a bucket, and no disk: the
// worker's output is downloaded through the api, and neither data dir holds
// an output.
func TestProcessesShareOnlyTheBucket(t *testing.T) {
	t.Parallel()
	bucket := s3test.NewBucket(t)
	db := pgtest.NewDB(t)
	vars := func(dataDir string) map[string]string {
		return map[string]string{
			"PORT": "0", "PAPRIKA_DATABASE_URL": db, "PAPRIKA_ADMIN_TOKEN": adminToken,
			"PAPRIKA_DATA_DIR": dataDir, "PAPRIKA_WORKERS": "1",
			"PAPRIKA_STORAGE_URL": s3test.URL(bucket),
			"AWS_ACCESS_KEY_ID":   bucket.AccessKeyID, "AWS_SECRET_ACCESS_KEY": bucket.SecretAccessKey,
		}
	}
	apiDir, workerDir := t.TempDir(), t.TempDir()
	log := testLogger(t)
	addrs := make(chan net.Addr, 1)
	api := startServing(t, func(ctx context.Context) error {
		return runAPI(ctx, getenv(vars(apiDir)), log, func(a net.Addr) { addrs <- a })
	})
	workerAddrs := make(chan net.Addr, 1)
	startServing(t, func(ctx context.Context) error {
		return runWorker(ctx, getenv(vars(workerDir)), log, func(a net.Addr) { workerAddrs <- a })
	})
	var base string
	select {
	case a := <-addrs:
		base = "http://127.0.0.1:" + strconv.Itoa(a.(*net.TCPAddr).Port)
	case <-time.After(2 * time.Minute):
		t.Fatal("the api did not listen within 2 minutes (a busy machine can take 30 s to check Chromium's sandbox)")
	}
	status, body := api.do(t, http.MethodPost, base+"/v1/admin/tenants", adminToken, `{"id": "acme", "name": "Acme"}`)
	require.Equal(t, http.StatusCreated, status, body)
	status, body = api.do(t, http.MethodPost, base+"/v1/admin/tenants/acme/keys", adminToken, `{"name": "k", "scopes": ["render"]}`)
	require.Equal(t, http.StatusCreated, status, body)
	key := body["secret"].(string)
	status, body = api.do(t, http.MethodPost, base+"/v1/jobs", key, `{"template": "<p>{{who}}</p>", "data": {"who": "bucket"}, "format": "html"}`)
	require.Equal(t, http.StatusAccepted, status, body)
	id := body["id"].(string)
	deadline := time.Now().Add(60 * time.Second)
	for {
		_, body = api.do(t, http.MethodGet, base+"/v1/jobs/"+id, key, "")
		if body["status"] == "done" {
			break
		}
		require.NotContains(t, []any{"failed", "canceled"}, body["status"], body)
		require.True(t, time.Now().Before(deadline), "the job is not done within 60 s: %v", body)
		time.Sleep(100 * time.Millisecond)
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/v1/jobs/"+id+"/output", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := api.client.Do(req)
	require.NoError(t, err)
	doc, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "<p>bucket</p>", string(doc))
	for _, dir := range []string{apiDir, workerDir} {
		_, err := os.Stat(dir + "/outputs")
		require.ErrorIs(t, err, os.ErrNotExist, "no output on the local disk")
	}
}
