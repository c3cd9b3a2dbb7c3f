package config

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Storage kinds of PAPRIKA_STORAGE_URL (docs/storage.md).
const (
	StorageFile = "file"
	StorageS3   = "s3"
)

// Storage is where outputs live: PAPRIKA_STORAGE_URL and
// PAPRIKA_STORAGE_REDIRECT, parsed, with the S3 credentials when the
// environment names them.
type Storage struct {
	Kind string // StorageFile or StorageS3

	Dir string // file: the folder outputs/ lives in

	Bucket    string // s3
	Prefix    string // s3: a folder of the bucket, without slashes at either end; may be empty
	Endpoint  string // s3: an http(s) URL; empty for AWS's own
	Region    string // s3: region=, else AWS_REGION or AWS_DEFAULT_REGION; empty asks the bucket's location
	PathStyle bool   // s3: bucket in the path (MinIO, versitygw, Ceph) rather than in the host name

	// AccessKeyID and SecretAccessKey are AWS_ACCESS_KEY_ID and
	// AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) when both are set;
	// otherwise AWS's default chain finds credentials (the shared
	// credentials file, web identity, the instance's or task's role).
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string
	// CABundle is AWS_CA_BUNDLE: a PEM file of roots trusted beside the
	// system's, for an endpoint with a private CA.
	CABundle string

	// Redirect answers downloads with 302 to a presigned URL (s3 only).
	Redirect bool
}

var (
	bucketName  = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)
	prefixChars = regexp.MustCompile(`^[A-Za-z0-9._/-]*$`)
)

// loadStorage reads PAPRIKA_STORAGE_URL (default file:// + dataDir) and
// PAPRIKA_STORAGE_REDIRECT.
func loadStorage(getenv func(string) string, dataDir string) (Storage, error) {
	const name = "PAPRIKA_STORAGE_URL"
	s, err := ParseStorageURL(strings.TrimSpace(getenv(name)), dataDir)
	if err != nil {
		return Storage{}, &Error{Var: name, Reason: err.Error()}
	}
	if v := getenv("PAPRIKA_STORAGE_REDIRECT"); v != "" {
		if s.Redirect, err = strconv.ParseBool(v); err != nil {
			return Storage{}, &Error{Var: "PAPRIKA_STORAGE_REDIRECT", Reason: fmt.Sprintf("must be true or false, not %q", v)}
		}
	}
	if s.Redirect && s.Kind != StorageS3 {
		return Storage{}, &Error{Var: "PAPRIKA_STORAGE_REDIRECT",
			Reason: "needs an s3:// PAPRIKA_STORAGE_URL: files have no presigned URLs to redirect to"}
	}
	if s.Kind == StorageS3 {
		id, secret := getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY")
		if (id == "") != (secret == "") {
			return Storage{}, &Error{Var: "AWS_SECRET_ACCESS_KEY", Reason: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither"}
		}
		s.AccessKeyID, s.SecretAccessKey, s.SessionToken = id, secret, getenv("AWS_SESSION_TOKEN")
		s.CABundle = getenv("AWS_CA_BUNDLE")
		if s.CABundle != "" {
			// Read now so that a bundle that is missing or holds no
			// certificate stops the process at start, before the database.
			if _, err := CABundle(s.CABundle); err != nil {
				return Storage{}, err
			}
		}
		for _, v := range []string{"AWS_REGION", "AWS_DEFAULT_REGION"} {
			if s.Region == "" {
				s.Region = getenv(v)
			}
		}
	}
	return s, nil
}

// ParseStorageURL parses a PAPRIKA_STORAGE_URL; an empty one is file://
// dataDir. The error says what is wrong without the variable's name.
func ParseStorageURL(raw, dataDir string) (Storage, error) {
	if raw == "" {
		return Storage{Kind: StorageFile, Dir: dataDir}, nil
	}
	scheme, _, ok := strings.Cut(raw, "://")
	if !ok {
		return Storage{}, errors.New("must be file:///PATH or s3://BUCKET/PREFIX?endpoint=URL&region=R&pathStyle=true")
	}
	switch strings.ToLower(scheme) {
	case StorageFile:
		// Everything after file:// is the path, so that file://./data (the
		// default in dev) means what it says.
		dir, err := url.PathUnescape(strings.TrimPrefix(raw[len(scheme):], "://"))
		if err != nil || dir == "" || strings.ContainsAny(dir, "?#") {
			return Storage{}, errors.New("must name a folder, like file:///data")
		}
		return Storage{Kind: StorageFile, Dir: dir}, nil
	case StorageS3:
		return parseS3(raw)
	case "gs", "azblob":
		return Storage{}, fmt.Errorf("%s:// is not built in; Google Cloud Storage and Azure (through a gateway) answer the S3 API: use s3:// with their endpoint", scheme)
	default:
		return Storage{}, fmt.Errorf("scheme %q is not one of file://, s3://", scheme)
	}
}

func parseS3(raw string) (Storage, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Storage{}, errors.New("is not a URL: s3://BUCKET/PREFIX?endpoint=URL&region=R&pathStyle=true")
	}
	if u.User != nil {
		return Storage{}, errors.New("must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
	}
	s := Storage{Kind: StorageS3, Bucket: u.Host, Prefix: strings.Trim(u.Path, "/")}
	if !bucketName.MatchString(s.Bucket) {
		return Storage{}, fmt.Errorf("bucket %q is not an S3 bucket name (3–63 of a-z 0-9 . -)", s.Bucket)
	}
	if !prefixChars.MatchString(s.Prefix) || slices.ContainsFunc(strings.Split(s.Prefix, "/"), func(seg string) bool {
		return s.Prefix != "" && (seg == "" || seg == "." || seg == "..")
	}) {
		return Storage{}, fmt.Errorf("prefix %q must be folder names of A-Z a-z 0-9 . _ - separated by /", s.Prefix)
	}
	if u.Fragment != "" {
		return Storage{}, errors.New("must not have a #fragment")
	}
	for key, vals := range u.Query() {
		v := vals[len(vals)-1]
		switch key {
		case "endpoint":
			e, err := url.Parse(v)
			if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" || e.User != nil ||
				strings.Trim(e.Path, "/") != "" || e.RawQuery != "" {
				return Storage{}, fmt.Errorf("endpoint must be an http(s) URL of a host, like http://minio:9000, not %q", v)
			}
			s.Endpoint = strings.TrimRight(v, "/")
		case "region":
			if v == "" || strings.ContainsAny(v, " /") {
				return Storage{}, fmt.Errorf("region %q is not a region name", v)
			}
			s.Region = v
		case "pathStyle":
			if s.PathStyle, err = strconv.ParseBool(v); err != nil {
				return Storage{}, fmt.Errorf("pathStyle must be true or false, not %q", v)
			}
		default:
			return Storage{}, fmt.Errorf("unknown parameter %q: s3:// takes endpoint, region and pathStyle", key)
		}
	}
	return s, nil
}

// CABundle reads AWS_CA_BUNDLE's PEM file into the system's roots (or, where
// the system has none, a pool of its own). A file that cannot be read or
// holds no certificate is an *Error naming AWS_CA_BUNDLE.
func CABundle(path string) (*x509.CertPool, error) {
	const name = "AWS_CA_BUNDLE"
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Var: name, Reason: "cannot be read: " + err.Error()}
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, &Error{Var: name, Reason: fmt.Sprintf("%s holds no PEM certificate", path)}
	}
	return pool, nil
}
