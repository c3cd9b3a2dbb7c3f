// Package storage keeps rendered documents, behind one interface with two
// implementations chosen by PAPRIKA_STORAGE_URL (docs/storage.md): files under a
// folder every api and worker shares (Files), or an S3-compatible bucket (S3),
// with which hosts share no disk at all.
//
// Keys are built here from validated ids only (a tenant id, a job or batch
// UUID, a record's index and the format), never from anything else a tenant
// sends; the stores refuse any other shape of key. The retention sweeper
// (sweep.go) deletes objects with the rows that name them.
package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/paprikahq/paprika/internal/paprika"
)

// Store is where outputs live. Every method is safe for concurrent use, so a
// worker stores many outputs at once.
type Store interface {
	// Put stores body under key durably: when it returns nil the object
	// survives a crash of this process and of the machine (files: written
	// to a temporary file, fsynced, renamed, the folder fsynced; s3: the
	// PUT answered 200). A later Put of the key replaces the object whole;
	// a reader sees the old object or the new one, never a mix.
	Put(ctx context.Context, key string, body []byte) error
	// Stat describes the object at key; ErrNotExist when there is none.
	Stat(ctx context.Context, key string) (Info, error)
	// NewRangeReader reads length bytes of the object from offset (length
	// < 0: to its end); ErrNotExist when there is none.
	NewRangeReader(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error)
	// Delete removes the object at key; a missing object is not an error.
	Delete(ctx context.Context, key string) error
	// DeletePrefix removes every object whose key starts with prefix, which
	// ends in a slash (a tenant's or a batch's folder).
	DeletePrefix(ctx context.Context, prefix string) error
	// SignedURL returns a URL that downloads the object without credentials
	// until expiry; ErrNoSignedURL when the store has none (files).
	SignedURL(ctx context.Context, key string, expiry time.Duration) (string, error)
	// Close releases what the store holds (idle connections).
	Close() error
}

// Info describes a stored object.
type Info struct {
	Size    int64
	ModTime time.Time
	// ETag is the object's entity tag, quoted, ready for the ETag header:
	// it changes whenever the object does.
	ETag string
}

var (
	// ErrNotExist says there is no object at the key.
	ErrNotExist = fs.ErrNotExist
	// ErrNoSignedURL says the store cannot presign URLs (files).
	ErrNoSignedURL = errors.New("storage: this store has no signed URLs")
)

// Extension returns a format's file extension.
func Extension(format string) string {
	switch format {
	case "png":
		return "png"
	case "html":
		return "html"
	case "docx":
		return "docx"
	case "odt":
		return "odt"
	default:
		return "pdf"
	}
}

// ContentType is the media type of a key's extension.
func ContentType(key string) string {
	switch {
	case strings.HasSuffix(key, ".png"):
		return "image/png"
	case strings.HasSuffix(key, ".html"):
		return "text/html; charset=utf-8"
	case strings.HasSuffix(key, ".pdf"):
		return "application/pdf"
	case strings.HasSuffix(key, ".docx"):
		return paprika.TypeDOCX
	case strings.HasSuffix(key, ".odt"):
		return paprika.TypeODT
	default:
		return "application/octet-stream"
	}
}

// JobKey is where a job's output lives: outputs/TENANT/jobs/ID.pdf.
func JobKey(tenantID string, id uuid.UUID, format string) string {
	return TenantPrefix(tenantID) + "jobs/" + id.String() + "." + Extension(format)
}

// ItemKey is where a claimed item's output lives: its job's (JobKey) or
// its record's (RecordKey).
func ItemKey(it *paprika.Item, format string) string {
	if it.Kind == paprika.KindRecord {
		return RecordKey(it.TenantID, it.BatchID, it.Index, format)
	}
	return JobKey(it.TenantID, it.JobID, format)
}

// RecordKey is where a batch record's output lives; records are named by
// their index, zero-padded, as in the batch's ZIP.
func RecordKey(tenantID string, batchID uuid.UUID, index int, format string) string {
	return BatchPrefix(tenantID, batchID) + RecordName(index, format)
}

// BatchPrefix holds every record output of a batch.
func BatchPrefix(tenantID string, batchID uuid.UUID) string {
	return TenantPrefix(tenantID) + "batches/" + batchID.String() + "/"
}

// TenantPrefix holds every output of a tenant (the sweeper deletes it when
// the tenant is purged).
func TenantPrefix(tenantID string) string {
	return "outputs/" + tenantID + "/"
}

// RecordName is a record's file name: 000001.pdf.
func RecordName(index int, format string) string {
	return fmt.Sprintf("%06d.%s", index, Extension(format))
}

// keySegment says whether p may be one slash-separated part of a key: 1 to
// 100 of [a-z0-9.-], starting with a letter or digit, without "..". The
// ids and names above produce nothing else. (A regular expression did the
// same at 3% of a worker's CPU in bench/scheduler, a check for every output.)
func keySegment(p string) bool {
	if len(p) == 0 || len(p) > 100 || strings.Contains(p, "..") {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case (c == '.' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

// checkKey refuses a key (or, with prefix, a prefix ending in a slash) that
// the functions above cannot have built, so that no mistake upstream can
// reach outside outputs/ or into another tenant's folder.
func checkKey(key string, prefix bool) error {
	body := key
	if prefix {
		var ok bool
		if body, ok = strings.CutSuffix(key, "/"); !ok {
			return fmt.Errorf("storage: prefix %q does not end in /", key)
		}
	}
	rest, ok := strings.CutPrefix(body, "outputs/")
	if !ok {
		return fmt.Errorf("storage: key %q is not under outputs/", key)
	}
	for {
		p, more, found := strings.Cut(rest, "/")
		if !keySegment(p) {
			return fmt.Errorf("storage: key %q has a part %q no output key has", key, p)
		}
		if !found {
			return nil
		}
		rest = more
	}
}
