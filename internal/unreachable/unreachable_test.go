package unreachable

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
)

// What the api answers 503 and the worker reports as a store it cannot
// reach is one list: the errors pgx, net/http and the stores return when
// the other side is gone, and none of those a statement or a write fails
// with.
func TestIs(t *testing.T) {
	t.Parallel()
	dial := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 5432}, Err: syscall.ECONNREFUSED}
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("acquire: %w", dial), true},
		{&net.DNSError{Err: "no such host", Name: "db"}, true},
		{fmt.Errorf("write: %w", syscall.EPIPE), true},
		{fmt.Errorf("read: %w", syscall.ECONNRESET), true},
		{fmt.Errorf("read body: %w", io.ErrUnexpectedEOF), true},
		{net.ErrClosed, true},
		{&pgconn.PgError{Code: "08006"}, true},
		{&pgconn.PgError{Code: "57P01"}, true},
		{&pgconn.PgError{Code: "23505"}, false}, // a unique violation: the statement's
		{&pgconn.PgError{Code: "40001"}, false},
		{&fs.PathError{Op: "write", Path: "/data/x", Err: syscall.ENOSPC}, false},
		{syscall.ENOTDIR, false}, // an Errno is a net.Error, not an unreachable store
		{errors.New("something else"), false},
		{nil, false},
	} {
		require.Equal(t, tc.want, Is(tc.err), "%v", tc.err)
	}
}
