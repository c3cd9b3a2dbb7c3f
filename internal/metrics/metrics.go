// Package metrics is Paprika's Prometheus instrumentation: one Metrics per
// process, made from the configured tiers, that the api, the scheduler and
// the render engine call through a few nil-safe methods (a nil *Metrics
// records nothing, so tests and tools need not make one).
//
// The names follow Prometheus' conventions: counters end in _total,
// durations are histograms in seconds, and every label has a small, fixed
// set of values (tiers from PAPRIKA_TIERS, route patterns, never a raw path,
// tenant or id). The children of the per-tier metrics are resolved once, in
// New, so a hook in a hot path is a map read and an atomic add.
// docs/operations.md lists every metric and what it means.
package metrics

import (
	"net/http"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/paprikahq/paprika/internal/config"
)

// Metrics holds a process's collectors and its registry.
type Metrics struct {
	reg *prometheus.Registry

	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec
	httpErrors   *prometheus.CounterVec

	claims      *prometheus.CounterVec
	started     *prometheus.CounterVec
	completed   *prometheus.CounterVec
	wait        *prometheus.HistogramVec
	render      *prometheus.HistogramVec
	rateLimited *prometheus.CounterVec
	busy        *prometheus.CounterVec
	failures    *prometheus.CounterVec
	expired     prometheus.Counter

	chromiumRestarts *prometheus.CounterVec
	engineRenders    *prometheus.CounterVec
	engineSeconds    *prometheus.CounterVec

	tiers    map[string]*tierSet // resolved in New; read-only after
	failedBy map[string]prometheus.Counter

	tabsMu sync.Mutex
	tabs   []func() int
}

// Buckets of the histograms, in seconds. A wait runs from milliseconds (an
// idle worker) to an hour (a tier starved behind a large batch); a render
// is bounded by PAPRIKA_RENDER_TIMEOUT (30 s by default).
var (
	WaitBuckets   = []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600}
	RenderBuckets = []float64{.025, .05, .1, .25, .5, 1, 2.5, 5, 10, 20, 30, 60}
	HTTPBuckets   = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}
)

// New returns the metrics of a process serving tiers, registered with a
// registry of their own beside the Go runtime's and the process's collectors.
func New(tiers config.Tiers) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "paprika_http_request_duration_seconds",
			Help:    "Time from a request's arrival to the end of its answer, by route pattern and method.",
			Buckets: HTTPBuckets,
		}, []string{"route", "method"}),
		httpErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_http_errors_total",
			Help: "HTTP requests answered with an error body, by its code (internal, unavailable, busy, render-timeout…), and client-gone for a client that went away before its answer.",
		}, []string{"code"}),
		claims: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_claims_total",
			Help: "Queued items (jobs and batch records) claimed by this worker, by tier; every attempt counts.",
		}, []string{"tier"}),
		started: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_work_started_total",
			Help: "Renders started, by tier and kind (job, record, or render: a synchronous render).",
		}, []string{"tier", "kind"}),
		completed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_work_completed_total",
			Help: "Work finished by its render, by tier, kind and status (done, or failed: a template error); failures after the last retryable attempt are failed by the queue and not counted here.",
		}, []string{"tier", "kind", "status"}),
		wait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "paprika_work_wait_seconds",
			Help:    "Wait of queued work before its claim (claim time minus submit time), by tier and format.",
			Buckets: WaitBuckets,
		}, []string{"tier", "format"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "paprika_render_duration_seconds",
			Help:    "Time of successful renders, queued and synchronous, by tier and format.",
			Buckets: RenderBuckets,
		}, []string{"tier", "format"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_rate_limited_total",
			Help: "Requests refused with 429 rate-limited (the tier's ratePerMinute), by tier.",
		}, []string{"tier"}),
		busy: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_busy_total",
			Help: "Requests answered 503 busy because every slot was taken, by tier and slots (render or merge).",
		}, []string{"tier", "slots"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_render_failures_total",
			Help: "Failed render attempts, by error code (a retried attempt counts each time).",
		}, []string{"code"}),
		expired: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "paprika_leases_expired_total",
			Help: "Claimed items whose lease expired (their worker died or hung), returned to the queue or failed with worker-lost by this process's reaper.",
		}),
		chromiumRestarts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_chromium_restarts_total",
			Help: "Chromium browsers retired to be replaced, by reason (crash, failures, renders, memory).",
		}, []string{"reason"}),
		engineRenders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_engine_renders_total",
			Help: "Renders by the engine that made the document (chromium, libreoffice, or none for html and filled Office templates) and status (done or failed).",
		}, []string{"engine", "status"}),
		engineSeconds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "paprika_engine_render_seconds_total",
			Help: "Seconds spent rendering, by engine, finished renders and failed ones alike.",
		}, []string{"engine"}),
		tiers:    map[string]*tierSet{},
		failedBy: map[string]prometheus.Counter{},
	}
	for _, t := range tiers {
		m.tiers[t.Key] = m.newTierSet(t.Key)
	}
	for _, code := range []string{"template-error", "render-timeout", "render-failed"} {
		m.failedBy[code] = m.failures.WithLabelValues(code)
	}
	for _, code := range []string{"internal", "unavailable"} { // the faults alerts count, at 0 from the start
		m.httpErrors.WithLabelValues(code)
	}
	for _, reason := range restartReasons {
		m.chromiumRestarts.WithLabelValues(reason)
	}
	for _, e := range engines {
		m.engineSeconds.WithLabelValues(e)
		for _, s := range []string{"done", "failed"} {
			m.engineRenders.WithLabelValues(e, s)
		}
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.httpDuration, m.httpErrors,
		m.claims, m.started, m.completed, m.wait, m.render,
		m.rateLimited, m.busy, m.failures, m.expired,
		m.chromiumRestarts, m.engineRenders, m.engineSeconds,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "paprika_chromium_tabs",
			Help: "Chromium tabs open now in this process's browsers (warm, rendering or being replaced).",
		}, m.openTabs),
	)
	return m
}

// MustRegister adds collectors of other packages (the queue's gauges, the
// database pool, webhook deliveries) to the registry.
func (m *Metrics) MustRegister(cs ...prometheus.Collector) { m.reg.MustRegister(cs...) }

// Registry returns the registry, for tests and promhttp.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry at /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
