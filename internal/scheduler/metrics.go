package scheduler

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/paprikahq/paprika/internal/config"
)

// QueueCollector exports every tier's weight, its work queued and running
// now and the age of its oldest queued work (for autoscalers), read at each
// scrape from the queue's counters (the lanes, each with its count and its
// oldest work's submit time, and the groups' start and finish counts: a row
// per tenant and tier, never a scan of the work). The started and done
// figures, and their waits and render times, are counters and histograms of
// internal/metrics, counted as the work happens; the 60-minute percentiles
// stay at GET /v1/admin/scheduler.
func QueueCollector(db Counters, tiers config.Tiers) prometheus.Collector {
	return &queueCollector{db: db, tiers: tiers}
}

var (
	descWeight  = prometheus.NewDesc("paprika_tier_weight", "The tier's weight (PAPRIKA_TIERS).", []string{"tier"}, nil)
	descQueued  = prometheus.NewDesc("paprika_tier_queued", "Work queued now (jobs and batch records), by the tier it would run at.", []string{"tier"}, nil)
	descRunning = prometheus.NewDesc("paprika_tier_running", "Queued work claimed and running now, on every worker.", []string{"tier"}, nil)
	descItems   = prometheus.NewDesc("paprika_queue_items", "Work queued now (jobs and batch records), by the tier it would run at: what an autoscaler scales workers on.", []string{"tier"}, nil)
	descOldest  = prometheus.NewDesc("paprika_queue_oldest_seconds", "Seconds since the oldest work queued now at the tier was submitted; 0 when none is queued.", []string{"tier"}, nil)
	descUp      = prometheus.NewDesc("paprika_measures_up", "1 when the queue's counters could be read from PostgreSQL at this scrape.", nil, nil)
)

type queueCollector struct {
	db    Counters
	tiers config.Tiers
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descWeight, descQueued, descRunning, descItems, descOldest, descUp} {
		ch <- d
	}
}

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	for _, t := range c.tiers {
		ch <- prometheus.MustNewConstMetric(descWeight, prometheus.GaugeValue, t.Weight, t.Key)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	queued, err := c.db.QueueByTier(ctx, c.tiers.Names())
	if err != nil {
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 0)
		return
	}
	running, err := c.db.RunningByTier(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 1)
	q := make(map[string]int64, len(c.tiers))
	oldest := make(map[string]float64, len(c.tiers))
	r := make(map[string]int64, len(c.tiers))
	for _, x := range queued {
		q[x.Tier] += x.N
		oldest[x.Tier] = max(oldest[x.Tier], x.OldestSeconds)
	}
	for _, x := range running {
		r[x.Tier] += x.N
	}
	// Every configured tier, zero included, so that a rule sees 0 rather
	// than no series; tiers no longer configured are left out.
	for _, t := range c.tiers {
		ch <- prometheus.MustNewConstMetric(descQueued, prometheus.GaugeValue, float64(q[t.Key]), t.Key)
		ch <- prometheus.MustNewConstMetric(descRunning, prometheus.GaugeValue, float64(r[t.Key]), t.Key)
		ch <- prometheus.MustNewConstMetric(descItems, prometheus.GaugeValue, float64(q[t.Key]), t.Key)
		ch <- prometheus.MustNewConstMetric(descOldest, prometheus.GaugeValue, oldest[t.Key], t.Key)
	}
}
