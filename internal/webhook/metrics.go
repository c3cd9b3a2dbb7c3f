package webhook

import "github.com/prometheus/client_golang/prometheus"

// Metrics are a deliverer's Prometheus collectors.
type Metrics struct {
	deliveries *prometheus.CounterVec
}

func newMetrics() *Metrics {
	m := &Metrics{deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "paprika_webhook_attempts_total",
		Help: "Webhook delivery attempts by outcome: delivered (2xx), retry (failed, to be retried), failed (given up after 24 h), superseded (claimed again meanwhile).",
	}, []string{"outcome"})}
	// Every outcome from the start, at 0: a rule's rate() needs the series
	// before the first delivery.
	for _, outcome := range []string{"delivered", "retry", "failed", "superseded"} {
		m.deliveries.WithLabelValues(outcome)
	}
	return m
}

// Describe implements prometheus.Collector.
func (m *Metrics) Describe(ch chan<- *prometheus.Desc) { m.deliveries.Describe(ch) }

// Collect implements prometheus.Collector.
func (m *Metrics) Collect(ch chan<- prometheus.Metric) { m.deliveries.Collect(ch) }
