package storage

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/paprikahq/paprika/internal/config"
)

// S3 keeps outputs in an S3-compatible bucket (s3://), under an optional
// prefix, through minio-go (docs/storage.md says why that library).
type S3 struct {
	client    *minio.Client
	ping      *minio.Client // client's twin that tries once (Ping)
	core      minio.Core    // the calls that answer headers and body at once
	transport *http.Transport
	bucket    string
	prefix    string // "" or ending in /
}

var _ Store = (*S3)(nil)

// NewS3 returns the store cfg describes. It sends nothing: a bucket that
// cannot be reached fails the first call, not the start.
func NewS3(ctx context.Context, cfg config.Storage) (*S3, error) {
	host, secure := "s3.amazonaws.com", true
	if cfg.Endpoint != "" {
		u, err := url.Parse(cfg.Endpoint)
		if err != nil {
			return nil, &config.Error{Var: "PAPRIKA_STORAGE_URL", Reason: "endpoint: " + err.Error()}
		}
		host, secure = u.Host, u.Scheme == "https"
	}
	tr, err := s3Transport(secure, cfg.CABundle)
	if err != nil {
		return nil, err
	}
	creds := credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, cfg.SessionToken)
	if cfg.AccessKeyID == "" {
		// AWS's chain, as far as an S3 client needs it: the environment, the
		// shared credentials file, then the instance's or task's role (EC2
		// and ECS metadata, or web identity with AWS_WEB_IDENTITY_TOKEN_FILE).
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{},
			&credentials.FileAWSCredentials{},
			&credentials.IAM{Client: &http.Client{Transport: tr, Timeout: 10 * time.Second}},
		})
	}
	lookup := minio.BucketLookupDNS
	if cfg.PathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(host, &minio.Options{Creds: creds, Secure: secure, Region: cfg.Region,
		BucketLookup: lookup, Transport: tr})
	if err != nil {
		return nil, &config.Error{Var: "PAPRIKA_STORAGE_URL", Reason: err.Error()}
	}
	// Pings try once: minio-go retries a refused connection for ~10 s,
	// and a health check must answer at once.
	pingClient, err := minio.New(host, &minio.Options{Creds: creds, Secure: secure, Region: cfg.Region,
		BucketLookup: lookup, Transport: tr, MaxRetries: 1})
	if err != nil {
		return nil, &config.Error{Var: "PAPRIKA_STORAGE_URL", Reason: err.Error()}
	}
	prefix := cfg.Prefix
	if prefix != "" {
		prefix += "/"
	}
	return &S3{client: client, ping: pingClient, core: minio.Core{Client: client}, transport: tr, bucket: cfg.Bucket, prefix: prefix}, nil
}

// s3Transport is the transport of an endpoint over https (secure) or plain
// http, trusting the roots of caBundle (AWS_CA_BUNDLE) beside the
// system's. minio-go's transport has no TLS configuration for http, so
// one is made whenever a bundle is given: the credentials chain (STS, web
// identity) speaks https through this transport even when the bucket's
// endpoint does not. An unreadable bundle is a *config.Error naming
// AWS_CA_BUNDLE, which stops the process at start.
func s3Transport(secure bool, caBundle string) (*http.Transport, error) {
	tr, err := minio.DefaultTransport(secure)
	if err != nil {
		return nil, err
	}
	// A worker stores as many outputs at once as it has slots: keep that
	// many connections open.
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 256, 256
	tr.ResponseHeaderTimeout = time.Minute
	if caBundle == "" {
		return tr, nil
	}
	roots, err := config.CABundle(caBundle)
	if err != nil {
		return nil, err
	}
	if tr.TLSClientConfig == nil {
		tr.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	tr.TLSClientConfig.RootCAs = roots
	return tr, nil
}

func (s *S3) object(key string, prefix bool) (string, error) {
	if err := checkKey(key, prefix); err != nil {
		return "", err
	}
	return s.prefix + key, nil
}

// Put uploads body (one PUT up to 16 MiB, a multipart upload past it); it
// is stored once S3 has answered 200 to the last request.
func (s *S3) Put(ctx context.Context, key string, body []byte) error {
	k, err := s.object(key, false)
	if err != nil {
		return err
	}
	_, err = s.client.PutObject(ctx, s.bucket, k, bytes.NewReader(body), int64(len(body)),
		minio.PutObjectOptions{ContentType: ContentType(key)})
	if err != nil {
		return fmt.Errorf("store output %s: %w", key, err)
	}
	return nil
}

// Stat asks for the object's head.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	k, err := s.object(key, false)
	if err != nil {
		return Info{}, err
	}
	o, err := s.client.StatObject(ctx, s.bucket, k, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s.fail(key, err)
	}
	return s3Info(o), nil
}

func s3Info(o minio.ObjectInfo) Info {
	info := Info{Size: o.Size, ModTime: o.LastModified, ETag: o.ETag}
	switch {
	case info.ETag == "":
		info.ETag = fmt.Sprintf(`"%x-%x"`, info.Size, info.ModTime.UnixNano())
	case !strings.HasPrefix(info.ETag, `"`):
		info.ETag = `"` + info.ETag + `"` // minio-go strips the quotes
	}
	return info
}

// NewRangeReader sends one GET, with a Range unless it reads everything.
func (s *S3) NewRangeReader(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	k, err := s.object(key, false)
	if err != nil {
		return nil, err
	}
	if length == 0 {
		return io.NopCloser(bytes.NewReader(nil)), nil
	}
	var opts minio.GetObjectOptions
	switch {
	case length > 0:
		err = opts.SetRange(offset, offset+length-1)
	case offset > 0:
		err = opts.SetRange(offset, 0) // offset to the end
	}
	if err != nil {
		return nil, err
	}
	body, _, _, err := s.core.GetObject(ctx, s.bucket, k, opts)
	if err != nil {
		return nil, s.fail(key, err)
	}
	return body, nil
}

// Delete removes one object (S3 answers 204 for a missing one too).
func (s *S3) Delete(ctx context.Context, key string) error {
	k, err := s.object(key, false)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, k, minio.RemoveObjectOptions{}); err != nil {
		return s.fail(key, err)
	}
	return nil
}

// DeletePrefix lists the prefix and deletes what it lists, a thousand keys
// a DeleteObjects call.
func (s *S3) DeletePrefix(ctx context.Context, prefix string) error {
	p, err := s.object(prefix, true)
	if err != nil {
		return err
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing when a delete fails
	objects := s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: p, Recursive: true})
	toDelete := make(chan minio.ObjectInfo)
	listed := make(chan error, 1) // the listing's error, once it has stopped
	go func() {
		defer close(toDelete)
		for o := range objects {
			if o.Err != nil {
				listed <- o.Err
				return
			}
			select {
			case toDelete <- o:
			case <-ctx.Done():
				listed <- ctx.Err()
				return
			}
		}
		listed <- nil
	}()
	var first error
	n := 0
	for res := range s.client.RemoveObjectsWithResult(ctx, s.bucket, toDelete, minio.RemoveObjectsOptions{}) {
		if res.Err != nil {
			n++
			if first == nil {
				first = fmt.Errorf("%s: %w", res.ObjectName, res.Err)
				cancel()
			}
		}
	}
	cancel() // the deletes may have stopped early (ctx ended): stop the listing too
	listErr := <-listed
	if first != nil {
		return fmt.Errorf("storage: delete %s: %d objects not deleted, first %w", prefix, n, first)
	}
	if listErr != nil {
		return s.fail(prefix, listErr)
	}
	if err := parent.Err(); err != nil {
		return fmt.Errorf("storage: delete %s: %w", prefix, err) // stopped before the end of the listing
	}
	return nil
}

// SignedURL presigns a GET of the object.
func (s *S3) SignedURL(ctx context.Context, key string, expiry time.Duration) (string, error) {
	k, err := s.object(key, false)
	if err != nil {
		return "", err
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, k, expiry, nil)
	if err != nil {
		return "", s.fail(key, err)
	}
	return u.String(), nil
}

// Close drops the idle connections.
func (s *S3) Close() error {
	s.transport.CloseIdleConnections()
	return nil
}

// fail turns S3's missing key into ErrNotExist and names the key in other
// errors.
func (s *S3) fail(key string, err error) error {
	r := minio.ToErrorResponse(err)
	if r.Code == minio.NoSuchKey || (r.StatusCode == http.StatusNotFound && r.Code != minio.NoSuchBucket) {
		return fmt.Errorf("storage: %s: %w", key, ErrNotExist)
	}
	return fmt.Errorf("storage: %s: %w", key, err)
}
