package worker

import (
	"errors"
	"net"
	"syscall"
)

// storeFailure is what a tenant reads when a rendered document could not be
// stored: the cause in the tenant's terms, never the error's text, which
// names server paths and addresses (write /data/outputs/…/.tmp-…: no space
// left on device). The error itself is logged with the work's ids.
func storeFailure(err error) string {
	const prefix = "output could not be stored: "
	// *net.OpError and *net.DNSError, not the net.Error interface, which
	// every syscall.Errno satisfies.
	var opErr *net.OpError
	var dnsErr *net.DNSError
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return prefix + "no space left"
	case errors.Is(err, syscall.EDQUOT):
		return prefix + "over the storage quota"
	case errors.Is(err, syscall.EROFS), errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return prefix + "the output store refuses writes"
	case errors.As(err, &opErr), errors.As(err, &dnsErr), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET):
		return prefix + "the output store cannot be reached"
	default:
		return prefix + "the output store failed"
	}
}
