package pgserver

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// helperDirEnv turns the test binary into a helper process that starts a
// server in the named directory, prints the postgres PID and waits to be
// killed.
const helperDirEnv = "PGSERVER_TEST_HELPER_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(helperDirEnv); dir != "" {
		runHelper(dir)
		return
	}
	goleak.VerifyTestMain(m)
}

func runHelper(dir string) {
	s, err := Start(context.Background(), Options{Dir: dir, Fast: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("postgres pid %d\n", s.PID())
	// The test SIGKILLs us long before; the limit only keeps a forgotten
	// helper from lingering.
	time.Sleep(time.Minute)
	os.Exit(1)
}

func start(t *testing.T, opts Options) *Server {
	t.Helper()
	s, err := Start(t.Context(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

func exec1(t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(t.Context(), sql)
	require.NoError(t, err)
}

func TestStartStopRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()

	s := start(t, Options{Dir: dir, Fast: true})
	require.Equal(t, "postgres://postgres@/postgres?host="+dir, s.URL("postgres"))
	exec1(t, s.URL("postgres"), "SELECT 1")
	exec1(t, s.URL("postgres"), "CREATE TABLE survives_restart (id int)")
	socket := filepath.Join(dir, ".s.PGSQL.5432")
	require.FileExists(t, socket)
	pid := s.PID()

	require.NoError(t, s.Stop())
	require.False(t, alive(pid), "postgres still running after Stop")
	require.NoFileExists(t, socket)
	require.NoError(t, s.Stop(), "Stop is idempotent")
	select {
	case <-s.Done():
	default:
		t.Fatal("Done not closed after Stop")
	}

	// Same directory again: the cluster is reused, not initialized anew.
	s = start(t, Options{Dir: dir, Fast: true})
	exec1(t, s.URL("postgres"), "SELECT * FROM survives_restart")
}

func TestStaleLockFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := start(t, Options{Dir: dir, Fast: true})
	require.NoError(t, s.Stop())

	// A postgres killed with SIGKILL leaves its postmaster.pid behind.
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	pidFile := filepath.Join(dir, "pgdata", "postmaster.pid")
	require.NoError(t, os.WriteFile(pidFile, []byte(strconv.Itoa(dead.Process.Pid)+"\n"+dir+"/pgdata\n"), 0o600))

	s = start(t, Options{Dir: dir, Fast: true})
	exec1(t, s.URL("postgres"), "SELECT 1")
}

func TestAlreadyRunning(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := start(t, Options{Dir: dir, Fast: true})

	_, err := Start(t.Context(), Options{Dir: dir, Fast: true})
	require.ErrorContains(t, err, fmt.Sprintf("pid %d) is already running", s.PID()))
	exec1(t, s.URL("postgres"), "SELECT 1") // and the first one is untouched
}

func TestLongDirUsesShortSocketDir(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 60), strings.Repeat("e", 60))
	s := start(t, Options{Dir: dir, Fast: true})
	require.NotEqual(t, dir, s.socketDir)
	exec1(t, s.URL("postgres"), "SELECT 1")

	require.NoError(t, s.Stop())
	require.NoDirExists(t, s.socketDir)
}

func TestTCPPort(t *testing.T) {
	t.Parallel()
	port := freePort(t)
	s := start(t, Options{Dir: t.TempDir(), Port: port, Fast: true})
	require.Contains(t, s.URL("postgres"), "&port="+strconv.Itoa(port))
	exec1(t, s.URL("postgres"), "SELECT 1")
	exec1(t, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port), "SELECT 1")
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestPostgresDiesWithParent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	helper := exec.Command(os.Args[0], "-test.run=^$")
	helper.Env = append(os.Environ(), helperDirEnv+"="+dir)
	var stderr strings.Builder
	helper.Stderr = &stderr
	stdout, err := helper.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, helper.Start())
	t.Cleanup(func() {
		_ = helper.Process.Kill()
		_ = helper.Wait()
	})

	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "helper: %s", stderr.String())
	var pid int
	_, err = fmt.Sscanf(line, "postgres pid %d", &pid)
	require.NoError(t, err, "helper said %q", line)
	require.True(t, alive(pid))

	require.NoError(t, helper.Process.Signal(syscall.SIGKILL))
	_ = helper.Wait()
	require.Eventually(t, func() bool { return !alive(pid) }, 10*time.Second, 50*time.Millisecond,
		"postgres %d outlived its parent", pid)

	// It went down cleanly enough to start again on the same directory.
	s := start(t, Options{Dir: dir, Fast: true})
	exec1(t, s.URL("postgres"), "SELECT 1")
}

func TestFindBinaries(t *testing.T) {
	dir, err := FindBinaries()
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(dir, "initdb"))
	require.FileExists(t, filepath.Join(dir, "postgres"))
	require.Contains(t, ErrNoBinaries.Error(), "apt-get install -y postgresql")
}

func TestVersionOrder(t *testing.T) {
	dirs := newestFirst([]string{"/usr/lib/postgresql/9.6/bin", "/usr/lib/postgresql/odd/bin", "/usr/lib/postgresql/10/bin"})
	require.Equal(t, []string{"/usr/lib/postgresql/10/bin", "/usr/lib/postgresql/9.6/bin", "/usr/lib/postgresql/odd/bin"}, dirs)
}
