package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/minio/minio-go/v7"
)

// ErrUnavailable is what Ping wraps when the store as a whole cannot take
// outputs now: it cannot be reached, its bucket or folder is not there, or
// its disk is full. Work waits for such a store instead of failing.
var ErrUnavailable = errors.New("storage: the output store is unavailable")

// MinFree is the space a folder of files needs for Ping to call it
// healthy: below it the disk is full, and waiting for space is all a
// worker can do.
const MinFree = 1 << 20

// pinger is a store that can say whether it is up as a whole.
type pinger interface {
	Ping(ctx context.Context) error
}

// Ping says whether s can take outputs now, as a whole, whatever the
// document: nil, or an error wrapping ErrUnavailable that says why not. A
// worker asks it when a put fails, to tell an outage of the store (which the
// work waits out) from a failure of one document's put (which spends an
// attempt). A store without a health check is taken as up.
func Ping(ctx context.Context, s Store) error {
	p, ok := s.(pinger)
	if !ok {
		return nil
	}
	return p.Ping(ctx)
}

// Ping checks that Dir is a folder with at least MinFree bytes and a free
// inode: a full disk fails every put, whichever document it is.
func (s *Files) Ping(ctx context.Context) error {
	fi, err := os.Stat(s.Dir)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w: %s is not a folder", ErrUnavailable, s.Dir)
	}
	free, inodes, err := freeSpace(s.Dir)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if free < MinFree || inodes == 0 {
		return fmt.Errorf("%w: %s has %d bytes and %d inodes free: %w", ErrUnavailable, s.Dir, free, inodes, syscall.ENOSPC)
	}
	return nil
}

// Ping asks for the bucket's head (HeadBucket): it answers when the server
// can be reached, the credentials are good and the bucket exists.
func (s *S3) Ping(ctx context.Context) error {
	ok, err := s.ping.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("%w: bucket %s: %w", ErrUnavailable, s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("%w: bucket %s: %s", ErrUnavailable, s.bucket, minio.NoSuchBucket)
	}
	return nil
}
