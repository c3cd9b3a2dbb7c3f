package chromium

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

// Every byte an asset answer makes this process hold is bounded here, not
// by how many requests a page makes. An answer is the asset's bytes,
// base64-encoded in a Fetch.fulfillRequest message: the body itself comes
// from the process's one cache of asset bytes, shared by every request of
// it, and only the encoded message is made per request, for as long as it
// is being sent. So:
//
//   - the encoded answers being sent at once, across every render and
//     browser of the process, share one byte budget (answerBytes): a
//     request waits for its turn, holding nothing but its place in a
//     queue;
//   - a render answers at most renderAnswers of its requests at once, on
//     as many goroutines, however many the page makes; the others wait in
//     its queue, at most maxPendingAssets of them (a few hundred bytes
//     each), past which the render fails with render-limit;
//   - every other request (the shell, a blocked or allow-listed one) is
//     answered by at most otherAnswers goroutines, with a message of a
//     few hundred bytes.
//
// Measured: a page of 100 <img> of one 10 MiB asset under 100 query
// strings grew the api by 2.2 GB, and 300 fetch() of it by 4.5 GB, when
// each request was answered on a goroutine of its own (docs/rendering.md,
// Assets).
const (
	// answerBytes is the process's budget of encoded answers in flight:
	// three of the largest assets (10 MiB, 14 MiB encoded) at once, or
	// hundreds of ordinary ones. chromedp holds an answer about twice
	// (the marshaled params, then the message written to the pipe), so
	// this is some 100 MiB of heap at most.
	answerBytes = 48 << 20
	// answerOverhead is what an answer weighs beyond its encoded body:
	// the message's headers and fields.
	answerOverhead = 1 << 10
	// renderAnswers bounds the answers of one render under way at once.
	renderAnswers = 4
	// maxPendingAssets bounds the requests of one render waiting for an
	// answer.
	maxPendingAssets = 4096
	// otherAnswers bounds the goroutines answering every other request.
	otherAnswers = 64
)

// inFlight is the process's budget of answers in flight: one for every
// browser the process starts, as they share its memory.
var inFlight = semaphore.NewWeighted(answerBytes)

// answerWeight is what an answer of a body of n bytes weighs in inFlight:
// its base64 encoding and the message around it, never more than the
// whole budget (an answer that big waits until it is alone).
func answerWeight(n int) int64 {
	return min(int64((n+2)/3*4)+answerOverhead, answerBytes)
}

// assetRequestPaused is a request for an asset waiting in its render's
// queue: only what answering it needs, not the paused event (whose
// headers a page chooses).
type assetRequestPaused struct {
	id   string
	name string
}

// queue holds the requests of one render for its assets, answered by at
// most renderAnswers goroutines that end when it is empty.
type assetQueue struct {
	mu      sync.Mutex
	waiting []assetRequestPaused
	workers int
}

// push adds a request and reports whether a new goroutine is to answer
// it; false with full: the render asked for too many at once.
func (q *assetQueue) push(r assetRequestPaused) (start, full bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) >= maxPendingAssets {
		return false, true
	}
	q.waiting = append(q.waiting, r)
	if q.workers < renderAnswers {
		q.workers++
		return true, false
	}
	return false, false
}

// next takes the next request; false when there is none, and the
// goroutine that asked is done.
func (q *assetQueue) next() (assetRequestPaused, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == 0 {
		q.workers--
		q.waiting = nil // the array, grown by a burst, goes too
		return assetRequestPaused{}, false
	}
	r := q.waiting[0]
	q.waiting[0] = assetRequestPaused{}
	q.waiting = q.waiting[1:]
	return r, true
}

// reserve waits for room for an answer of weight w in the process's
// budget; release gives it back.
func reserve(ctx context.Context, w int64) (release func(), err error) {
	if err := inFlight.Acquire(ctx, w); err != nil {
		return nil, err
	}
	return func() { inFlight.Release(w) }, nil
}
