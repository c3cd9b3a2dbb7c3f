// Package unreachable holds the one answer to "does this error say that
// PostgreSQL or the output store could not be reached?", as opposed to a
// statement or a write that failed. The api answers such errors 503
// unavailable, the worker tells the tenant the store cannot be reached and
// waits for it; both ask Is.
package unreachable

import (
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Is reports whether err says that PostgreSQL (or the output store) could
// not be reached rather than that a statement failed: a connection refused
// or reset, a broken pipe, no socket, a connect or pool timeout, the server
// shutting down or gone in the middle of a statement.
func Is(err error) bool {
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// Class 08 is a connection exception; 57P01–57P03 a server shutting
		// down, crashed or not yet accepting connections.
		return pg.Code[:2] == "08" || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	// *net.OpError and *net.DNSError, not the net.Error interface: every
	// syscall.Errno satisfies that one, a full disk's ENOSPC among them.
	var opErr *net.OpError
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &opErr), errors.As(err, &dnsErr):
		return true // dial, read and write failures and their timeouts
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
		return true
	}
	return false
}
