package render

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Slots are a process's render slots (PAPRIKA_WORKERS): every render of the
// process runs in one, whether the api renders it synchronously or the
// worker renders it from the queue, so that the two together never run more
// renders at once than there are slots (paprika dev runs both in one
// process). The Engine owns them (Config.Slots, Engine.Slots) and sizes
// Chromium's warm tabs by them; the api and the worker take their slots
// here before they render.
//
// A synchronous render takes its slot with Take, under one rule between
// tenants: one tenant never holds every slot. The last free slot goes only
// to a tenant that holds none (by its synchronous or its queued renders),
// so that a tenant streaming renders cannot keep the others out; it holds
// at most all slots but one. With one slot that slot is always the last:
// any tenant may take it when it is free (nobody else holds one then), and
// a tenant holding it never holds a second.
//
// Queued work takes its slot with TakeQueued, any free slot: the scheduler
// already shares queued work between tenants by their weights, and a worker
// alone in its process must be able to use every slot.
type Slots struct {
	n int

	mu        sync.Mutex
	used      int            // slots taken now
	sync      int            // slots taken now by synchronous renders (Take)
	held      map[string]int // slots taken now, by tenant (only tenants holding one)
	freed     chan struct{}  // closed, and replaced, whenever a slot is given back
	syncFreed chan struct{}  // closed, and replaced, whenever a synchronous render gives its slot back

	waiting atomic.Int32 // renders waiting for a slot now
}

// NewSlots returns n slots (at least one), all free.
func NewSlots(n int) *Slots {
	return &Slots{n: max(n, 1), held: map[string]int{}, freed: make(chan struct{}), syncFreed: make(chan struct{})}
}

// Size is how many slots there are.
func (s *Slots) Size() int { return s.n }

// Free is how many slots nobody holds now.
func (s *Slots) Free() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n - s.used
}

// Waiting is how many renders wait for a slot now.
func (s *Slots) Waiting() int { return int(s.waiting.Load()) }

// QueuedRoom is how many slots queued work may hold now: every slot that
// synchronous renders do not hold. A worker claims work for these (less
// what it holds already), so that it claims no item it cannot render.
func (s *Slots) QueuedRoom() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n - s.sync
}

// SyncFreed is closed when a synchronous render next gives its slot back:
// a worker whose room they took waits for it as well as for its own.
func (s *Slots) SyncFreed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.syncFreed
}

// open reports whether tenant may take a slot now by Take's rule: a tenant
// holding one may take any but the last free one. An unknown tenant ("":
// its key not looked up yet) may take any free slot.
func (s *Slots) open(tenant string) bool {
	free := s.n - s.used
	return free > 1 || (free == 1 && (tenant == "" || s.held[tenant] == 0))
}

// ErrBusy is the answer to a synchronous render when every render slot is
// taken.
var ErrBusy = &paprika.Error{Code: paprika.CodeBusy, Message: "Busy: every render slot is taken; retry shortly or queue a job", RetryAfter: 1}

// ErrBusyLast is the answer to a tenant holding slots when only the last is
// free: it is kept for the other tenants (Slots).
var ErrBusyLast = &paprika.Error{Code: paprika.CodeBusy, RetryAfter: 1,
	Message: "Busy: your renders hold every render slot but the last, which is kept for other tenants; retry shortly or queue a job"}

// Busy is the busy answer to tenant's synchronous render that found no
// slot it may take.
func (s *Slots) Busy(tenant string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if tenant != "" && s.held[tenant] > 0 && s.used < s.n {
		return ErrBusyLast
	}
	return ErrBusy
}

// WaitFree waits until tenant may take a slot by Take's rule, without
// taking it, and reports whether it could before deadline (or ctx's end).
// tenant is "" when the request's key is not known yet: any free slot will
// do.
func (s *Slots) WaitFree(ctx context.Context, deadline time.Time, tenant string) bool {
	return s.wait(ctx, deadline, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.open(tenant)
	})
}

// Take takes a slot for tenant's synchronous render, waiting for one it
// may take (the last free one only if it holds none) until deadline or
// ctx's end, and reports whether it did. Release gives it back.
func (s *Slots) Take(ctx context.Context, deadline time.Time, tenant string) bool {
	return s.wait(ctx, deadline, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.open(tenant) {
			return false
		}
		s.takeLocked(tenant)
		s.sync++
		return true
	})
}

// TakeQueued takes any free slot for tenant's queued work, waiting for one
// until ctx ends, and reports whether it did. ReleaseQueued gives it back.
func (s *Slots) TakeQueued(ctx context.Context, tenant string) bool {
	return s.wait(ctx, time.Time{}, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.used == s.n {
			return false
		}
		s.takeLocked(tenant)
		return true
	})
}

func (s *Slots) takeLocked(tenant string) {
	s.used++
	s.held[tenant]++
}

// Release gives back the slot tenant's synchronous render took (Take) and
// wakes the renders waiting for one.
func (s *Slots) Release(tenant string) {
	s.mu.Lock()
	s.sync--
	close(s.syncFreed)
	s.syncFreed = make(chan struct{})
	s.releaseLocked(tenant)
	s.mu.Unlock()
}

// ReleaseQueued gives back the slot tenant's queued work took (TakeQueued)
// and wakes the renders waiting for one.
func (s *Slots) ReleaseQueued(tenant string) {
	s.mu.Lock()
	s.releaseLocked(tenant)
	s.mu.Unlock()
}

func (s *Slots) releaseLocked(tenant string) {
	s.used--
	if s.held[tenant]--; s.held[tenant] <= 0 {
		delete(s.held, tenant)
	}
	close(s.freed)
	s.freed = make(chan struct{})
}

// wait tries until try succeeds, deadline passes (none when it is zero) or
// ctx ends, trying again each time a slot is given back.
func (s *Slots) wait(ctx context.Context, deadline time.Time, try func() bool) bool {
	var timer *time.Timer
	var timeout <-chan time.Time // nil: no deadline
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
		if timer == nil && !deadline.IsZero() {
			d := time.Until(deadline)
			if d <= 0 {
				return false
			}
			timer = time.NewTimer(d)
			defer timer.Stop()
			timeout = timer.C
		}
		s.waiting.Add(1)
		select {
		case <-freed:
			s.waiting.Add(-1)
		case <-timeout:
			s.waiting.Add(-1)
			return try()
		case <-ctx.Done():
			s.waiting.Add(-1)
			return false
		}
	}
}

// inSlotKey marks a context whose renders run in a slot their caller holds.
type inSlotKey struct{}

// InSlot returns ctx saying that the renders under it run in one of s's
// slots, which their caller holds (Take, TakeQueued): an Engine whose slots
// are s takes no second one for them (Engine.Render).
func (s *Slots) InSlot(ctx context.Context) context.Context {
	return context.WithValue(ctx, inSlotKey{}, s)
}

// heldIn reports whether ctx's renders run in one of s's slots (InSlot).
func (s *Slots) heldIn(ctx context.Context) bool {
	held, _ := ctx.Value(inSlotKey{}).(*Slots)
	return held == s
}
