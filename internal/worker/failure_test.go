package worker

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// What a tenant reads of a failure names no server path or address: the
// errors below are the ones the file and s3 stores return.
func TestFailuresSpeakTheTenantsTerms(t *testing.T) {
	t.Parallel()
	write := func(err error) error {
		return fmt.Errorf("store output: %w", &fs.PathError{Op: "write", Path: "/var/lib/paprika/outputs/a/jobs/.tmp-123", Err: err})
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{write(syscall.ENOSPC), "output could not be stored: no space left"},
		{write(syscall.EDQUOT), "output could not be stored: over the storage quota"},
		{write(syscall.EROFS), "output could not be stored: the output store refuses writes"},
		{fmt.Errorf("put s3://b/k: %w", &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 9), Port: 9000}, Err: syscall.ECONNREFUSED}),
			"output could not be stored: the output store cannot be reached"},
		{fmt.Errorf("put s3://b/k: %w", syscall.EPIPE), "output could not be stored: the output store cannot be reached"},
		{errors.New("put /srv/x: something else"), "output could not be stored: the output store failed"},
		{write(syscall.ENOTDIR), "output could not be stored: the output store failed"}, // an Errno is no network error
	} {
		got := storeFailure(tc.err)
		require.Equal(t, tc.want, got)
		require.NotContains(t, got, "/")
	}

	// A render failure that is not the renderer's own *Error (a database or
	// file error met on the way) is render-failed in the tenant's terms.
	code, msg := render.Failure(fmt.Errorf("load template: %w", &fs.PathError{Op: "open", Path: "/srv/paprika/tpl", Err: syscall.EACCES}))
	require.Equal(t, paprika.CodeRenderFailed, code)
	require.Equal(t, render.InternalFailure, msg)
	require.NotContains(t, msg, "/srv")
	code, msg = render.Failure(&paprika.Error{Code: paprika.CodeTemplateError, Message: "line 2: unknown helper"})
	require.Equal(t, paprika.CodeTemplateError, code)
	require.Equal(t, "line 2: unknown helper", msg)
}
