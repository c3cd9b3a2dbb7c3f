package api

import (
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/paprikahq/paprika/internal/paprika"
)

// unavailableRetryAfter is the Retry-After of an unavailable answer: long
// enough for PostgreSQL to restart, short enough to notice it has.
const unavailableRetryAfter = 5

// unreachable reports whether err says that PostgreSQL (or the output store)
// could not be reached rather than that a statement failed: a connection
// refused or reset, no socket, a connect or pool timeout, the server
// shutting down or gone in the middle of a statement. writeError answers
// these 503 unavailable, not 500 internal, which is kept for bugs.
func unreachable(err error) bool {
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

// errUnavailable is the answer to an unreachable PostgreSQL or store.
var errUnavailable = &paprika.Error{
	Code:       paprika.CodeUnavailable,
	Message:    "Unavailable: the service cannot reach its database or output store just now; retry shortly",
	RetryAfter: unavailableRetryAfter,
}
