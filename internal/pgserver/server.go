package pgserver

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/osuser"
)

const (
	defaultPort  = 5432 // names the socket file even when nothing listens on TCP
	superuser    = "postgres"
	pollInterval = 50 * time.Millisecond
	readyTimeout = 30 * time.Second
	// maxSocketPath is the longest socket path every Unix accepts: sun_path
	// holds 108 bytes on Linux but 104 on macOS and the BSDs, NUL included.
	maxSocketPath = 103
	logTailLines  = 20
)

// Options configures Start.
type Options struct {
	// Dir holds the cluster: Dir/pgdata (initdb'd once, reused if present),
	// Dir/postgres.log and the unix socket. It is created if missing.
	Dir string
	// Port is 0 for the unix socket only, with no TCP listener; above 0 the
	// server also listens on 127.0.0.1:Port, with trust authentication, so
	// only for development machines.
	Port int
	// Logger receives the lifecycle events; nil discards them.
	Logger *slog.Logger
	// Fast turns off fsync, synchronous_commit and full_page_writes: a crash
	// of the machine can corrupt the cluster. For tests only.
	Fast bool
}

// Server is a running cluster. Stop it; if the process dies first, Linux
// stops the cluster anyway.
type Server struct {
	logger    *slog.Logger
	dir       string
	socketDir string
	ownSocket bool // socketDir is a temporary directory of ours to remove
	port      int
	logPath   string
	logStart  int64 // offset of this run's output in logPath

	cmd     *exec.Cmd
	exited  chan struct{}
	waitErr error // set before exited is closed

	stopOnce sync.Once
	stopErr  error
}

// Start initializes the cluster if Dir/pgdata holds none, starts postgres and
// returns once it accepts connections. ctx bounds the startup only; the
// server runs until Stop.
func Start(ctx context.Context, opts Options) (*Server, error) {
	if opts.Dir == "" {
		return nil, errors.New("pgserver: Options.Dir is required")
	}
	if opts.Port < 0 || opts.Port > 65535 {
		return nil, fmt.Errorf("pgserver: Options.Port %d out of range", opts.Port)
	}
	bin, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	acct, err := osuser.ForRoot("postgres", "nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root, and PostgreSQL refuses to: %w", err)
	}
	if err := acct.Own(dir, logger); err != nil {
		return nil, fmt.Errorf("prepare %s for the postgres process: %w", dir, err)
	}
	s := &Server{
		logger:  logger,
		dir:     dir,
		port:    cmp.Or(opts.Port, defaultPort),
		logPath: filepath.Join(dir, "postgres.log"),
		exited:  make(chan struct{}),
	}
	pgdata := filepath.Join(dir, "pgdata")
	if err := initdb(ctx, bin, pgdata, acct, opts.Fast, logger); err != nil {
		return nil, err
	}
	if err := s.chooseSocketDir(acct); err != nil {
		return nil, err
	}
	if err := s.start(bin, pgdata, acct, opts); err != nil {
		s.removeSocketDir()
		return nil, err
	}
	if err := s.waitReady(ctx); err != nil {
		_ = s.Stop() // the startup error says more than the stop error would
		return nil, err
	}
	logger.InfoContext(ctx, "postgres ready", "dir", dir, "pid", s.PID(), "url", s.URL(superuser))
	return s, nil
}

// initdb creates the cluster unless pgdata already holds one. It works in a
// scratch directory renamed into place at the end, so that an initdb
// interrupted halfway never leaves a pgdata that looks usable.
func initdb(ctx context.Context, bin, pgdata string, acct *osuser.Account, fast bool, logger *slog.Logger) error {
	if _, err := os.Stat(filepath.Join(pgdata, "PG_VERSION")); err == nil {
		return nil
	}
	if _, err := os.Stat(pgdata); err == nil {
		return fmt.Errorf("%s exists but holds no PostgreSQL cluster (no PG_VERSION); remove it to start afresh", pgdata)
	}
	scratch := pgdata + ".initdb"
	if err := os.RemoveAll(scratch); err != nil {
		return err
	}
	logger.InfoContext(ctx, "initializing PostgreSQL cluster", "dir", pgdata)
	args := []string{"-D", scratch, "-U", superuser, "--auth=trust", "--encoding=UTF8", "--no-locale"}
	if fast {
		args = append(args, "--no-sync") // fsync of a throwaway cluster buys nothing
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), args...)
	cmd.Dir = filepath.Dir(pgdata) // the server account may not be able to enter our working directory
	cmd.SysProcAttr = sysProcAttr(acct.Credential())
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %w\n%s", err, bytes.TrimSpace(out))
	}
	return os.Rename(scratch, pgdata)
}

// chooseSocketDir puts the socket in Dir unless its path would be too long
// for a unix socket, as deep test temp directories often are; then it goes in
// a fresh short directory under the temp dir (or /tmp, if even that is long).
func (s *Server) chooseSocketDir(acct *osuser.Account) error {
	s.socketDir = s.dir
	if len(s.socketPath()) <= maxSocketPath {
		return nil
	}
	for _, parent := range []string{os.TempDir(), "/tmp"} {
		d, err := os.MkdirTemp(parent, "pgsock")
		if err != nil {
			continue
		}
		s.socketDir, s.ownSocket = d, true
		if len(s.socketPath()) > maxSocketPath {
			s.removeSocketDir()
			continue
		}
		if err := acct.Own(d, s.logger); err != nil {
			s.removeSocketDir()
			return fmt.Errorf("prepare socket directory %s: %w", d, err)
		}
		return nil
	}
	return fmt.Errorf("unix socket path for %s is over %d bytes and no short temporary directory is available; use a shorter Dir", s.dir, maxSocketPath)
}

func (s *Server) socketPath() string {
	return filepath.Join(s.socketDir, ".s.PGSQL."+strconv.Itoa(s.port))
}

func (s *Server) removeSocketDir() {
	if s.ownSocket {
		_ = os.RemoveAll(s.socketDir)
		s.ownSocket = false
	}
}

func (s *Server) start(bin, pgdata string, acct *osuser.Account, opts Options) error {
	for _, lock := range []string{filepath.Join(pgdata, "postmaster.pid"), s.socketPath() + ".lock"} {
		if err := clearStaleLock(lock, pgdata); err != nil {
			return err
		}
	}
	listen := ""
	if opts.Port > 0 {
		listen = "127.0.0.1"
	}
	args := []string{
		"-D", pgdata,
		"-p", strconv.Itoa(s.port),
		"-c", "listen_addresses=" + listen,
		"-c", "unix_socket_directories=" + quoteListItem(s.socketDir),
		"-c", "max_connections=200",
		"-c", "shared_buffers=128MB",
	}
	if opts.Fast {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	logFile, err := os.OpenFile(s.logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer logFile.Close() // the child holds its own copy
	fmt.Fprintf(logFile, "---- pgserver: starting postgres at %s\n", time.Now().Format(time.RFC3339))
	if s.logStart, err = logFile.Seek(0, io.SeekEnd); err != nil {
		return err
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.Dir = s.dir
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = sysProcAttr(acct.Credential())
	s.cmd = cmd
	return s.spawn()
}

// quoteListItem quotes a directory for a list setting such as
// unix_socket_directories, where a comma would otherwise split it.
func quoteListItem(dir string) string {
	return `"` + strings.ReplaceAll(dir, `"`, `""`) + `"`
}

// spawn starts postgres from a goroutine locked to its OS thread until
// postgres exits: Pdeathsig is tied to the forking thread, and the Go runtime
// may end an unlocked thread at any time after a goroutine leaves it locked.
func (s *Server) spawn() error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := s.cmd.Start(); err != nil {
			started <- fmt.Errorf("start postgres: %w", err)
			return
		}
		started <- nil
		s.waitErr = s.cmd.Wait()
		close(s.exited)
	}()
	return <-started
}

// waitReady polls with a real connection, since only a completed startup
// handshake proves the server accepts clients (a socket file appears earlier).
func (s *Server) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	for {
		err := ping(ctx, s.URL(superuser))
		if err == nil {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("postgres exited during startup (%v); %s:\n%s", s.waitErr, s.logPath, s.logTail())
		case <-ctx.Done():
			return fmt.Errorf("postgres not ready: %w (last attempt: %v); %s:\n%s", ctx.Err(), err, s.logPath, s.logTail())
		case <-tick.C:
		}
	}
}

func ping(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	return conn.Close(ctx)
}

// logTail returns the last lines postgres wrote since this Start.
func (s *Server) logTail() string {
	f, err := os.Open(s.logPath)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	if _, err := f.Seek(s.logStart, io.SeekStart); err != nil {
		return err.Error()
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > logTailLines {
		lines = lines[len(lines)-logTailLines:]
	}
	return strings.Join(lines, "\n")
}

// URL returns a connection URL for database over the unix socket, as the
// superuser postgres, for pgx and libpq alike.
func (s *Server) URL(database string) string {
	q := "host=" + queryEscape(s.socketDir)
	if s.port != defaultPort {
		q += "&port=" + strconv.Itoa(s.port)
	}
	u := url.URL{Scheme: "postgres", User: url.User(superuser), Path: "/" + database, RawQuery: q}
	return u.String()
}

// queryEscape leaves slashes alone, as RFC 3986 allows in a query, so that
// the socket directory reads plainly in logs and can be pasted into psql.
func queryEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "%2F", "/")
}

// PID returns the process id of the postmaster.
func (s *Server) PID() int {
	return s.cmd.Process.Pid
}

// Done is closed when postgres has exited, whether through Stop or not, so
// that a supervisor can notice a crash.
func (s *Server) Done() <-chan struct{} {
	return s.exited
}

// Stop shuts postgres down and waits for it to exit: a fast shutdown
// (SIGINT, which rolls back open transactions and disconnects clients), then
// an immediate one (SIGQUIT) after 10s, then SIGKILL after 5s more. It is
// safe to call more than once and from several goroutines; every call
// returns the first call's result.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		s.stopErr = s.shutdown()
		s.removeSocketDir()
	})
	return s.stopErr
}

func (s *Server) shutdown() error {
	select {
	case <-s.exited:
		if s.waitErr != nil {
			return fmt.Errorf("postgres had already exited: %w; %s:\n%s", s.waitErr, s.logPath, s.logTail())
		}
		return nil
	default:
	}
	steps := []struct {
		sig  syscall.Signal
		wait time.Duration
	}{
		{syscall.SIGINT, 10 * time.Second},
		{syscall.SIGQUIT, 5 * time.Second},
		{syscall.SIGKILL, 0}, // waits for as long as it takes
	}
	for i, step := range steps {
		if err := s.cmd.Process.Signal(step.sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
			return fmt.Errorf("signal postgres: %w", err)
		}
		var timeout <-chan time.Time
		if step.wait > 0 {
			timer := time.NewTimer(step.wait)
			defer timer.Stop()
			timeout = timer.C
		}
		select {
		case <-s.exited:
			if i > 0 {
				return fmt.Errorf("postgres ignored a fast shutdown; stopped it with %v", step.sig)
			}
			if s.waitErr != nil {
				return fmt.Errorf("postgres: %w; %s:\n%s", s.waitErr, s.logPath, s.logTail())
			}
			return nil
		case <-timeout:
			s.logger.Warn("postgres is slow to shut down; escalating", "pid", s.PID(), "after", step.wait, "signal", steps[i+1].sig)
		}
	}
	panic("unreachable: the SIGKILL step waits without a timeout")
}
