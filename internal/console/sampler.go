package console

import (
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/scheduler"
)

// The scheduler's charts show the last hour. The API answers measures over
// a window ending now, so the console samples them: when an admin's page
// asks and the last sample is older than Config.SampleEvery (5 s), it calls
// GET /v1/admin/scheduler?minutes=1 for that admin's session and keeps the
// answer, an hour of them at most, in this process. There is no background
// goroutine and no stored credential: history accumulates while someone
// watches, and each api process keeps its own.

// sampleKeep is how far back the charts go.
const sampleKeep = time.Hour

// sample is the measures of every tier at one time.
type sample struct {
	At    time.Time
	Tiers []scheduler.TierMeasures
}

type sampler struct {
	every   time.Duration
	mu      sync.Mutex
	samples []sample
}

// due tells whether a new sample should be taken at now.
func (s *sampler) due(now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.samples) == 0 || now.Sub(s.samples[len(s.samples)-1].At) >= s.every
}

// add keeps a sample and drops those older than an hour.
func (s *sampler) add(x sample) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.samples); n > 0 && x.At.Sub(s.samples[n-1].At) < s.every {
		return // another request sampled meanwhile
	}
	s.samples = append(s.samples, x)
	cut := 0
	for cut < len(s.samples) && x.At.Sub(s.samples[cut].At) > sampleKeep {
		cut++
	}
	s.samples = append(s.samples[:0:0], s.samples[cut:]...)
}

// all returns a copy of the kept samples, oldest first.
func (s *sampler) all() []sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sample(nil), s.samples...)
}
