package s3test

import (
	"fmt"
	"os"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if err := Stop(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

func TestBucketPerTest(t *testing.T) {
	t.Parallel()
	a, b := NewBucket(t), NewBucket(t)
	require.NotEqual(t, a.Bucket, b.Bucket)
	require.Contains(t, URL(a), "s3://"+a.Bucket+"?endpoint=http://127.0.0.1:")
	ok, err := srv.client.BucketExists(t.Context(), a.Bucket)
	require.NoError(t, err)
	require.True(t, ok)
	objects := srv.client.ListObjects(t.Context(), b.Bucket, minio.ListObjectsOptions{})
	for o := range objects {
		t.Fatalf("a new bucket holds %v", o)
	}
}

// A server that cannot start says why, instead of hanging.
func TestLaunchFailureSaysWhy(t *testing.T) {
	t.Parallel()
	_, err := launch("/bin/false", t.TempDir())
	require.ErrorContains(t, err, "exited at start")
	_, err = launch(t.TempDir()+"/missing", t.TempDir())
	require.ErrorContains(t, err, "start")
}
