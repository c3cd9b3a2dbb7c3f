package storage

import (
	"crypto/tls"
	"encoding/pem"
	"errors"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/s3test"
)

// writePEM writes the certificate of a TLS test server as a CA bundle.
func writePEM(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ca.pem")
	b := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	require.NoError(t, os.WriteFile(path, b, 0o600))
	return path
}

// TestS3TransportAnyEndpoint: the store is made for an http and an https
// endpoint with AWS_CA_BUNDLE set or not (a bundle over plain http once
// crashed the start: minio-go's http transport has no TLS configuration),
// and stores and reads through each. Over https the bundle is what makes
// the endpoint's private CA trusted.
func TestS3TransportAnyEndpoint(t *testing.T) {
	t.Parallel()
	bucket := s3test.NewBucket(t)
	// An https endpoint with a certificate of its own CA, in front of the
	// test's S3 server.
	target, err := url.Parse(bucket.Endpoint)
	require.NoError(t, err)
	tlsFront := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(target))
	t.Cleanup(tlsFront.Close)
	bundle := writePEM(t, tlsFront)
	for _, c := range []struct {
		name     string
		endpoint string
		bundle   string
		ok       bool
	}{
		{"http without a bundle", bucket.Endpoint, "", true},
		{"http with a bundle", bucket.Endpoint, bundle, true},
		{"https with the endpoint's CA", tlsFront.URL, bundle, true},
		{"https without the endpoint's CA", tlsFront.URL, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := bucket
			cfg.Endpoint, cfg.CABundle = c.endpoint, c.bundle
			s, err := NewS3(t.Context(), cfg)
			require.NoError(t, err)
			defer s.Close()
			key := JobKey("acme", uuid.New(), "html")
			err = s.Put(t.Context(), key, []byte("<p>tls</p>"))
			if !c.ok {
				require.Error(t, err)
				require.Contains(t, err.Error(), "certificate")
				return
			}
			require.NoError(t, err)
			require.Equal(t, "<p>tls</p>", string(read(t, s, key, 0, -1)))
		})
	}
}

// TestS3TransportBundleRefused: a bundle that cannot be read, or holds no
// certificate, is a configuration error naming AWS_CA_BUNDLE, for either
// scheme, and nothing is sent.
func TestS3TransportBundleRefused(t *testing.T) {
	t.Parallel()
	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	require.NoError(t, os.WriteFile(notPEM, []byte("not a certificate\n"), 0o600))
	for _, secure := range []bool{false, true} {
		for _, path := range []string{filepath.Join(t.TempDir(), "missing.pem"), notPEM, t.TempDir()} {
			_, err := s3Transport(secure, path)
			var ce *config.Error
			require.True(t, errors.As(err, &ce), "%v", err)
			require.Equal(t, "AWS_CA_BUNDLE", ce.Var)
		}
	}
	tr, err := s3Transport(false, "")
	require.NoError(t, err)
	require.Nil(t, tr.TLSClientConfig, "plain http without a bundle needs no TLS configuration")
	tr, err = s3Transport(true, "")
	require.NoError(t, err)
	require.NotNil(t, tr.TLSClientConfig)
	require.GreaterOrEqual(t, tr.TLSClientConfig.MinVersion, uint16(tls.VersionTLS12))
}
