package config

import (
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// caBundle writes a PEM file of one certificate (a TLS test server's) and
// returns its path.
func caBundle(t *testing.T) string {
	t.Helper()
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	srv.Close() // only its certificate is used
	path := filepath.Join(t.TempDir(), "ca.pem")
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600))
	return path
}

func TestStorageURL(t *testing.T) {
	t.Parallel()
	load := func(m map[string]string) (*Config, error) {
		m["PAPRIKA_DATABASE_URL"] = "postgres://u:p@localhost/paprika"
		return Load(RoleWorker, env(m))
	}
	c, err := load(map[string]string{"PAPRIKA_DATA_DIR": "/srv/paprika"})
	require.NoError(t, err)
	require.Equal(t, Storage{Kind: StorageFile, Dir: "/srv/paprika"}, c.Storage, "default: file:// + PAPRIKA_DATA_DIR")

	c, err = load(map[string]string{"PAPRIKA_STORAGE_URL": "file://./out"})
	require.NoError(t, err)
	require.Equal(t, "./out", c.Storage.Dir)

	c, err = load(map[string]string{
		"PAPRIKA_STORAGE_URL":      "s3://outputs/paprika/prod/?endpoint=http://minio:9000/&region=eu-1&pathStyle=true",
		"PAPRIKA_STORAGE_REDIRECT": "true",
		"AWS_ACCESS_KEY_ID":        "id", "AWS_SECRET_ACCESS_KEY": "secret",
	})
	require.NoError(t, err)
	require.Equal(t, Storage{Kind: StorageS3, Bucket: "outputs", Prefix: "paprika/prod", Endpoint: "http://minio:9000",
		Region: "eu-1", PathStyle: true, AccessKeyID: "id", SecretAccessKey: "secret", Redirect: true}, c.Storage)

	c, err = load(map[string]string{"PAPRIKA_STORAGE_URL": "s3://outputs"})
	require.NoError(t, err)
	require.Equal(t, Storage{Kind: StorageS3, Bucket: "outputs"}, c.Storage, "AWS itself, credentials from AWS's chain")

	bundle := caBundle(t)
	c, err = load(map[string]string{"PAPRIKA_STORAGE_URL": "s3://outputs", "AWS_REGION": "eu-west-3", "AWS_CA_BUNDLE": bundle})
	require.NoError(t, err)
	require.Equal(t, "eu-west-3", c.Storage.Region)
	require.Equal(t, bundle, c.Storage.CABundle)

	// With files, the AWS variables are not read.
	c, err = load(map[string]string{"PAPRIKA_STORAGE_URL": "file:///data", "AWS_CA_BUNDLE": "/nonexistent/ca.pem"})
	require.NoError(t, err)
	require.Empty(t, c.Storage.CABundle)

	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	require.NoError(t, os.WriteFile(notPEM, []byte("not a certificate\n"), 0o600))

	bad := []struct {
		env      map[string]string
		variable string
		says     string
	}{
		{map[string]string{"PAPRIKA_STORAGE_URL": "/data"}, "PAPRIKA_STORAGE_URL", "file:///PATH"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "file://"}, "PAPRIKA_STORAGE_URL", "folder"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "ftp://x"}, "PAPRIKA_STORAGE_URL", "not one of"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "gs://bucket"}, "PAPRIKA_STORAGE_URL", "not built in"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://Bad_Bucket"}, "PAPRIKA_STORAGE_URL", "bucket"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b/../x"}, "PAPRIKA_STORAGE_URL", "prefix"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b/a//x"}, "PAPRIKA_STORAGE_URL", "prefix"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://id:secret@b1b"}, "PAPRIKA_STORAGE_URL", "credentials"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b?endpoint=minio:9000"}, "PAPRIKA_STORAGE_URL", "endpoint"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b?pathStyle=yes please"}, "PAPRIKA_STORAGE_URL", "pathStyle"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b?endpoint=http://gw:7070/s3"}, "PAPRIKA_STORAGE_URL", "of a host"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b?use_path_style=true"}, "PAPRIKA_STORAGE_URL", "unknown parameter"},
		{map[string]string{"PAPRIKA_STORAGE_REDIRECT": "true"}, "PAPRIKA_STORAGE_REDIRECT", "s3://"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b", "PAPRIKA_STORAGE_REDIRECT": "maybe"}, "PAPRIKA_STORAGE_REDIRECT", "true or false"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b", "AWS_ACCESS_KEY_ID": "id"}, "AWS_SECRET_ACCESS_KEY", "both"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b", "AWS_CA_BUNDLE": "/nonexistent/ca.pem"}, "AWS_CA_BUNDLE", "cannot be read"},
		{map[string]string{"PAPRIKA_STORAGE_URL": "s3://b1b?endpoint=http://minio:9000", "AWS_CA_BUNDLE": notPEM}, "AWS_CA_BUNDLE", "holds no PEM certificate"},
	}
	for _, b := range bad {
		_, err := load(b.env)
		var ce *Error
		require.ErrorAs(t, err, &ce, b.env)
		require.Equal(t, b.variable, ce.Var, b.env)
		require.Contains(t, ce.Reason, b.says, b.env)
	}
}
