package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

// withBodyBudget gives the server a budget of bodies of size bytes, which
// returns memory as the process's does.
func withBodyBudget(size int64) Option {
	return func(s *Server) {
		s.bodies = NewBodyBudget(size)
		s.bodies.returnsMemory(size/4, 10*time.Second)
	}
}

// Sixteen large batch bodies sent at once share the process's budget of
// bodies: those past its room are answered busy at once, the others are
// read and refused at their last record as before, the heap stays within a
// bound of the budget while they are read and comes back after, and a
// request right after is served. Without the budget every body is read
// whole at once, and the heap holds several times all sixteen of them.
//
// The test measures its own process's heap, so it runs alone: not
// t.Parallel. Its bodies are made as they are sent, never held.
func TestBodiesShareOneBudget(t *testing.T) {
	const (
		budget  = 64 << 20
		perBody = 20 << 20
		bodies  = 16
	)
	e := setupEnv(t, map[string]string{"PAPRIKA_WORKERS": "2"}, WithRenderer(&fakeRenderer{}), withBodyBudget(budget))
	key := e.tenantKey(t, "acme", ScopeRender)

	debug.FreeOSMemory()
	before, rssBefore := heapNow(), rss()
	stop := make(chan struct{})
	peak := make(chan uint64)
	go func() { peak <- sampleHeap(stop) }()

	var busy, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range bodies {
		wg.Go(func() {
			status, code, retry, err := postBigBatch(t.Context(), e, key, perBody, i%2 == 0)
			switch {
			case err != nil:
				// A body refused at once may be cut while the client still
				// sends it; what the server answered is checked by the others.
				t.Logf("body %d: %v", i, err)
			case status == http.StatusServiceUnavailable && code == paprika.CodeBusy && retry == "1":
				busy.Add(1)
			case status == http.StatusBadRequest && code == paprika.CodeBadRequest:
				refused.Add(1)
			default:
				t.Errorf("body %d: status %d, code %q, Retry-After %q", i, status, code, retry)
			}
		})
	}
	wg.Wait()
	eventually(t, "every body's room given back", func() bool { return e.Server.bodies.InUse() == 0 })
	close(stop)
	during := <-peak
	after := heapAfterGC()
	t.Logf("budget %d MiB, %d bodies of %d MiB: %d busy, %d read and refused; heap before %d MiB, at most %d MiB while read, %d MiB after; RSS after %d MiB",
		budget>>20, bodies, perBody>>20, busy.Load(), refused.Load(), before>>20, during>>20, after>>20, rss()>>20)
	require.Positive(t, busy.Load(), "some bodies find the budget full")
	require.Positive(t, refused.Load(), "some bodies are read")
	// A body read takes its size in the budget and about twice that again
	// while it is decoded, and the collector lets garbage reach as much
	// again as what is live: within 6 budgets, where sixteen bodies read
	// at once take more than 12.
	require.Less(t, during, before+6*budget, "the heap while the bodies are read")
	require.Less(t, after, before+budget/2, "the heap once they are refused")
	// The pages given back (returnMemory) show in the process's RSS, for
	// the log only: the race detector's shadow memory and Go's scavenger,
	// which gives pages back in its own time, make it no measure to assert.
	t.Logf("RSS before %d MiB, now %d MiB", rssBefore>>20, rss()>>20)

	b := e.postBatch(t, key, map[string]any{"template": "<p>{{n}}</p>", "format": "html",
		"records": []map[string]any{{"n": 1}}})
	require.Equal(t, 1, b.Total, "a request right after is served")
}

// postBigBatch sends a batch of about size bytes, made as it is sent, whose
// last record is not an object (so that it is read whole and refused), with
// its length told or not (chunked), and returns the answer's status, code
// and Retry-After.
func postBigBatch(ctx context.Context, e *testEnv, key string, size int, told bool) (status int, code, retry string, err error) {
	record := []byte(`{"n": "` + strings.Repeat("x", 64<<10) + `"},`)
	n := size / len(record)
	head := []byte(`{"template": "<p>{{n}}</p>", "format": "html", "records": [`)
	tail := []byte(`1]}`)
	parts := []io.Reader{bytes.NewReader(head)}
	for range n {
		parts = append(parts, bytes.NewReader(record))
	}
	parts = append(parts, bytes.NewReader(tail))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.HTTP.URL+"/v1/batches", io.MultiReader(parts...))
	if err != nil {
		return 0, "", "", err
	}
	if told {
		req.ContentLength = int64(len(head) + n*len(record) + len(tail))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := e.HTTP.Client().Do(req)
	if err != nil {
		return 0, "", "", err
	}
	defer resp.Body.Close()
	var eb errorBody
	_ = json.NewDecoder(resp.Body).Decode(&eb)
	return resp.StatusCode, eb.Code, resp.Header.Get("Retry-After"), nil
}

// rss is the process's resident memory, for the log (0 where unknown).
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// heapMetric is the bytes of heap objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

func heapNow() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func heapAfterGC() uint64 {
	runtime.GC()
	return heapNow()
}

// sampleHeap returns the most heap seen, sampling every millisecond until
// stop is closed.
func sampleHeap(stop <-chan struct{}) uint64 {
	most := heapNow()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return max(most, heapNow())
		case <-tick.C:
			most = max(most, heapNow())
		}
	}
}

// TestBodyBudget checks the budget's accounting: a body of known length
// takes its length (or its limit, when longer) at its first read, one of
// unknown length takes room as it grows, a body that finds no room is
// refused busy and takes nothing, and release gives everything back.
func TestBodyBudget(t *testing.T) {
	t.Parallel()
	b := NewBodyBudget(100)
	req := func(body string, length int64) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		r.ContentLength = length
		return r
	}
	w := httptest.NewRecorder()

	told, releaseTold := b.Body(w, req(strings.Repeat("a", 60), 60), 80)
	one := make([]byte, 1)
	_, err := told.Read(one)
	require.NoError(t, err)
	require.EqualValues(t, 60, b.InUse(), "its length, at its first read")

	// 40 bytes free: a body of 50 told is refused at once.
	refused, releaseRefused := b.Body(w, req(strings.Repeat("b", 50), 50), 80)
	_, err = refused.Read(one)
	var pe *paprika.Error
	require.ErrorAs(t, err, &pe)
	require.Equal(t, paprika.CodeBusy, pe.Code)
	require.Equal(t, 1, pe.RetryAfter)
	require.Contains(t, pe.Message, "too many large bodies")
	require.EqualValues(t, 60, b.InUse(), "a refused body takes nothing")
	releaseRefused()

	// Unknown length: room as it grows, up to its limit and one byte.
	chunked, releaseChunked := b.Body(w, req(strings.Repeat("c", 30), -1), 30)
	got, err := io.ReadAll(chunked)
	require.NoError(t, err)
	require.Len(t, got, 30)
	require.EqualValues(t, 60+31, b.InUse())
	releaseChunked()
	require.EqualValues(t, 60, b.InUse())
	_, err = chunked.Read(one)
	require.Error(t, err, "a body released reads nothing more")

	// A body longer than its limit takes room for the limit only.
	long, releaseLong := b.Body(w, req(strings.Repeat("d", 1000), 1000), 20)
	_, err = io.ReadAll(long)
	var tooLarge *http.MaxBytesError
	require.ErrorAs(t, err, &tooLarge)
	require.EqualValues(t, 60+21, b.InUse())
	releaseLong()
	releaseTold()
	releaseTold()
	require.Zero(t, b.InUse(), "release twice gives back once")
}

// TestBodyBudgetTenantShare checks that one tenant's bodies take at most
// its share of the budget, while other tenants' and bodies of no tenant
// take the rest.
func TestBodyBudgetTenantShare(t *testing.T) {
	t.Parallel()
	b := newBodyBudget(100, 50)
	require.NoError(t, b.tryTake("a", 40))
	require.ErrorContains(t, b.tryTake("a", 20), "your share", "past a's share")
	require.NoError(t, b.tryTake("b", 50))
	require.ErrorContains(t, b.tryTake("", 20), "too many large bodies", "10 left")
	require.NoError(t, b.tryTake("", 10))
	b.give("a", 40)
	b.give("b", 50)
	b.give("", 10)
	require.Zero(t, b.InUse())
	require.Empty(t, b.byTenant)

	// A route's body takes its share from the tenant its request names.
	var p tenantCaller
	p.Tenant.ID = "a"
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(strings.Repeat("x", 60)))
	r = r.WithContext(withPrincipal(r.Context(), &p))
	body := b.wrap(r, 1000)
	r.Body = body
	_, err := readBody(httptest.NewRecorder(), r, 1000)
	require.ErrorContains(t, err, "your share")
	body.release()
	require.Zero(t, b.InUse())
}

// A tenant holding its share of the budget with a body it sends slowly is
// answered busy for one more, while another tenant's body is read.
func TestBodiesOneTenantTakesItsShare(t *testing.T) {
	t.Parallel()
	const share = 2 << 20
	e := setupEnv(t, map[string]string{"PAPRIKA_WORKERS": "2"}, WithRenderer(&fakeRenderer{}),
		func(s *Server) { s.bodies = newBodyBudget(2*share, share) })
	slowKey := e.tenantKey(t, "slow", ScopeRender)
	otherKey := e.tenantKey(t, "other", ScopeRender)

	// The slow tenant's upload takes its whole share at its first read.
	pr, pw := io.Pipe()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, e.HTTP.URL+"/v1/batches", pr)
	require.NoError(t, err)
	req.ContentLength = share
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+slowKey)
	slow := make(chan int, 1)
	go func() {
		resp, err := e.HTTP.Client().Do(req)
		if err != nil {
			slow <- 0
			return
		}
		resp.Body.Close()
		slow <- resp.StatusCode
	}()
	_, err = pw.Write([]byte(`{"records": [`))
	require.NoError(t, err)
	eventually(t, "the slow body holding its share", func() bool { return e.Server.bodies.InUse() == share })

	batch := []byte(`{"template": "<p>{{n}}</p>", "format": "html", "records": [{"n": "` + strings.Repeat("x", 1<<20) + `"}]}`)
	resp, body := e.sendAs(t, http.MethodPost, "/v1/batches", slowKey, "application/json", batch)
	eb := requireError(t, http.StatusServiceUnavailable, paprika.CodeBusy, resp, body)
	require.Contains(t, eb.Message, "your share")
	require.Equal(t, "1", resp.Header.Get("Retry-After"))

	resp, body = e.sendAs(t, http.MethodPost, "/v1/batches", otherKey, "application/json", batch)
	requireBatchAccepted(t, resp, body)

	require.NoError(t, pw.CloseWithError(io.ErrUnexpectedEOF))
	require.Contains(t, []int{0, http.StatusBadRequest}, <-slow, "the slow upload ended early")
	eventually(t, "every body's room given back", func() bool { return e.Server.bodies.InUse() == 0 })
}

// TestBodyBudgetReturnsMemory checks when the budget gives memory back:
// as it empties after holding at least its mark, not after less, and not
// again within its interval.
func TestBodyBudgetReturnsMemory(t *testing.T) {
	t.Parallel()
	b := NewBodyBudget(100)
	b.returnsMemory(50, time.Hour)
	drained := make(chan struct{}, 4)
	b.drained = func() { drained <- struct{}{} }

	require.NoError(t, b.tryTake("a", 30))
	b.give("a", 30)
	require.Empty(t, drained, "30 held: under the mark")

	require.NoError(t, b.tryTake("a", 30))
	require.NoError(t, b.tryTake("b", 30))
	b.give("a", 30)
	require.Empty(t, drained, "not empty yet")
	b.give("b", 30)
	select {
	case <-drained:
	case <-time.After(30 * time.Second):
		t.Fatal("60 held, then empty: memory not given back")
	}

	require.NoError(t, b.tryTake("a", 80))
	b.give("a", 80)
	require.Empty(t, drained, "within the interval")
}

// TestBodyBudgetAtOnce reads bodies from many goroutines (under -race):
// the budget never gives out more than it holds, and ends empty.
func TestBodyBudgetAtOnce(t *testing.T) {
	t.Parallel()
	const size = 1 << 20
	b := NewBodyBudget(size)
	var wg sync.WaitGroup
	var read, refused atomic.Int32
	for g := range 32 {
		wg.Go(func() {
			for i := range 20 {
				length := int64(64<<10 + g*1024 + i)
				r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(make([]byte, length)))
				if g%2 == 1 {
					r.ContentLength = -1
				}
				body, release := b.Body(httptest.NewRecorder(), r, 1<<20)
				_, err := io.Copy(io.Discard, body)
				if used := b.InUse(); used > size {
					t.Errorf("%d bytes taken of %d", used, size)
				}
				release()
				if err != nil {
					refused.Add(1)
				} else {
					read.Add(1)
				}
			}
		})
	}
	wg.Wait()
	require.Zero(t, b.InUse())
	require.Positive(t, read.Load())
	t.Logf("%d bodies read, %d refused", read.Load(), refused.Load())
}

// TestBodyBudgetSize checks the budget's default: four of the largest body
// a route takes, at most an eighth of a memory limit, at least one body.
func TestBodyBudgetSize(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{MaxRequestBytes: 10 << 20, MaxBatchBytes: 100 << 20}
	largest := int64(100<<20 + 1)
	require.Equal(t, 4*largest, bodyBudgetSize(cfg, 0), "no memory limit")
	require.Equal(t, 4*largest, bodyBudgetSize(cfg, 64<<30))
	require.Equal(t, 4*largest, bodyBudgetSize(cfg, 6<<30), "6 GiB: an eighth, 768 MiB, holds four batches")
	require.Equal(t, int64(2<<30)/8, bodyBudgetSize(cfg, 2<<30), "2 GiB: 256 MiB")
	require.Equal(t, largest, bodyBudgetSize(cfg, 256<<20), "room for one batch at least")
	require.Equal(t, 2*largest, processBodyBudget(cfg, 0).perTenant, "a tenant takes half")
	require.Equal(t, largest, processBodyBudget(cfg, 256<<20).perTenant, "or one batch, when that is more")
}
