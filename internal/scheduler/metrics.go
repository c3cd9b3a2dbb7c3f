package scheduler

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/paprikahq/paprika/internal/config"
)

// Registry returns a Prometheus registry with the Go runtime's metrics and
// the measures of every tier, read at each scrape (the figures of
// GET /v1/admin/scheduler over the last 60 minutes).
func Registry(db Counters, tiers config.Tiers) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg.MustRegister(&measuresCollector{db: db, tiers: tiers})
	return reg
}

var (
	descWeight  = prometheus.NewDesc("paprika_tier_weight", "The tier's weight.", []string{"tier"}, nil)
	descQueued  = prometheus.NewDesc("paprika_tier_queued", "Work queued now.", []string{"tier"}, nil)
	descRunning = prometheus.NewDesc("paprika_tier_running", "Queued work running now.", []string{"tier"}, nil)
	descStarted = prometheus.NewDesc("paprika_tier_started_60m", "Work started in the last 60 minutes.", []string{"tier"}, nil)
	descDone    = prometheus.NewDesc("paprika_tier_done_60m", "Work done in the last 60 minutes.", []string{"tier"}, nil)
	descWait    = prometheus.NewDesc("paprika_tier_wait_seconds_60m", "Wait before the claim over the last 60 minutes.", []string{"tier", "quantile"}, nil)
	descRender  = prometheus.NewDesc("paprika_tier_render_seconds_60m", "Render time over the last 60 minutes.", []string{"tier", "quantile"}, nil)
	descUp      = prometheus.NewDesc("paprika_measures_up", "1 when the measures could be read from PostgreSQL.", nil, nil)
)

type measuresCollector struct {
	db    Counters
	tiers config.Tiers
}

func (c *measuresCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descWeight, descQueued, descRunning, descStarted, descDone, descWait, descRender, descUp} {
		ch <- d
	}
}

func (c *measuresCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ms, err := Measures(ctx, c.db, c.tiers, 60)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 1)
	for _, m := range ms {
		ch <- prometheus.MustNewConstMetric(descWeight, prometheus.GaugeValue, m.Weight, m.Tier)
		ch <- prometheus.MustNewConstMetric(descQueued, prometheus.GaugeValue, float64(m.Queued), m.Tier)
		ch <- prometheus.MustNewConstMetric(descRunning, prometheus.GaugeValue, float64(m.Running), m.Tier)
		ch <- prometheus.MustNewConstMetric(descStarted, prometheus.GaugeValue, float64(m.Started), m.Tier)
		ch <- prometheus.MustNewConstMetric(descDone, prometheus.GaugeValue, float64(m.Done), m.Tier)
		for q, v := range map[string]*float64{"0.5": m.WaitSeconds.P50, "0.95": m.WaitSeconds.P95} {
			if v != nil {
				ch <- prometheus.MustNewConstMetric(descWait, prometheus.GaugeValue, *v, m.Tier, q)
			}
		}
		for q, v := range map[string]*float64{"0.5": m.RenderSeconds.P50, "0.95": m.RenderSeconds.P95} {
			if v != nil {
				ch <- prometheus.MustNewConstMetric(descRender, prometheus.GaugeValue, *v, m.Tier, q)
			}
		}
	}
}
