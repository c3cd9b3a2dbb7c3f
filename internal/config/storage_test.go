package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

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

	c, err = load(map[string]string{"PAPRIKA_STORAGE_URL": "s3://outputs", "AWS_REGION": "eu-west-3", "AWS_CA_BUNDLE": "/etc/ca.pem"})
	require.NoError(t, err)
	require.Equal(t, "eu-west-3", c.Storage.Region)
	require.Equal(t, "/etc/ca.pem", c.Storage.CABundle)

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
	}
	for _, b := range bad {
		_, err := load(b.env)
		var ce *Error
		require.ErrorAs(t, err, &ce, b.env)
		require.Equal(t, b.variable, ce.Var, b.env)
		require.Contains(t, ce.Reason, b.says, b.env)
	}
}
