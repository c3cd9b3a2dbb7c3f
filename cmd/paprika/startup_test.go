package main

import (
	"bytes"
	"context"
	"encoding/pem"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/s3test"
)

// runChild runs `paprika command` in a process of its own with vars as its
// whole environment, and returns its exit status and what it wrote, failing
// the test if it has not exited within 60 s.
func runChild(t *testing.T, command string, vars map[string]string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = []string{childCommand + "=" + command, "PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	require.NoError(t, ctx.Err(), "paprika %s did not exit within 60 s:\n%s", command, errOut.String())
	var exit *exec.ExitError
	if err != nil {
		require.True(t, errors.As(err, &exit), "%v", err)
		code = exit.ExitCode()
	}
	return code, out.String(), errOut.String()
}

// requireNoCrash: nothing a process wrote is a panic or a stack trace.
func requireNoCrash(t *testing.T, stderr string) {
	t.Helper()
	for _, s := range []string{"panic", "goroutine ", "SIGSEGV", ".go:"} {
		require.NotContains(t, stderr, s)
	}
}

// TestStartsInAnyEnvironment starts `paprika api` and `paprika worker` under
// combinations of PAPRIKA_STORAGE_URL and the AWS variables. Each either
// starts (its /healthz answers 200) or stops at once with exit status 2 and
// one line naming the variable at fault; none crashes. AWS_CA_BUNDLE beside
// an http endpoint (a local MinIO) once crashed both with a nil pointer.
func TestStartsInAnyEnvironment(t *testing.T) {
	t.Parallel()
	bucket := s3test.NewBucket(t)
	db := pgtest.NewDB(t)
	dir := t.TempDir()
	tlsSrv := httptest.NewTLSServer(http.NotFoundHandler()) // only its certificate is used
	tlsSrv.Close()
	validPEM := filepath.Join(dir, "ca.pem")
	require.NoError(t, os.WriteFile(validPEM, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: tlsSrv.Certificate().Raw}), 0o600))
	notPEM := filepath.Join(dir, "not.pem")
	require.NoError(t, os.WriteFile(notPEM, []byte("not a certificate\n"), 0o600))
	missing := filepath.Join(dir, "missing.pem")
	httpS3 := s3test.URL(bucket)
	httpsS3 := "s3://" + bucket.Bucket + "?endpoint=https://127.0.0.1:9&region=us-east-1&pathStyle=true" // never reached at start
	creds := map[string]string{"AWS_ACCESS_KEY_ID": bucket.AccessKeyID, "AWS_SECRET_ACCESS_KEY": bucket.SecretAccessKey}

	for _, c := range []struct {
		name     string
		vars     map[string]string
		variable string // "" when it starts
		worker   bool   // the worker too (it starts Chromium: only some cases)
	}{
		{"files", map[string]string{"PAPRIKA_STORAGE_URL": "file://" + t.TempDir()}, "", true},
		{"files, AWS variables beside", map[string]string{"PAPRIKA_STORAGE_URL": "file://" + t.TempDir(), "AWS_CA_BUNDLE": missing, "AWS_REGION": "eu-west-1"}, "", false},
		{"s3 over http", with(creds, "PAPRIKA_STORAGE_URL", httpS3), "", false},
		{"s3 over http, a CA bundle", with(with(creds, "PAPRIKA_STORAGE_URL", httpS3), "AWS_CA_BUNDLE", validPEM), "", true},
		{"s3 over http, a CA bundle, AWS_REGION", with(with(with(creds, "PAPRIKA_STORAGE_URL", httpS3), "AWS_CA_BUNDLE", validPEM), "AWS_REGION", "eu-west-1"), "", false},
		{"s3 over http, no keys (AWS's chain)", map[string]string{"PAPRIKA_STORAGE_URL": httpS3, "AWS_CA_BUNDLE": validPEM}, "", false},
		{"s3 over https, a CA bundle", with(with(creds, "PAPRIKA_STORAGE_URL", httpsS3), "AWS_CA_BUNDLE", validPEM), "", true},
		{"s3 over https, no bundle", with(creds, "PAPRIKA_STORAGE_URL", httpsS3), "", false},
		{"s3 over http, a missing CA bundle", with(with(creds, "PAPRIKA_STORAGE_URL", httpS3), "AWS_CA_BUNDLE", missing), "AWS_CA_BUNDLE", true},
		{"s3 over https, a missing CA bundle", with(with(creds, "PAPRIKA_STORAGE_URL", httpsS3), "AWS_CA_BUNDLE", missing), "AWS_CA_BUNDLE", true},
		{"s3 over https, a bundle of no certificate", with(with(creds, "PAPRIKA_STORAGE_URL", httpsS3), "AWS_CA_BUNDLE", notPEM), "AWS_CA_BUNDLE", true},
		{"s3 over https, a folder as bundle", with(with(creds, "PAPRIKA_STORAGE_URL", httpsS3), "AWS_CA_BUNDLE", dir), "AWS_CA_BUNDLE", false},
		{"s3, a key id without its secret", map[string]string{"PAPRIKA_STORAGE_URL": httpS3, "AWS_ACCESS_KEY_ID": "AKIA0"}, "AWS_SECRET_ACCESS_KEY", true},
		{"storage URL malformed", map[string]string{"PAPRIKA_STORAGE_URL": "s3://Not_A_Bucket"}, "PAPRIKA_STORAGE_URL", true},
		{"storage endpoint malformed", map[string]string{"PAPRIKA_STORAGE_URL": "s3://outputs?endpoint=minio:9000"}, "PAPRIKA_STORAGE_URL", true},
		{"storage of no known kind", map[string]string{"PAPRIKA_STORAGE_URL": "minio://outputs"}, "PAPRIKA_STORAGE_URL", false},
	} {
		for _, command := range []string{"api", "worker"} {
			if command == "worker" && !c.worker {
				continue
			}
			t.Run(command+": "+c.name, func(t *testing.T) {
				vars := with(c.vars, "PAPRIKA_DATABASE_URL", db)
				vars = with(vars, "PAPRIKA_ADMIN_TOKEN", adminToken)
				vars = with(vars, "PORT", "0")
				vars = with(vars, "PAPRIKA_DATA_DIR", t.TempDir())
				vars = with(vars, "PAPRIKA_WORKERS", "1")
				if c.variable != "" {
					code, stdout, stderr := runChild(t, command, vars)
					requireOneLine(t, code, stderr, command, c.variable)
					require.Empty(t, stdout)
					return
				}
				p := startChild(t, command, vars)
				h := &serving{client: &http.Client{Timeout: 10 * time.Second}}
				h.waitHealthy(t, p.url(t)+"/healthz")
				requireNoCrash(t, p.stderr.String())
			})
		}
	}
}

// with returns a copy of vars with k set to v.
func with(vars map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for key, val := range vars {
		if key != k {
			out[key] = val
		}
	}
	return out
}

// waitHealthy polls url until it answers 200, for up to 60 s.
func (s *serving) waitHealthy(t *testing.T, url string) {
	t.Helper()
	s.waitOK(t, url, 60*time.Second)
}

// TestHelpStartsNothing: --help (and -h) on every command prints its help on
// stdout and exits 0, with no configuration at all: had the command started,
// it would have stopped on the missing PAPRIKA_DATABASE_URL (or, for dev,
// started a PostgreSQL and printed its welcome instead).
func TestHelpStartsNothing(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"api", "--help"}, {"api", "-h"}, {"worker", "--help"}, {"worker", "-h"}, {"dev", "--help"}, {"dev", "-h"},
		{"migrate", "--help"}, {"render", "--help"}, {"render", "-h"}, {"version", "--help"},
		{"tenants", "--help"}, {"tenants", "create", "--help"}, {"keys", "--help"}, {"scheduler", "--help"},
		{"templates", "--help"}, {"completion", "--help"}, {"help"}, {"--help"},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		var out, errOut bytes.Buffer
		dataDir := t.TempDir()
		code := run(ctx, args, getenv(map[string]string{"PAPRIKA_DATA_DIR": dataDir}), &out, &errOut)
		cancel()
		require.Zero(t, code, "%v: %s", args, errOut.String())
		require.Empty(t, errOut.String(), "%v", args)
		require.Contains(t, strings.ToLower(out.String()), "usage:", "%v", args)
		if args[0] != "help" && args[0] != "--help" && !cliCommands[args[0]] {
			require.Contains(t, out.String(), "usage: paprika "+args[0], "%v", args)
		}
		entries, err := os.ReadDir(dataDir)
		require.NoError(t, err)
		require.Empty(t, entries, "%v wrote to its data dir: it started", args)
	}
	// An argument a process command does not take is a usage error, one line.
	code, stdout, stderr := runCmd(t, nil, "api", "--port", "80")
	require.Equal(t, exitConfig, code)
	require.Empty(t, stdout)
	require.Equal(t, "paprika api: takes no arguments, not \"--port 80\" (paprika api --help)\n", stderr)
}
