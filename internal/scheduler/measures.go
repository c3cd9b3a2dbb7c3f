package scheduler

import (
	"context"
	"math"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
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

// Counters is what the measures are read from (internal/postgres.Store).
type Counters interface {
	QueuedByTier(ctx context.Context, names []string) ([]paprika.TierCount, error)
	QueueByTier(ctx context.Context, names []string) ([]paprika.TierQueue, error)
	RunningByTier(ctx context.Context) ([]paprika.TierCount, error)
	MeasuredByTier(ctx context.Context, minutes int) ([]paprika.Measured, error)
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
