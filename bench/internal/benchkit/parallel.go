package benchkit

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// Parallel calls f(ctx, i) for every i below n, width at a time, and
// returns the first error (the calls still running see ctx canceled), or
// ctx's own if it ended first.
func Parallel(ctx context.Context, n, width int, f func(context.Context, int) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(width)
	for i := 0; i < n && gctx.Err() == nil; i++ {
		g.Go(func() error { return f(gctx, i) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}
