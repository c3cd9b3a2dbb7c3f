package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/paprikahq/paprika/internal/config"
)

// S3 keeps outputs in an S3-compatible bucket (s3://), under an optional
// prefix, through the AWS SDK for Go v2 (docs/storage.md says why that one).
type S3 struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
	prefix  string // "" or ending in /

	mu         sync.Mutex
	transports []*http.Transport // built by the SDK on first use
}

var _ Store = (*S3)(nil)

// NewS3 returns the store cfg describes. It sends nothing: a bucket that
// cannot be reached fails the first call, not the start.
func NewS3(ctx context.Context, cfg config.Storage) (*S3, error) {
	// Many idle connections per host, because a worker stores as many
	// outputs at once as it has slots; the transport the SDK builds is kept
	// so that Close can let its connections go. (A BuildableClient, not an
	// http.Client: the SDK adds AWS_CA_BUNDLE's roots to it.)
	st := &S3{bucket: cfg.Bucket}
	httpClient := awshttp.NewBuildableClient().
		WithDialerOptions(func(d *net.Dialer) { d.Timeout = 10 * time.Second }).
		WithTransportOptions(func(tr *http.Transport) {
			tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 256, 256
			tr.ResponseHeaderTimeout = time.Minute
			st.mu.Lock()
			st.transports = append(st.transports, tr)
			st.mu.Unlock()
		})
	opts := []func(*awsconfig.LoadOptions) error{
		awsconfig.WithHTTPClient(httpClient),
		// Checksums only where the API requires them (DeleteObjects): the
		// SDK's newer default sends CRC32 trailers that several
		// S3-compatible servers refuse. SigV4 signs the payload's SHA-256 anyway.
		awsconfig.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
		awsconfig.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
	}
	if cfg.Region != "" {
		opts = append(opts, awsconfig.WithRegion(cfg.Region))
	}
	if cfg.AccessKeyID != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(cfg.AccessKeyID, cfg.SecretAccessKey, cfg.SessionToken)))
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("PAPRIKA_STORAGE_URL: %w", err)
	}
	if awsCfg.Region == "" {
		awsCfg.Region = "us-east-1" // what most S3-compatible servers expect when told nothing
	}
	client := s3.NewFromConfig(awsCfg, func(o *s3.Options) {
		if cfg.Endpoint != "" {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
		}
		o.UsePathStyle = cfg.PathStyle
	})
	prefix := cfg.Prefix
	if prefix != "" {
		prefix += "/"
	}
	st.client, st.presign, st.prefix = client, s3.NewPresignClient(client), prefix
	return st, nil
}

func (s *S3) object(key string, prefix bool) (*string, error) {
	if err := checkKey(key, prefix); err != nil {
		return nil, err
	}
	return aws.String(s.prefix + key), nil
}

// Put uploads body in one PUT; it is stored once S3 answers 200.
func (s *S3) Put(ctx context.Context, key string, body []byte) error {
	k, err := s.object(key, false)
	if err != nil {
		return err
	}
	_, err = s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: &s.bucket, Key: k, Body: bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))), ContentType: aws.String(ContentType(key)),
	})
	if err != nil {
		return fmt.Errorf("store output: %w", err)
	}
	return nil
}

// Stat asks for the object's head.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	k, err := s.object(key, false)
	if err != nil {
		return Info{}, err
	}
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: k})
	if err != nil {
		return Info{}, s.fail(key, err)
	}
	info := Info{Size: aws.ToInt64(out.ContentLength), ETag: aws.ToString(out.ETag), ModTime: aws.ToTime(out.LastModified)}
	if info.ETag == "" {
		info.ETag = fmt.Sprintf(`"%x-%x"`, info.Size, info.ModTime.UnixNano())
	}
	return info, nil
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
	in := &s3.GetObjectInput{Bucket: &s.bucket, Key: k}
	switch {
	case length > 0:
		in.Range = aws.String("bytes=" + strconv.FormatInt(offset, 10) + "-" + strconv.FormatInt(offset+length-1, 10))
	case offset > 0:
		in.Range = aws.String("bytes=" + strconv.FormatInt(offset, 10) + "-")
	}
	out, err := s.client.GetObject(ctx, in)
	if err != nil {
		return nil, s.fail(key, err)
	}
	return out.Body, nil
}

// Delete removes one object (S3 answers 204 for a missing one too).
func (s *S3) Delete(ctx context.Context, key string) error {
	k, err := s.object(key, false)
	if err != nil {
		return err
	}
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: k}); err != nil {
		return s.fail(key, err)
	}
	return nil
}

// DeletePrefix lists the prefix a thousand keys at a time and deletes each
// page in one DeleteObjects call.
func (s *S3) DeletePrefix(ctx context.Context, prefix string) error {
	p, err := s.object(prefix, true)
	if err != nil {
		return err
	}
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: p})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return s.fail(prefix, err)
		}
		if len(page.Contents) == 0 {
			continue
		}
		ids := make([]types.ObjectIdentifier, len(page.Contents))
		for i, o := range page.Contents {
			ids[i] = types.ObjectIdentifier{Key: o.Key}
		}
		out, err := s.client.DeleteObjects(ctx, &s3.DeleteObjectsInput{Bucket: &s.bucket,
			Delete: &types.Delete{Objects: ids, Quiet: aws.Bool(true)}})
		if err != nil {
			return s.fail(prefix, err)
		}
		if len(out.Errors) > 0 {
			e := out.Errors[0]
			return fmt.Errorf("storage: delete %s: %d objects not deleted, first %s: %s %s",
				prefix, len(out.Errors), aws.ToString(e.Key), aws.ToString(e.Code), aws.ToString(e.Message))
		}
	}
	return nil
}

// SignedURL presigns a GET of the object.
func (s *S3) SignedURL(ctx context.Context, key string, expiry time.Duration) (string, error) {
	k, err := s.object(key, false)
	if err != nil {
		return "", err
	}
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: k}, s3.WithPresignExpires(expiry))
	if err != nil {
		return "", err
	}
	return req.URL, nil
}

// Close drops the idle connections.
func (s *S3) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, tr := range s.transports {
		tr.CloseIdleConnections()
	}
	return nil
}

// fail turns S3's 404 into ErrNotExist and names the key in other errors.
func (s *S3) fail(key string, err error) error {
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.HTTPStatusCode() == http.StatusNotFound {
		var nb *types.NoSuchBucket
		if !errors.As(err, &nb) {
			return fmt.Errorf("storage: %s: %w", key, ErrNotExist)
		}
	}
	return fmt.Errorf("storage: %s: %w", key, err)
}
