package api

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
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
//
// One tenant never holds every slot: the last free slot goes only to a
// tenant that holds none, so that a tenant streaming renders cannot keep
// the others out; it holds at most all slots but one. With one slot that
// slot is always the last: any tenant may take it when it is free (nobody
// else holds one then), and a tenant holding it never holds a second.
type renderSlots struct {
	n int

	mu    sync.Mutex
	used  int            // slots taken now
	held  map[string]int // slots taken now, by tenant (only tenants holding one)
	freed chan struct{}  // closed, and replaced, whenever a slot is given back

	waiting atomic.Int32 // renders waiting for a slot now (for the tests)
}

func newRenderSlots(n int) *renderSlots {
	return &renderSlots{n: max(n, 1), held: map[string]int{}, freed: make(chan struct{})}
}

// full reports whether every slot is taken now.
func (s *renderSlots) full() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used == s.n
}

// open reports whether tenant may take a slot now: a tenant holding one
// may take any but the last free one. An unknown tenant ("": its key not
// looked up yet) may take any free slot.
func (s *renderSlots) open(tenant string) bool {
	free := s.n - s.used
	return free > 1 || (free == 1 && (tenant == "" || s.held[tenant] == 0))
}

// errBusyLast is the answer to a tenant holding slots when only the last is
// free: it is kept for the other tenants (renderSlots).
var errBusyLast = &paprika.Error{Code: paprika.CodeBusy, RetryAfter: 1,
	Message: "Busy: your renders hold every render slot but the last, which is kept for other tenants; retry shortly or queue a job"}

// busyError is the busy answer to tenant's render.
func (s *renderSlots) busyError(tenant string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if tenant != "" && s.held[tenant] > 0 && s.used < s.n {
		return errBusyLast
	}
	return errBusy
}

// waitFree waits until tenant may take a slot, without taking it, and
// reports whether it could before deadline (or ctx's end). tenant is ""
// when the request's key is not known yet: any free slot will do.
func (s *renderSlots) waitFree(ctx context.Context, deadline time.Time, tenant string) bool {
	return s.wait(ctx, deadline, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.open(tenant)
	})
}

// take takes a slot for tenant, waiting for one it may take until deadline
// (or ctx's end), and reports whether it did.
func (s *renderSlots) take(ctx context.Context, deadline time.Time, tenant string) bool {
	return s.wait(ctx, deadline, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.open(tenant) {
			return false
		}
		s.used++
		s.held[tenant]++
		return true
	})
}

// release gives tenant's slot back and wakes the renders waiting for one.
func (s *renderSlots) release(tenant string) {
	s.mu.Lock()
	s.used--
	if s.held[tenant]--; s.held[tenant] <= 0 {
		delete(s.held, tenant)
	}
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
