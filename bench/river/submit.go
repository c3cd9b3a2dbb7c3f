package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// smallTenants names the small tenants: t0001 … (t0000 is the big one).
func smallTenants(n int) []string {
	ts := make([]string, n)
	for i := range ts {
		ts[i] = fmt.Sprintf("t%04d", i+1)
	}
	return ts
}

const bigTenant = "t0000"

// submitSmall has every tenant submit one job every `every` until ctx ends,
// the tenants staggered evenly over the interval, and returns how many
// jobs were submitted. It stops at the first error.
func submitSmall(ctx context.Context, tenants []string, every time.Duration, submit func(ctx context.Context, tenant string, n int) error) (int, error) {
	var wg sync.WaitGroup
	var count atomic.Int64
	var once sync.Once
	var first error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for i, t := range tenants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Duration(i) * every / time.Duration(len(tenants))):
			}
			tick := time.NewTicker(every)
			defer tick.Stop()
			for n := 1; ; n++ {
				// A submission started in the window completes, even when
				// the window closes meanwhile.
				if err := submit(context.WithoutCancel(ctx), t, n); err != nil {
					once.Do(func() { first = fmt.Errorf("submit for %s: %w", t, err); cancel() })
					return
				}
				count.Add(1)
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
	wg.Wait()
	return int(count.Load()), first
}

// waitFor polls cond every 200 ms until it holds, ctx ends or limit passes.
func waitFor(ctx context.Context, limit time.Duration, cond func(context.Context) (bool, error)) (bool, error) {
	return pollUntil(ctx, limit, 200*time.Millisecond, cond)
}

// pollUntil polls cond every interval until it holds, ctx ends or limit
// passes.
func pollUntil(ctx context.Context, limit, every time.Duration, cond func(context.Context) (bool, error)) (bool, error) {
	deadline := time.Now().Add(limit)
	for {
		ok, err := cond(ctx)
		if err != nil || ok {
			return ok, err
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(every):
		}
	}
}
