package storage

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/s3test"
)

// eachStore runs test against both implementations: files in a folder of
// the test's own, and a bucket of its own on a real S3-compatible server.
func eachStore(t *testing.T, test func(t *testing.T, s Store)) {
	t.Helper()
	for _, kind := range []string{config.StorageFile, config.StorageS3} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			test(t, newStore(t, kind))
		})
	}
}

func newStore(t *testing.T, kind string) Store {
	t.Helper()
	cfg := config.Storage{Kind: config.StorageFile, Dir: t.TempDir()}
	if kind == config.StorageS3 {
		cfg = s3test.NewBucket(t)
		cfg.Prefix = "paprika/test" // keys live under a prefix of the bucket
	}
	s, err := New(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s
}

func random(t *testing.T, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return b
}

func read(t *testing.T, s Store, key string, offset, length int64) []byte {
	t.Helper()
	r, err := s.NewRangeReader(t.Context(), key, offset, length)
	require.NoError(t, err)
	defer r.Close()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

func TestPutThenRead(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		key := JobKey("acme", uuid.New(), "pdf")
		body := random(t, 10_000)
		require.NoError(t, s.Put(ctx, key, body))
		require.Equal(t, body, read(t, s, key, 0, -1))
		require.Equal(t, body[1000:1100], read(t, s, key, 1000, 100), "a range")
		require.Equal(t, body[9990:], read(t, s, key, 9990, -1), "from an offset to the end")
		require.Empty(t, read(t, s, key, 5, 0))

		info, err := s.Stat(ctx, key)
		require.NoError(t, err)
		require.Equal(t, int64(len(body)), info.Size)
		require.Regexp(t, `^"[^"]+"$`, info.ETag)
		require.WithinDuration(t, time.Now(), info.ModTime, time.Minute)

		// A new Put replaces the object whole, and its ETag changes.
		time.Sleep(10 * time.Millisecond) // files: a later modification time
		require.NoError(t, s.Put(ctx, key, []byte("two")))
		require.Equal(t, "two", string(read(t, s, key, 0, -1)))
		again, err := s.Stat(ctx, key)
		require.NoError(t, err)
		require.Equal(t, int64(3), again.Size)
		require.NotEqual(t, info.ETag, again.ETag)
	})
}

func TestMissingKey(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		key := RecordKey("acme", uuid.New(), 1, "png")
		_, err := s.Stat(ctx, key)
		require.ErrorIs(t, err, ErrNotExist)
		_, err = s.NewRangeReader(ctx, key, 0, -1)
		require.ErrorIs(t, err, ErrNotExist)
		_, err = Open(ctx, s, key)
		require.ErrorIs(t, err, ErrNotExist)
		require.NoError(t, s.Delete(ctx, key), "deleting nothing is not an error")
		require.NoError(t, s.DeletePrefix(ctx, TenantPrefix("nobody")))
	})
}

func TestDeleteAndDeletePrefix(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		batch, other := uuid.New(), uuid.New()
		job := JobKey("acme", uuid.New(), "html")
		keep := []string{RecordKey("acme", other, 1, "pdf"), RecordKey("acme-2", batch, 1, "pdf"), job}
		var gone []string
		for i := 1; i <= 3; i++ {
			gone = append(gone, RecordKey("acme", batch, i, "pdf"))
		}
		for _, k := range append(keep, gone...) {
			require.NoError(t, s.Put(ctx, k, []byte(k)))
		}
		require.NoError(t, s.DeletePrefix(ctx, BatchPrefix("acme", batch)))
		for _, k := range gone {
			_, err := s.Stat(ctx, k)
			require.ErrorIs(t, err, ErrNotExist, k)
		}
		for _, k := range keep {
			require.Equal(t, k, string(read(t, s, k, 0, -1)), "another batch, another tenant with a longer id")
		}
		require.NoError(t, s.Delete(ctx, job))
		_, err := s.Stat(ctx, job)
		require.ErrorIs(t, err, ErrNotExist)

		require.NoError(t, s.DeletePrefix(ctx, TenantPrefix("acme")))
		_, err = s.Stat(ctx, keep[0])
		require.ErrorIs(t, err, ErrNotExist)
		require.Equal(t, keep[1], string(read(t, s, keep[1], 0, -1)), "acme-2 is not acme")
	})
}

// More objects than one listing page or one DeleteObjects call holds (S3
// only: a folder has no pages).
func TestDeletePrefixOfManyObjects(t *testing.T) {
	t.Parallel()
	s := newStore(t, config.StorageS3)
	ctx := t.Context()
	batch := uuid.New()
	const n = 1005
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 16)
	for i := 1; i <= n; i++ {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			errs <- s.Put(ctx, RecordKey("acme", batch, i, "html"), []byte("x"))
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.NoError(t, s.DeletePrefix(ctx, BatchPrefix("acme", batch)))
	for _, i := range []int{1, 999, 1000, 1001, n} {
		_, err := s.Stat(ctx, RecordKey("acme", batch, i, "html"))
		require.ErrorIs(t, err, ErrNotExist, i)
	}
}

func TestKeysOfAnyOtherShapeAreRefused(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		for _, key := range []string{"", "x", "/outputs/acme/a.pdf", "outputs/../etc/passwd", "outputs/acme/../../x.pdf",
			"outputs/acme//x.pdf", "outputs/Acme/x.pdf", `outputs/acme\x.pdf`, "outputs/acme/x..pdf", "elsewhere/acme/x.pdf",
			"outputs/.acme/x.pdf", "outputs/acme/-x.pdf", "outputs/acme/x.pdf/", "outputs/" + strings.Repeat("a", 101) + "/x.pdf"} {
			require.Error(t, s.Put(ctx, key, []byte("x")), key)
			_, err := s.Stat(ctx, key)
			require.Error(t, err, key)
			require.NotErrorIs(t, err, ErrNotExist, key)
		}
		long := "outputs/" + strings.Repeat("a", 100) + "/x-1.pdf" // the longest part a key may have
		require.NoError(t, s.Put(ctx, long, []byte("x")), long)
		require.Error(t, s.DeletePrefix(ctx, "outputs/acme"), "a prefix ends in a slash")
		require.Error(t, s.DeletePrefix(ctx, "outputs/"), "never everything")
	})
}

func TestConcurrentPuts(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		batch := uuid.New()
		var wg sync.WaitGroup
		errs := make(chan error, 64+16)
		for i := 1; i <= 64; i++ {
			wg.Go(func() {
				key := RecordKey("acme", batch, i, "pdf")
				errs <- s.Put(ctx, key, bytes.Repeat([]byte{byte(i)}, 1000+i))
			})
		}
		// And the same key from many goroutines at once: one of them wins, whole.
		shared := JobKey("acme", uuid.New(), "pdf")
		for i := range 16 {
			wg.Go(func() { errs <- s.Put(ctx, shared, bytes.Repeat([]byte{byte(i)}, 5000)) })
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		for i := 1; i <= 64; i++ {
			require.Equal(t, bytes.Repeat([]byte{byte(i)}, 1000+i), read(t, s, RecordKey("acme", batch, i, "pdf"), 0, -1))
		}
		b := read(t, s, shared, 0, -1)
		require.Len(t, b, 5000)
		require.Equal(t, bytes.Repeat(b[:1], 5000), b, "one Put's bytes, not a mix")
	})
}

func TestLargeObject(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		key := JobKey("acme", uuid.New(), "pdf")
		body := random(t, 12<<20)
		require.NoError(t, s.Put(ctx, key, body))
		o, err := Open(ctx, s, key)
		require.NoError(t, err)
		defer o.Close()
		require.Equal(t, int64(len(body)), o.Size)
		got, err := io.ReadAll(o)
		require.NoError(t, err)
		require.True(t, bytes.Equal(body, got), "the whole object")
		_, err = o.Seek(-100, io.SeekEnd)
		require.NoError(t, err)
		tail, err := io.ReadAll(o)
		require.NoError(t, err)
		require.Equal(t, body[len(body)-100:], tail)
	})
}

// TestServeContent is the download path of the api: http.ServeContent over
// an Object answers Range, If-None-Match and If-Range from either store.
func TestServeContent(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store) {
		ctx := t.Context()
		key := JobKey("acme", uuid.New(), "pdf")
		body := random(t, 100_000)
		require.NoError(t, s.Put(ctx, key, body))
		serve := func(h map[string]string) *httptest.ResponseRecorder {
			r := httptest.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
			for k, v := range h {
				r.Header.Set(k, v)
			}
			o, err := Open(ctx, s, key)
			require.NoError(t, err)
			defer o.Close()
			w := httptest.NewRecorder()
			w.Header().Set("ETag", o.ETag)
			http.ServeContent(w, r, "", o.ModTime, o)
			return w
		}
		w := serve(nil)
		require.Equal(t, http.StatusOK, w.Code)
		require.Equal(t, body, w.Body.Bytes())
		etag := w.Header().Get("ETag")

		w = serve(map[string]string{"Range": "bytes=500-1499"})
		require.Equal(t, http.StatusPartialContent, w.Code)
		require.Equal(t, body[500:1500], w.Body.Bytes())
		require.Equal(t, "bytes 500-1499/100000", w.Header().Get("Content-Range"))

		w = serve(map[string]string{"Range": "bytes=-10"})
		require.Equal(t, body[len(body)-10:], w.Body.Bytes(), "a suffix")

		w = serve(map[string]string{"Range": "bytes=0-9,90000-90009"})
		require.Equal(t, http.StatusPartialContent, w.Code)
		require.Contains(t, w.Header().Get("Content-Type"), "multipart/byteranges")
		require.Contains(t, w.Body.String(), string(body[90000:90010]))

		w = serve(map[string]string{"If-None-Match": etag})
		require.Equal(t, http.StatusNotModified, w.Code)
		require.Empty(t, w.Body.Bytes())

		w = serve(map[string]string{"Range": "bytes=0-9", "If-Range": `"stale"`})
		require.Equal(t, http.StatusOK, w.Code, "If-Range with another ETag: the whole document")
		require.Len(t, w.Body.Bytes(), len(body))

		w = serve(map[string]string{"Range": "bytes=200000-"})
		require.Equal(t, http.StatusRequestedRangeNotSatisfiable, w.Code)
	})
}

func TestSignedURL(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	files := newStore(t, config.StorageFile)
	_, err := files.SignedURL(ctx, JobKey("acme", uuid.New(), "pdf"), time.Minute)
	require.ErrorIs(t, err, ErrNoSignedURL)

	s := newStore(t, config.StorageS3)
	key := JobKey("acme", uuid.New(), "pdf")
	require.NoError(t, s.Put(ctx, key, []byte("%PDF-signed")))
	u, err := s.SignedURL(ctx, key, 5*time.Minute)
	require.NoError(t, err)
	require.Contains(t, u, "X-Amz-Expires=300")
	resp, err := http.Get(u) // no credentials but the URL's
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
	require.Equal(t, "%PDF-signed", string(b))
	require.Equal(t, "application/pdf", resp.Header.Get("Content-Type"))
	http.DefaultClient.CloseIdleConnections()
}

func TestUnreachableStoreIsNotNotFound(t *testing.T) {
	t.Parallel()
	cfg := s3test.NewBucket(t)
	cfg.Endpoint = "http://127.0.0.1:1" // nothing listens there
	s, err := New(context.Background(), cfg)
	require.NoError(t, err)
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	key := JobKey("acme", uuid.New(), "pdf")
	_, err = s.Stat(ctx, key)
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrNotExist)
	require.Error(t, s.Put(ctx, key, []byte("x")))
}

func TestFilesPutIsAtomicAndLeavesNoTemp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := &Files{Dir: dir}
	id := uuid.New()
	key := JobKey("acme", id, "pdf")
	require.NoError(t, s.Put(t.Context(), key, []byte("one")))
	require.NoError(t, s.Put(t.Context(), key, []byte("two")))
	path := filepath.Join(dir, "outputs", "acme", "jobs", id.String()+".pdf")
	b, err := os.ReadFile(path)
	require.NoError(t, err, "today's layout under the data dir")
	require.Equal(t, "two", string(b))
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left behind")
	require.Equal(t, "outputs/acme/batches/"+id.String()+"/000042.png", RecordKey("acme", id, 42, "png"))
}

func TestFilesPutFailsCleanly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "outputs"), []byte("a file where a folder should be"), 0o600))
	s := &Files{Dir: dir}
	require.Error(t, s.Put(t.Context(), JobKey("acme", uuid.New(), "html"), []byte("x")))
}

func ExampleRecordKey() {
	fmt.Println(RecordKey("acme", uuid.MustParse("0b6c1a52-4d2f-4f7a-9c3e-2a1b5d6e7f80"), 7, "pdf"))
	// Output: outputs/acme/batches/0b6c1a52-4d2f-4f7a-9c3e-2a1b5d6e7f80/000007.pdf
}
