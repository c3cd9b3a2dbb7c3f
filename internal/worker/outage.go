package worker

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/paprikahq/paprika/internal/storage"
)

// Probing a down output store: the first probe after probeFirst, each next
// one twice as late, up to probeMax, each jittered by ±probeJitter so that
// the workers of a fleet do not probe in step.
const (
	probeFirst  = 500 * time.Millisecond
	probeMax    = 30 * time.Second
	probeJitter = 0.2
	pingTimeout = 5 * time.Second
)

// storeGate holds a worker's claims while its output store is down. A put
// that fails while storage.Ping fails too is an outage: the work is handed
// back without spending an attempt, and the claim loop waits until the
// store answers again (Worker.waitForStore), so the worker claims nothing
// it could not store.
// One goroutine probes the store meanwhile, backing off (probeDelay).
type storeGate struct {
	outputs storage.Store
	log     *slog.Logger

	mu      sync.Mutex
	up      chan struct{} // closed while the store is up; a new one while it is down
	down    bool
	since   time.Time // when it went down
	stopped chan struct{}
	stop    sync.Once
	probing sync.WaitGroup
}

func newStoreGate(outputs storage.Store, log *slog.Logger) *storeGate {
	up := make(chan struct{})
	close(up)
	return &storeGate{outputs: outputs, log: log, up: up, stopped: make(chan struct{})}
}

// outage says whether putErr, a failed put, is explained by the store
// being down; if so (and it was up), the gate closes and probing starts.
func (g *storeGate) outage(putErr error) bool {
	g.mu.Lock()
	down := g.down
	g.mu.Unlock()
	if down {
		return true // known to be down: no need to ask again
	}
	ctx, cancel := context.WithTimeout(context.Background(), pingTimeout)
	err := storage.Ping(ctx, g.outputs)
	cancel()
	if err == nil {
		return false // the store is up: the put failed for this document
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return true
	}
	select {
	case <-g.stopped:
		return true // stopping: hand back, but probe no more
	default:
	}
	g.down, g.since, g.up = true, time.Now(), make(chan struct{})
	g.log.Warn("output store unavailable: work is handed back and claims wait until it answers", "err", putErr, "ping", err)
	g.probing.Add(1)
	go g.probe()
	return true
}

// wait returns once the store is up, or the worker stops.
func (g *storeGate) wait() {
	g.mu.Lock()
	up := g.up
	g.mu.Unlock()
	select {
	case <-up:
	case <-g.stopped:
	}
}

// upChan returns a channel closed once the store is up, and whether it is
// down now.
func (g *storeGate) upChan() (<-chan struct{}, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.up, g.down
}

// isDown says whether the store is down now, as far as the gate knows.
func (g *storeGate) isDown() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.down
}

// close stops probing and releases every wait; it waits for the prober.
func (g *storeGate) close() {
	g.stop.Do(func() { close(g.stopped) })
	g.probing.Wait()
}

// probe pings the store, backing off, until it answers or the gate closes.
func (g *storeGate) probe() {
	defer g.probing.Done()
	for n := 0; ; n++ {
		t := time.NewTimer(probeDelay(n, rand.Float64()))
		select {
		case <-g.stopped:
			t.Stop()
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), pingTimeout)
		err := storage.Ping(ctx, g.outputs)
		cancel()
		if err != nil {
			g.log.Debug("output store still unavailable", "err", err)
			continue
		}
		g.mu.Lock()
		g.down = false
		close(g.up)
		g.log.Info("output store answers again: claims resume", "downSeconds", time.Since(g.since).Seconds(), "probes", n+1)
		g.mu.Unlock()
		return
	}
}

// probeDelay is the wait before probe n (from 0): probeFirst doubled n
// times, at most probeMax, scaled by 1 ± probeJitter as r (in [0, 1)) says.
func probeDelay(n int, r float64) time.Duration {
	d := probeMax
	if n < 16 {
		d = min(probeFirst<<n, probeMax)
	}
	return time.Duration(float64(d) * (1 - probeJitter + 2*probeJitter*r))
}

// OutputStoreGauge is paprika_output_store_up, for the worker's /metrics:
// 1 while its output store takes outputs, 0 from a put that failed with the
// store's health check until a probe finds it up again.
func (w *Worker) OutputStoreGauge() prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "paprika_output_store_up",
		Help: "1 while this worker's output store takes outputs; 0 during an outage (claims wait, work is handed back without spending an attempt).",
	}, func() float64 {
		if w.complete.gate.isDown() {
			return 0
		}
		return 1
	})
}
