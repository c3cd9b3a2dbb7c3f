// Package s3test gives tests a real S3-compatible server, never a fake:
// versitygw (Apache-2.0) with its posix backend, built once from the Go
// module proxy into the user cache dir (keyed by its version, so later runs
// take no time), started on a loopback port the first time a test of the
// binary asks for it, and stopped by Stop from TestMain. Each test gets a
// bucket of its own.
//
// Without the Go module proxy (or a Go toolchain on PATH) the tests that
// need it fail, saying how to build the server by hand; PAPRIKA_TEST_VERSITYGW
// names a binary to use instead of building one.
package s3test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"go.uber.org/goleak"

	"github.com/paprikahq/paprika/internal/config"
)

// Version is the versitygw the harness builds.
const Version = "v1.8.0"

const (
	module = "github.com/versity/versitygw/cmd/versitygw"
	// BinaryEnv names a versitygw binary to use instead of building one.
	BinaryEnv = "PAPRIKA_TEST_VERSITYGW"
	// The root account of the server; tests pass these as static credentials.
	AccessKey = "paprika-test"
	SecretKey = "paprika-test-secret"
	Region    = "us-east-1"
)

// The server is shared by every test of the binary, hence package state.
var (
	once     sync.Once
	startErr error
	srv      *server
	counter  atomic.Int64
)

type server struct {
	cmd      *exec.Cmd
	root     string
	endpoint string
	client   *minio.Client
	tr       *http.Transport
	exited   chan struct{}
}

// Endpoint starts the server if it has not started yet and returns its URL.
func Endpoint(t testing.TB) string {
	t.Helper()
	endpoint, err := Start()
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	return endpoint
}

// Start starts the server if it has not started yet and returns its URL,
// for programs that are not tests (the storage benchmark).
func Start() (string, error) {
	once.Do(func() { srv, startErr = start() })
	if startErr != nil {
		return "", startErr
	}
	return srv.endpoint, nil
}

// NewBucket creates an empty bucket for this test and returns the storage
// configuration that reaches it, with static credentials (the bucket and
// its objects go when the server stops).
func NewBucket(t testing.TB) config.Storage {
	t.Helper()
	Endpoint(t)
	name := fmt.Sprintf("test-%d-%d", os.Getpid(), counter.Add(1))
	s, err := CreateBucket(t.Context(), name)
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	return s
}

// CreateBucket creates a bucket on the started server and returns the
// storage configuration that reaches it.
func CreateBucket(ctx context.Context, name string) (config.Storage, error) {
	if srv == nil {
		return config.Storage{}, errors.New("the server is not started")
	}
	if err := srv.client.MakeBucket(ctx, name, minio.MakeBucketOptions{Region: Region}); err != nil {
		return config.Storage{}, fmt.Errorf("create bucket %s: %w", name, err)
	}
	return config.Storage{Kind: config.StorageS3, Bucket: name, Endpoint: srv.endpoint, Region: Region,
		PathStyle: true, AccessKeyID: AccessKey, SecretAccessKey: SecretKey}, nil
}

// URL is PAPRIKA_STORAGE_URL for a storage configuration of NewBucket;
// AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go beside it.
func URL(s config.Storage) string {
	u := "s3://" + s.Bucket
	if s.Prefix != "" {
		u += "/" + s.Prefix
	}
	return u + "?endpoint=" + s.Endpoint + "&region=" + s.Region + "&pathStyle=true"
}

// Stop stops the server, if it started, and removes its files. Call it from
// TestMain after the tests ran. The server cannot start again afterwards.
func Stop() error {
	if srv == nil {
		return nil
	}
	srv.tr.CloseIdleConnections()
	_ = srv.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-srv.exited:
	case <-time.After(10 * time.Second):
		_ = srv.cmd.Process.Kill()
		<-srv.exited
	}
	err := os.RemoveAll(srv.root)
	srv = nil
	return err
}

func start() (*server, error) {
	bin, err := binary()
	if err != nil {
		return nil, err
	}
	root, err := os.MkdirTemp("", "s3test")
	if err != nil {
		return nil, err
	}
	s, err := launch(bin, root)
	if err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	return s, nil
}

// launch starts versitygw on a free loopback port and waits until it answers.
func launch(bin, root string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	data := filepath.Join(root, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		return nil, err
	}
	logPath := filepath.Join(root, "versitygw.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	cmd := exec.Command(bin, "--access", AccessKey, "--secret", SecretKey, "--region", Region,
		"--port", addr, "--health", "/health", "--quiet", "posix", data)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = sysProcAttr()
	exited := make(chan struct{})
	if err := startLocked(cmd, exited); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, root: root, endpoint: "http://" + addr, exited: exited}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(s.endpoint + "/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case <-exited:
			out, _ := os.ReadFile(logPath)
			return nil, fmt.Errorf("versitygw exited at start: %s", strings.TrimSpace(string(out)))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-exited
			return nil, errors.New("versitygw did not answer on " + addr + " within 30 s")
		}
	}
	s.tr = http.DefaultTransport.(*http.Transport).Clone()
	client, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""),
		Region: Region, BucketLookup: minio.BucketLookupPath, Transport: s.tr})
	if err != nil {
		_ = cmd.Process.Kill()
		<-exited
		return nil, err
	}
	s.client = client
	return s, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// hint is how to get a server by hand when the harness cannot build one.
func hint(cache string) string {
	return fmt.Sprintf("build it with:\n  GOBIN=%s go install %s@%s\nor set %s to a versitygw binary",
		cache, module, Version, BinaryEnv)
}

// binary returns the cached versitygw, building it first if needed. A lock
// file keeps the test binaries `go test ./...` runs at once from building it
// twice.
func binary() (string, error) {
	if bin := os.Getenv(BinaryEnv); bin != "" {
		return bin, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir() // no HOME: kept until the machine's temp is cleared
	}
	dir := filepath.Join(base, "paprika", "versitygw-"+Version)
	bin := filepath.Join(dir, "versitygw")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	unlock, err := lock(filepath.Join(dir, "build.lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Stat(bin); err == nil {
		return bin, nil // another test binary built it while we waited
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("versitygw is not built and there is no go on PATH to build it; %s", hint(dir))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "install", module+"@"+Version)
	cmd.Dir = tmp // outside any module: go install pkg@version builds it on its own terms
	cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=", "GOWORK=off", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building versitygw %s from the Go module proxy failed: %v\n%s\n%s",
			Version, err, strings.TrimSpace(string(out)), hint(dir))
	}
	if err := os.Rename(filepath.Join(tmp, "versitygw"), bin); err != nil {
		return "", err
	}
	return bin, nil
}

// lock takes an exclusive flock on path, waiting for it.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}

// Finish ends a test binary that used a private versitygw (and a private
// PostgreSQL, whose pgtest.Run gave code): it stops the server, then
// checks for leaked goroutines, and returns the exit status.
//
//	func TestMain(m *testing.M) { os.Exit(s3test.Finish(pgtest.Run(m))) }
func Finish(code int) int {
	if err := Stop(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, "s3test:", err)
		code = 1
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	return code
}

// Binary returns the versitygw the harness uses, building it first if
// needed, for tests that run servers of their own (the fault suite stops
// and starts one).
func Binary() (string, error) { return binary() }
