package api

import (
	"context"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/render"
)

// A job whose render fails for a reason of the server's (an error naming a
// server path) fails, after its attempts, with a message in the tenant's
// terms; the path goes to the worker's log only.
func TestJobFailureShowsNoServerPath(t *testing.T) {
	t.Parallel()
	fake := &fakeRenderer{fn: func(context.Context, render.Input) (*render.Output, error) {
		return nil, fmt.Errorf("load fonts: %w", &fs.PathError{Op: "open", Path: "/srv/paprika-secret/fonts", Err: syscall.EACCES})
	}}
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme", ScopeRender)
	j := e.postJob(t, key, htmlJob("<p>x</p>", nil))
	e.startWorker(t, fake)
	got := e.waitJob(t, key, j.ID, "failed")
	require.NotNil(t, got.Error)
	require.Equal(t, "render-failed", got.Error.Code)
	require.Equal(t, render.InternalFailure, got.Error.Message)
	require.NotContains(t, got.Error.Message, "/srv")
}
