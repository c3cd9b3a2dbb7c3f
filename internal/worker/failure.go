package worker

import (
	"errors"
	"syscall"

	"github.com/paprikahq/paprika/internal/unreachable"
)

// storeFailure is what a tenant reads when a rendered document could not be
// stored: the cause in the tenant's terms, never the error's text, which
// names server paths and addresses (write /data/outputs/…/.tmp-…: no space
// left on device). The error itself is logged with the work's ids.
func storeFailure(err error) string {
	const prefix = "output could not be stored: "
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return prefix + "no space left"
	case errors.Is(err, syscall.EDQUOT):
		return prefix + "over the storage quota"
	case errors.Is(err, syscall.EROFS), errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return prefix + "the output store refuses writes"
	case unreachable.Is(err):
		return prefix + "the output store cannot be reached"
	default:
		return prefix + "the output store failed"
	}
}
