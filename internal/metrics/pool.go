package metrics

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// PoolCollector exports a pgx pool's statistics (pgxpool.Stat, read at each
// scrape from the pool's own counters, no query).
type PoolCollector struct {
	pool *pgxpool.Pool
}

// NewPoolCollector returns a collector of pool's statistics.
func NewPoolCollector(pool *pgxpool.Pool) *PoolCollector { return &PoolCollector{pool: pool} }

func poolDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("paprika_db_pool_"+name, help, nil, nil)
}

var (
	descAcquired     = poolDesc("acquired_conns", "Connections in use now.")
	descIdle         = poolDesc("idle_conns", "Idle connections now.")
	descConstructing = poolDesc("constructing_conns", "Connections being opened now.")
	descTotal        = poolDesc("total_conns", "Connections open now (acquired, idle and constructing).")
	descMax          = poolDesc("max_conns", "The most connections the pool may open.")
	descAcquires     = poolDesc("acquires_total", "Connections acquired from the pool.")
	descAcquireSecs  = poolDesc("acquire_seconds_total", "Time spent acquiring connections, waits included.")
	descEmpty        = poolDesc("empty_acquires_total", "Acquires that waited because no connection was idle.")
	descEmptyWait    = poolDesc("empty_acquire_wait_seconds_total", "Time spent waiting in acquires that found no idle connection.")
	descCanceled     = poolDesc("canceled_acquires_total", "Acquires canceled by their context.")
	descNew          = poolDesc("new_conns_total", "Connections opened.")
	descLifetime     = poolDesc("max_lifetime_destroys_total", "Connections closed for reaching their maximum lifetime.")
	descIdleDestroy  = poolDesc("max_idle_destroys_total", "Connections closed for being idle too long.")
)

// Describe implements prometheus.Collector.
func (c *PoolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descAcquired, descIdle, descConstructing, descTotal, descMax,
		descAcquires, descAcquireSecs, descEmpty, descEmptyWait, descCanceled, descNew, descLifetime, descIdleDestroy} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *PoolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	gauge := func(d *prometheus.Desc, v float64) { ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v) }
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge(descAcquired, float64(s.AcquiredConns()))
	gauge(descIdle, float64(s.IdleConns()))
	gauge(descConstructing, float64(s.ConstructingConns()))
	gauge(descTotal, float64(s.TotalConns()))
	gauge(descMax, float64(s.MaxConns()))
	counter(descAcquires, float64(s.AcquireCount()))
	counter(descAcquireSecs, s.AcquireDuration().Seconds())
	counter(descEmpty, float64(s.EmptyAcquireCount()))
	counter(descEmptyWait, s.EmptyAcquireWaitTime().Seconds())
	counter(descCanceled, float64(s.CanceledAcquireCount()))
	counter(descNew, float64(s.NewConnsCount()))
	counter(descLifetime, float64(s.MaxLifetimeDestroyCount()))
	counter(descIdleDestroy, float64(s.MaxIdleDestroyCount()))
}
