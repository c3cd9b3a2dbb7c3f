package faults

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/s3test"
	"github.com/paprikahq/paprika/internal/storage"
)

// objectStore is a versitygw of the test's own, which it can stop and start
// again on the same port and data (s3test's shared server cannot be).
type objectStore struct {
	t      *testing.T
	bin    string
	root   string
	addr   string
	bucket string
	cmd    *exec.Cmd
	done   chan struct{}
}

func newObjectStore(t *testing.T) *objectStore {
	t.Helper()
	bin, err := s3test.Binary()
	if err != nil {
		t.Fatalf("versitygw: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	o := &objectStore{t: t, bin: bin, root: t.TempDir(), addr: addr, bucket: "outputs"}
	if err := os.Mkdir(filepath.Join(o.root, "data"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(o.stop)
	o.start()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	client, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, ""),
		Region: s3test.Region, BucketLookup: minio.BucketLookupPath, Transport: tr})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.MakeBucket(t.Context(), o.bucket, minio.MakeBucketOptions{Region: s3test.Region}); err != nil {
		t.Fatal(err)
	}
	return o
}

func (o *objectStore) start() {
	o.t.Helper()
	log, err := os.OpenFile(filepath.Join(o.root, "versitygw.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		o.t.Fatal(err)
	}
	defer log.Close()
	o.cmd = exec.Command(o.bin, "--access", s3test.AccessKey, "--secret", s3test.SecretKey, "--region", s3test.Region,
		"--port", o.addr, "--health", "/health", "--quiet", "posix", filepath.Join(o.root, "data"))
	o.cmd.Stdout, o.cmd.Stderr = log, log
	o.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := o.cmd.Start(); err != nil {
		o.t.Fatal(err)
	}
	o.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) { _ = cmd.Wait(); close(done) }(o.cmd, o.done)
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := http.Get("http://" + o.addr + "/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			o.t.Fatalf("versitygw does not answer on %s", o.addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop kills the server (a crash, not a shutdown) and waits for it.
func (o *objectStore) stop() {
	if o.cmd == nil {
		return
	}
	_ = o.cmd.Process.Kill()
	<-o.done
	o.cmd = nil
}

func (o *objectStore) storage() config.Storage {
	return config.Storage{Kind: config.StorageS3, Bucket: o.bucket, Endpoint: "http://" + o.addr, Region: s3test.Region,
		PathStyle: true, AccessKeyID: s3test.AccessKey, SecretAccessKey: s3test.SecretKey}
}

// The object store stops in the middle of a batch and comes back: no record
// becomes done without its object in the bucket, of the bytes recorded; what
// could not be stored says so; work submitted after it is back is all done.
func TestObjectStoreStopsAndComesBack(t *testing.T) {
	t.Parallel()
	o := newObjectStore(t)
	c := newCluster(t, map[string]string{
		"PAPRIKA_STORAGE_URL":   s3test.URL(o.storage()),
		"AWS_ACCESS_KEY_ID":     s3test.AccessKey,
		"AWS_SECRET_ACCESS_KEY": s3test.SecretKey,
	})
	outputs, err := storage.New(t.Context(), o.storage())
	if err != nil {
		t.Fatal(err)
	}
	defer outputs.Close()
	c.outageDuringBatch(outputs, "object store", o.stop, o.start)
}

// The data disk (a 16 MiB tmpfs) fills in the middle of a batch and space
// comes back: nothing truncated is ever served as done, what could not be
// stored says so, and work submitted after is all done.
func TestDataDiskFills(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Fatal("mounting a small tmpfs needs root (CI runs as root): run the suite as root")
	}
	data := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=16m", "faults-data", data).CombinedOutput(); err != nil {
		t.Fatalf("mount a tmpfs on %s: %v %s", data, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", data).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", data, err, out)
		}
	})
	c := newCluster(t, map[string]string{"PAPRIKA_DATA_DIR": data})
	outputs := &storage.Files{Dir: data}
	filler := filepath.Join(data, "filler")
	fill := func() {
		f, err := os.Create(filler)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		chunk := make([]byte, 64<<10)
		for {
			if _, err := f.Write(chunk); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatal(err)
				}
				return
			}
		}
	}
	c.outageDuringBatch(outputs, "data disk", fill, func() {
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
	})
	// No half-written temporary file is left behind by the failed writes.
	_ = filepath.WalkDir(data, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") {
			t.Errorf("a temporary file was left on the full disk: %s", path)
		}
		return nil
	})
}

// outageDuringBatch breaks where outputs go while a batch renders, repairs
// it, and checks the promises of both stores.
func (c *cluster) outageDuringBatch(outputs storage.Store, what string, breakIt, repair func()) {
	t := c.t
	api := c.startProc("api", "api", nil)
	c.startProc("worker", "worker", nil)
	key := c.tenant(api, "acme", "")
	batch := c.submitBatch(api, key, records, 300)
	waitFor(t, 3*time.Minute, "records done before the outage", func() bool {
		var n int
		_ = c.db.QueryRow(t.Context(), `SELECT count(*) FROM batch_records WHERE status = 'done'`).Scan(&n)
		return n >= 2
	})
	breakIt()
	t.Logf("%s broken", what)
	time.Sleep(5 * time.Second)
	repair()
	t.Logf("%s back", what)
	c.waitSettled(5 * time.Minute)

	// The batch that lived through it: each record done with its object
	// whole, or failed saying its output could not be stored.
	rows, err := c.db.Query(t.Context(), `SELECT idx, status, coalesce(output_bytes, -1), coalesce(error_code, ''), coalesce(error_message, '')
		FROM batch_records WHERE batch_id = $1 ORDER BY idx`, batch)
	if err != nil {
		t.Fatal(err)
	}
	var done, failed int
	var messages []string
	for rows.Next() {
		var idx int
		var bytes int64
		var status, code, msg string
		if err := rows.Scan(&idx, &status, &bytes, &code, &msg); err != nil {
			t.Fatal(err)
		}
		switch status {
		case "done":
			done++
			info, err := outputs.Stat(context.Background(), storage.RecordKey("acme", uuid.MustParse(batch), idx, "pdf"))
			if err != nil || info.Size != bytes {
				t.Errorf("record %d is done but its object is %+v (%v), %d bytes recorded", idx, info, err, bytes)
			}
			c.checkServed(api, key, fmt.Sprintf("/v1/batches/%s/records/%d/output", batch, idx), bytes)
		case "failed":
			failed++
			if !strings.Contains(msg, "stored") {
				t.Errorf("record %d failed with %s %q, which does not say its output could not be stored", idx, code, msg)
			}
			messages = append(messages, msg)
			a, err := c.do(t.Context(), http.MethodGet, api.url(fmt.Sprintf("/v1/batches/%s/records/%d/output", batch, idx)), key, nil)
			if err != nil || a.status != http.StatusNotFound {
				t.Errorf("record %d failed, but its output answers %d (%v)", idx, a.status, err)
			}
		default:
			t.Errorf("record %d: %s", idx, status)
		}
	}
	rows.Close()
	t.Logf("across the outage: %d records done, %d failed (%q)", done, failed, first(messages))

	// Back to normal: everything submitted now is done, whole, once.
	c.doneBefore = done
	c.checkDoneOnce(api, work{key: key, jobs: []string{c.submitJob(api, key, 1, 100)},
		batches: []string{c.submitBatch(api, key, records/2, 100)}})
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
