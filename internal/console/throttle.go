package console

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Failed sign-ins are throttled by the address they come from: past
// signInFailures failures within signInWindow, the address's next attempts
// answer 429 until the window has passed. The secrets are 160-bit keys and a
// 256-bit admin token, so guessing is hopeless anyway; the throttle keeps a
// guesser from costing the api a database look-up and a log line per try.
// It is per process (each api counts its own), and behind a reverse proxy
// every client shares the proxy's address: the limit is generous for that.
const (
	signInFailures = 20
	signInWindow   = 5 * time.Minute
)

type throttle struct {
	mu    sync.Mutex
	fails map[string][]time.Time // per address, the failures within the window, oldest first
	now   func() time.Time
}

func newThrottle() *throttle {
	return &throttle{fails: map[string][]time.Time{}, now: time.Now}
}

// wait is how long the address must wait before its next attempt (0: it may
// try now).
func (t *throttle) wait(addr string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	fs := t.recent(addr)
	if len(fs) < signInFailures {
		return 0
	}
	return fs[0].Add(signInWindow).Sub(t.now())
}

// failed counts a failed attempt of the address.
func (t *throttle) failed(addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.fails[addr] = append(t.recent(addr), t.now())
	if len(t.fails) > 10000 { // bounded: forget the addresses whose failures are all old
		for a := range t.fails {
			if len(t.recent(a)) == 0 {
				delete(t.fails, a)
			}
		}
	}
}

// recent drops the address's failures older than the window; t.mu is held.
func (t *throttle) recent(addr string) []time.Time {
	fs := t.fails[addr]
	cut := t.now().Add(-signInWindow)
	i := 0
	for i < len(fs) && !fs[i].After(cut) {
		i++
	}
	fs = fs[i:]
	if len(fs) == 0 {
		delete(t.fails, addr)
		return nil
	}
	t.fails[addr] = fs
	return fs
}

// clientAddr is the request's remote address without its port.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
