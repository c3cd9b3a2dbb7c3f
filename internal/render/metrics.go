package render

import "github.com/prometheus/client_golang/prometheus"

// SandboxGauge is paprika_chromium_sandboxed for /metrics: 1 when this
// process's Chromium runs with its own sandbox, 0 when
// PAPRIKA_CHROMIUM_NO_SANDBOX turned it off.
func (e *Engine) SandboxGauge() prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "paprika_chromium_sandboxed",
		Help: "1 when this process's Chromium runs with its own sandbox; 0 when PAPRIKA_CHROMIUM_NO_SANDBOX=true turned it off.",
	}, func() float64 {
		if e.Sandboxed() {
			return 1
		}
		return 0
	})
}
