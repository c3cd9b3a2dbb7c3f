package config

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func TestSecretKey(t *testing.T) {
	t.Parallel()
	env := func(key string) func(string) string {
		return func(k string) string {
			return map[string]string{"PAPRIKA_DATABASE_URL": "postgres://localhost/paprika", "PAPRIKA_SECRET_KEY": key}[k]
		}
	}
	c, err := Load(RoleWorker, env(""))
	if err != nil || c.SecretKey != nil {
		t.Fatalf("unset: %v, %v", c, err)
	}
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	c, err = Load(RoleWorker, env(base64.StdEncoding.EncodeToString(raw)))
	if err != nil || c.SecretKey == nil {
		t.Fatalf("a good key: %v", err)
	}
	for _, bad := range []string{"tooShortAKey", base64.StdEncoding.EncodeToString(raw[:31]), "not base64 at all!"} {
		_, err := Load(RoleWorker, env(bad))
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != "PAPRIKA_SECRET_KEY" {
			t.Fatalf("%q: %v, want a config error naming PAPRIKA_SECRET_KEY", bad, err)
		}
		if strings.Contains(err.Error(), bad) {
			t.Errorf("the error %q shows the key", err)
		}
	}
}
