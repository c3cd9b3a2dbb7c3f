package scheduler

import (
	"context"
	"math"

	"github.com/paprikahq/paprika/internal/config"
)

// Percentiles are p50 and p95 in seconds; nil when nothing was measured.
type Percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

// TierMeasures are one tier's figures (docs/scheduler.md, Measures).
type TierMeasures struct {
	Tier          string      `json:"tier"`
	Name          string      `json:"name"`
	Weight        float64     `json:"weight"`
	MaxRunning    *int        `json:"maxRunning"`
	RatePerMinute *int        `json:"ratePerMinute"`
	Queued        int64       `json:"queued"`
	Running       int64       `json:"running"`
	Started       int64       `json:"started"`
	Done          int64       `json:"done"`
	WaitSeconds   Percentiles `json:"waitSeconds"`
	RenderSeconds Percentiles `json:"renderSeconds"`
}

// TierCount is a count of work at one tier.
type TierCount struct {
	Tier string
	N    int64
}

// TierQueue is the work queued at one tier and the age of its oldest, in
// seconds.
type TierQueue struct {
	Tier          string
	N             int64
	OldestSeconds float64
}

// Measured is what was measured at one tier over a window: kind "s" (work
// started, seconds waited) or "d" (work done, seconds rendering).
type Measured struct {
	Tier, Kind string
	N          int64
	P50, P95   float64
}

// Counters is what the measures are read from (internal/postgres.Store).
type Counters interface {
	QueuedByTier(ctx context.Context, names []string) ([]TierCount, error)
	QueueByTier(ctx context.Context, names []string) ([]TierQueue, error)
	RunningByTier(ctx context.Context) ([]TierCount, error)
	MeasuredByTier(ctx context.Context, minutes int) ([]Measured, error)
}

// Measures returns every configured tier's figures, in configured order:
// queued and running now, and over the last minutes the work started (with
// its wait) and done (with its render time).
func Measures(ctx context.Context, db Counters, tiers config.Tiers, minutes int) ([]TierMeasures, error) {
	out := make([]TierMeasures, len(tiers))
	index := map[string]*TierMeasures{}
	for i, t := range tiers {
		m := &out[i]
		*m = TierMeasures{Tier: t.Key, Name: t.Name, Weight: t.Weight}
		if t.MaxRunning > 0 {
			m.MaxRunning = &t.MaxRunning
		}
		if t.RatePerMinute > 0 {
			m.RatePerMinute = &t.RatePerMinute
		}
		index[t.Key] = m
	}
	queued, err := db.QueuedByTier(ctx, tiers.Names())
	if err != nil {
		return nil, err
	}
	running, err := db.RunningByTier(ctx)
	if err != nil {
		return nil, err
	}
	measured, err := db.MeasuredByTier(ctx, minutes)
	if err != nil {
		return nil, err
	}
	// Tiers no longer configured are left out.
	for _, c := range queued {
		if m := index[c.Tier]; m != nil {
			m.Queued += c.N
		}
	}
	for _, c := range running {
		if m := index[c.Tier]; m != nil {
			m.Running += c.N
		}
	}
	for _, x := range measured {
		m := index[x.Tier]
		if m == nil {
			continue
		}
		p := Percentiles{P50: round3(x.P50), P95: round3(x.P95)}
		if x.Kind == "s" {
			m.Started, m.WaitSeconds = x.N, p
		} else {
			m.Done, m.RenderSeconds = x.N, p
		}
	}
	return out, nil
}

func round3(x float64) *float64 {
	r := math.Round(x*1000) / 1000
	return &r
}

// Wait is what queued work's group knows of its own wait, the figures
// WaitingFor and ETASeconds are made from: never another tenant's.
type Wait struct {
	Ahead     int     // the tenant's own queued work ahead of it
	Rate      float64 // the group's own starts a second over its last minutes; 0: none to go on
	Running   int     // the group's work running now
	Suspended bool    // its tenant is suspended (or deleted)
	Worker    bool    // a live worker claims its tier
}

// What queued work waits for, the API's queue.waitingFor
// (docs/scheduler.md, What tenants see).
const (
	WaitingTurn       = "turn"        // its group waits its fair share
	WaitingMaxRunning = "max-running" // its tenant already runs its tier's maxRunning
	WaitingSuspended  = "suspended"   // its tenant is suspended
	WaitingNoWorker   = "no-worker"   // no live worker claims its tier
)

// WaitingFor says why work of a group with figures w waits, at a tier of
// maxRunning (0: none). A suspension outweighs everything, then a tier no
// worker claims, then the tenant's own limit; else it waits its turn.
func WaitingFor(w Wait, maxRunning int) string {
	switch {
	case w.Suspended:
		return WaitingSuspended
	case !w.Worker:
		return WaitingNoWorker
	case maxRunning > 0 && w.Running >= maxRunning:
		return WaitingMaxRunning
	}
	return WaitingTurn
}

// ETASeconds is when work with w.Ahead of its tenant's own work ahead of it
// should start: (ahead + 1) ÷ its group's own start rate, to the tenth of
// a second; nil without a rate to go on, or while nothing can start it
// (suspended, no worker). A group's own rate, not the service's: another
// tenant's work never shows in it.
func ETASeconds(w Wait) *float64 {
	if w.Rate <= 0 || w.Suspended || !w.Worker {
		return nil
	}
	eta := math.Round(float64(w.Ahead+1)/w.Rate*10) / 10
	return &eta
}
