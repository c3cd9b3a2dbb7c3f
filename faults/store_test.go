package faults

import (
	"context"
	"errors"
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

// The object store stops in the middle of a batch for longer than a lease
// and comes back: no record fails, none becomes done without its object in
// the bucket, of the bytes recorded, and everything is done once.
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
// comes back: a full disk is an outage of the store, which work waits out
// as it does the object store's; nothing truncated is ever served as done,
// and everything is done once.
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

// storeOutage is how long the store stays broken: longer than a lease (6 s)
// and than the three attempts a record has would last if an outage spent
// them.
const storeOutage = 12 * time.Second

// outageDuringBatch breaks where outputs go while a batch renders, repairs
// it, and checks the promises of both stores: the work waits the outage out
// and fails nothing (its workers hand it back without spending an attempt,
// and claim nothing until the store answers again); no record is done
// without its object; and everything is done once.
func (c *cluster) outageDuringBatch(outputs storage.Store, what string, breakIt, repair func()) {
	t := c.t
	api := c.startProc("api", "api", nil)
	worker := c.startProc("worker", "worker", nil)
	key := c.tenant(api, "acme", "")
	batch := c.submitBatch(api, key, records, 300)
	waitFor(t, 3*time.Minute, "records done before the outage", func() bool {
		var n int
		_ = c.db.QueryRow(t.Context(), `SELECT count(*) FROM batch_records WHERE status = 'done'`).Scan(&n)
		return n >= 2
	})
	breakIt()
	t.Logf("%s broken", what)
	time.Sleep(storeOutage)
	var during struct{ done, failed, queued int }
	_ = c.db.QueryRow(t.Context(), `SELECT count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'failed'),
		count(*) FILTER (WHERE status = 'queued') FROM batch_records WHERE batch_id = $1`, batch).Scan(&during.done, &during.failed, &during.queued)
	repair()
	t.Logf("%s back after %s: %d records done, %d failed, %d queued", what, storeOutage, during.done, during.failed, during.queued)
	c.waitSettled(5 * time.Minute)

	// The outage was met, and waited out.
	log := worker.Log()
	handedBack := strings.Count(log, `"msg":"handed back"`)
	t.Logf("the worker handed back %d records, and logged %d store outages", handedBack,
		strings.Count(log, `"msg":"output store unavailable: work is handed back and claims wait until it answers"`))
	if handedBack == 0 {
		t.Errorf("the worker handed nothing back: the %s outage was not met", what)
	}
	if !strings.Contains(log, `"msg":"output store answers again: claims resume"`) {
		t.Errorf("the worker never logged that the %s answers again", what)
	}

	// No record of the batch that lived through it failed, and each one
	// done has its object, whole, of the bytes recorded.
	rows, err := c.db.Query(t.Context(), `SELECT idx, status, coalesce(output_bytes, -1), coalesce(error_code, ''), coalesce(error_message, '')
		FROM batch_records WHERE batch_id = $1 ORDER BY idx`, batch)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var idx int
		var bytes int64
		var status, code, msg string
		if err := rows.Scan(&idx, &status, &bytes, &code, &msg); err != nil {
			t.Fatal(err)
		}
		if status != "done" {
			t.Errorf("record %d: %s %s %q across a %s outage of %s, want done", idx, status, code, msg, what, storeOutage)
			continue
		}
		info, err := outputs.Stat(context.Background(), storage.RecordKey("acme", uuid.MustParse(batch), idx, "pdf"))
		if err != nil || info.Size != bytes {
			t.Errorf("record %d is done but its object is %+v (%v), %d bytes recorded", idx, info, err, bytes)
		}
	}
	rows.Close()

	// Everything, the batch through the outage and what is submitted now,
	// done whole, once, its attempts the claims less the hand-backs.
	c.checkDoneOnce(api, work{key: key, jobs: []string{c.submitJob(api, key, 1, 100)},
		batches: []string{batch, c.submitBatch(api, key, records/2, 100)}})
}
