package api

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// busyWait is how long a synchronous render that finds every slot taken
// waits for one before it is answered busy. A slot freed meanwhile goes to
// one of the renders waiting, whichever wins the race, so that a client
// retrying at once, without honouring Retry-After, does not take every slot
// freed from clients that do; and such a client's retries come at most
// every busyWait on each of its connections, so that they cost next to
// nothing (bench/storm, docs/performance.md). It is short: no line of
// requests forms behind the slots.
const busyWait = 50 * time.Millisecond

// renderSlots are this process's synchronous render slots (PAPRIKA_WORKERS).
type renderSlots struct {
	ch    chan struct{}
	mu    sync.Mutex
	freed chan struct{} // closed, and replaced, whenever a slot is given back

	waiting atomic.Int32 // renders waiting for a slot now (for the tests)
}

func newRenderSlots(n int) *renderSlots {
	return &renderSlots{ch: make(chan struct{}, max(n, 1)), freed: make(chan struct{})}
}

// full reports whether every slot is taken now.
func (s *renderSlots) full() bool { return len(s.ch) == cap(s.ch) }

// waitFree waits until a slot is free, without taking it, and reports
// whether one was before deadline (or ctx's end).
func (s *renderSlots) waitFree(ctx context.Context, deadline time.Time) bool {
	return s.wait(ctx, deadline, func() bool { return !s.full() })
}

// take takes a slot, waiting for one until deadline (or ctx's end), and
// reports whether it did.
func (s *renderSlots) take(ctx context.Context, deadline time.Time) bool {
	return s.wait(ctx, deadline, func() bool {
		select {
		case s.ch <- struct{}{}:
			return true
		default:
			return false
		}
	})
}

// release gives a slot back and wakes the renders waiting for one.
func (s *renderSlots) release() {
	<-s.ch
	s.mu.Lock()
	close(s.freed)
	s.freed = make(chan struct{})
	s.mu.Unlock()
}

// wait tries until try succeeds, deadline passes or ctx ends, trying again
// each time a slot is given back.
func (s *renderSlots) wait(ctx context.Context, deadline time.Time, try func() bool) bool {
	var timer *time.Timer
	for {
		if try() {
			return true
		}
		s.mu.Lock()
		freed := s.freed
		s.mu.Unlock()
		if try() { // a release between the first try and reading freed
			return true
		}
		if timer == nil {
			d := time.Until(deadline)
			if d <= 0 {
				return false
			}
			timer = time.NewTimer(d)
			defer timer.Stop()
		}
		s.waiting.Add(1)
		select {
		case <-freed:
			s.waiting.Add(-1)
		case <-timer.C:
			s.waiting.Add(-1)
			return try()
		case <-ctx.Done():
			s.waiting.Add(-1)
			return false
		}
	}
}
