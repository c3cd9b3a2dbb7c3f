package api

import (
	"errors"
	"io"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// BodyBudget bounds the bytes of request bodies this process reads, and
// holds, at once: sixteen batches of 90 MB sent together took 5.3 GB of an
// api process and kept it, since each body is read whole and decoded into
// copies of itself. A body takes room in the budget as it is read and gives
// it back when its request's handler returns, once what was made of it is
// garbage; a body that finds no room is answered 503 busy at once
// (errBodiesBusy) and what it took is given back. One budget serves every
// route that reads a body, the API's and the console's (docs/api.md, Busy).
//
// One tenant's bodies take at most perTenant of it, so that a tenant
// sending a few large bodies slowly cannot keep every other tenant's out
// until its uploads time out.
type BodyBudget struct {
	size      int64
	perTenant int64

	mu       sync.Mutex
	used     int64
	byTenant map[string]int64 // room taken by a tenant's bodies (only tenants holding some)

	// drained, when set, is called (in a goroutine of its own) when the
	// budget empties after it held at least drainAt bytes, at most once
	// every drainEvery: returnMemory gives the bodies' pages back.
	drained    func()
	drainAt    int64
	drainEvery time.Duration
	peak       int64     // the most held since the budget was last empty
	lastDrain  time.Time // when drained was last called
}

// NewBodyBudget returns a budget of size bytes (at least 1), of which one
// tenant's bodies may take all.
func NewBodyBudget(size int64) *BodyBudget {
	return newBodyBudget(size, size)
}

// newBodyBudget returns a budget of size bytes, of which one tenant's
// bodies may take perTenant (at least 1, at most size).
func newBodyBudget(size, perTenant int64) *BodyBudget {
	size = max(size, 1)
	return &BodyBudget{size: size, perTenant: min(max(perTenant, 1), size), byTenant: map[string]int64{}}
}

// Size is the bytes the budget holds.
func (b *BodyBudget) Size() int64 { return b.size }

// InUse is the bytes taken now.
func (b *BodyBudget) InUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// tryTake takes n bytes for tenant ("": a body of no tenant, the console's
// or the admin API's) if they are free and within the tenant's share,
// without waiting; else it returns the busy answer.
func (b *BodyBudget) tryTake(tenant string, n int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if tenant != "" && n > b.perTenant-b.byTenant[tenant] {
		return errTenantBodiesBusy()
	}
	if n > b.size-b.used {
		return errBodiesBusy()
	}
	b.used += n
	if tenant != "" {
		b.byTenant[tenant] += n
	}
	return nil
}

func (b *BodyBudget) give(tenant string, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.peak = max(b.peak, b.used)
	b.used -= n
	if tenant != "" {
		if b.byTenant[tenant] -= n; b.byTenant[tenant] <= 0 {
			delete(b.byTenant, tenant)
		}
	}
	if b.used == 0 {
		if b.drained != nil && b.peak >= b.drainAt && time.Since(b.lastDrain) >= b.drainEvery {
			b.lastDrain = time.Now()
			go b.drained()
		}
		b.peak = 0
	}
}

// returnMemory gives the pages the heap no longer uses back to the system
// at once. Go's collector frees a burst of large bodies, but its scavenger
// kept their pages: 16 batch bodies of 90 MiB left the process at 816 MiB
// resident a minute after, its heap at 4 MiB; this took it to 40 MiB.
func returnMemory() { debug.FreeOSMemory() }

// Body returns r's body limited to limit bytes (past it, a read fails with
// an *http.MaxBytesError, as http.MaxBytesReader's), whose bytes count
// against the budget until release is called: the handler calls it when it
// returns. A read that finds no room fails with errBodiesBusy.
// A nil budget bounds nothing: the body is only limited.
func (b *BodyBudget) Body(w http.ResponseWriter, r *http.Request, limit int64) (body io.ReadCloser, release func()) {
	if b == nil {
		return http.MaxBytesReader(w, r.Body, limit), func() {}
	}
	bb := b.wrap(r, limit)
	bb.rc = http.MaxBytesReader(w, bb.rc, limit)
	return bb, bb.release
}

// wrap counts r's body against the budget, taking room for at most limit
// bytes until limitBody says the route's own limit.
func (b *BodyBudget) wrap(r *http.Request, limit int64) *budgetedBody {
	return &budgetedBody{rc: r.Body, b: b, length: r.ContentLength, limit: limit}
}

// limitBody returns r's body limited to limit bytes, as
// http.MaxBytesReader does; a body counted against the budget (every
// route's, see Handler) takes room for that much of it at most, within
// its tenant's share when r is a tenant's.
func limitBody(w http.ResponseWriter, r *http.Request, limit int64) io.ReadCloser {
	if bb, ok := r.Body.(*budgetedBody); ok {
		bb.mu.Lock()
		bb.limit = limit
		if p := principal(r); p != nil && bb.held == 0 {
			bb.tenant = p.Tenant.ID
		}
		bb.mu.Unlock()
	}
	return http.MaxBytesReader(w, r.Body, limit)
}

// BodyRefused reports whether body (one of Body's) was refused for want
// of room in its budget: the request is then answered busy, 503 with
// Retry-After, whatever the reader of the body made of the failed read.
func BodyRefused(body io.Reader) bool {
	bb, ok := body.(*budgetedBody)
	if !ok {
		return false
	}
	bb.mu.Lock()
	defer bb.mu.Unlock()
	var pe *paprika.Error
	return errors.As(bb.err, &pe) && pe.Code == paprika.CodeBusy
}

// reserveBody takes room for r's body now, as its first read would: all of
// it when its length is known. It is for a reader about to make a buffer of
// that length, which must not be made for a body refused.
func reserveBody(r *http.Request) error {
	bb, ok := r.Body.(*budgetedBody)
	if !ok {
		return nil
	}
	bb.mu.Lock()
	defer bb.mu.Unlock()
	if bb.err == nil {
		bb.err = bb.reserve(1)
	}
	return bb.err
}

// errBodiesBusy is the answer to a body that finds the budget full.
func errBodiesBusy() error {
	return &paprika.Error{Code: paprika.CodeBusy, RetryAfter: 1,
		Message: "Busy: the server is receiving too many large bodies at once; retry shortly"}
}

// errTenantBodiesBusy is the answer to a body past its tenant's share.
func errTenantBodiesBusy() error {
	return &paprika.Error{Code: paprika.CodeBusy, RetryAfter: 1,
		Message: "Busy: your requests' bodies being read take your share of the server's room for large bodies; retry shortly"}
}

// bodyGrain is the least a body without a Content-Length takes from the
// budget at a time: it takes as much again as it holds each time it
// grows, so that a big one takes the lock a few dozen times, not once a
// read.
const bodyGrain = 64 << 10

// budgetedBody is a request body counted against a BodyBudget.
type budgetedBody struct {
	rc     io.ReadCloser
	b      *BodyBudget
	length int64 // the Content-Length, -1 when unknown

	mu     sync.Mutex // release may come from another goroutine than Read
	tenant string     // whose share it takes ("": none's), set by limitBody
	limit  int64      // the most bytes read of it; one more is refused
	held   int64      // bytes taken from the budget
	read   int64
	err    error // the refusal, once refused
}

// Read takes room for what it may read before reading it: the whole body
// at its first read when its length is known (a body longer than its limit
// takes room for its limit only, and is refused past it as before), else
// room as the body grows.
func (x *budgetedBody) Read(p []byte) (int, error) {
	x.mu.Lock()
	if x.err == nil {
		x.err = x.reserve(int64(len(p)))
	}
	err := x.err
	x.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n, err := x.rc.Read(p)
	x.mu.Lock()
	x.read += int64(n)
	x.mu.Unlock()
	return n, err
}

// reserve takes room for a read of up to n bytes (x.mu held).
func (x *budgetedBody) reserve(n int64) error {
	most := x.limit + 1 // the most the limit lets through: one byte past it is refused
	if x.length >= 0 {
		most = min(most, x.length)
	}
	need := min(x.read+n, most)
	if need <= x.held {
		return nil
	}
	grow := need - x.held
	if x.length < 0 {
		grow = min(max(grow, x.held, bodyGrain), most-x.held)
	} else {
		grow = most - x.held
	}
	if err := x.b.tryTake(x.tenant, grow); err != nil {
		return err
	}
	x.held += grow
	return nil
}

func (x *budgetedBody) Close() error { return x.rc.Close() }

// release gives the body's room back; the body reads nothing more.
func (x *budgetedBody) release() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.b.give(x.tenant, x.held)
	x.held = 0
	if x.err == nil {
		x.err = errBodyReleased
	}
}

var errBodyReleased = errors.New("api: the request's handler has returned")
