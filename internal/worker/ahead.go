package worker

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// aheadEWMA is the weight of each new measure in the averages.
const aheadEWMA = 0.1

// aheadSizer says how many items a worker claims beyond its free slots.
// Claimed ahead, an item waits in the worker until a slot frees; sized by
// the measures, it waits about as long as a claim takes. Claims grow past
// the slots' number, and a worker claims less often: a claim costs
// PostgreSQL about the same for 8 items as for 16 (bench/product,
// docs/performance-log.md). A slow render (a PDF) makes the worker claim next
// to nothing ahead, holding no work another worker could have started. At
// most the slots' number: twice that took the product path's largest share
// deviation past 2% in 2 runs of 9.
type aheadSizer struct {
	fixed int // ≥ 0: always this many; config.ClaimAheadAuto: sized by the measures
	slots int // the worker's, and the most it sizes

	mu     sync.Mutex
	render float64 // average seconds of a render
	claim  float64 // average seconds of a claim
}

func newAheadSizer(ahead, slots int, policy scheduler.Policy) *aheadSizer {
	a := &aheadSizer{fixed: max(ahead, 0), slots: slots}
	if ahead == config.ClaimAheadAuto {
		a.fixed = config.ClaimAheadAuto
		if claimsMaxRunning(policy) {
			a.fixed = 0
		}
	}
	return a
}

// claimsMaxRunning says whether a tier the worker claims has maxRunning.
func claimsMaxRunning(p scheduler.Policy) bool {
	for _, t := range p.Tiers {
		if t.MaxRunning > 0 && (len(p.WorkerTiers) == 0 || slices.Contains(p.WorkerTiers, t.Key)) {
			return true
		}
	}
	return false
}

// sized says whether the number claimed ahead follows the measures.
func (a *aheadSizer) sized() bool { return a.fixed == config.ClaimAheadAuto }

// limit is the most it can say.
func (a *aheadSizer) limit() int {
	if a.sized() {
		return a.slots
	}
	return a.fixed
}

func (a *aheadSizer) rendered(seconds float64) {
	if a.sized() {
		a.observe(&a.render, seconds)
	}
}

func (a *aheadSizer) claimed(seconds float64) {
	if a.sized() {
		a.observe(&a.claim, seconds)
	}
}

func (a *aheadSizer) observe(avg *float64, seconds float64) {
	seconds = max(seconds, 1e-6)
	a.mu.Lock()
	if *avg == 0 {
		*avg = seconds
	} else {
		*avg += aheadEWMA * (seconds - *avg)
	}
	a.mu.Unlock()
}

// now is how many items to claim ahead: the slots' renders that end during
// one claim, rounded up; none before a render and a claim were measured.
func (a *aheadSizer) now() int {
	if !a.sized() {
		return a.fixed
	}
	a.mu.Lock()
	render, claim := a.render, a.claim
	a.mu.Unlock()
	if render == 0 || claim == 0 {
		return 0
	}
	return min(int(math.Ceil(float64(a.slots)*claim/render)), a.slots)
}

// ClaimAhead says how the worker claims ahead, for its start line: "auto,
// at most N", or the number it always claims ahead (0 when a tier it
// claims has maxRunning).
func (w *Worker) ClaimAhead() string {
	if w.ahead.sized() {
		return fmt.Sprintf("auto, at most %d", w.ahead.limit())
	}
	return strconv.Itoa(w.ahead.fixed)
}
