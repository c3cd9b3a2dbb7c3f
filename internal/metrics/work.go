package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/paprikahq/paprika/internal/paprika"
)

// KindRender is the kind label of synchronous renders; queued work is
// labelled with its own kind, paprika.KindJob or paprika.KindRecord.
const KindRender = "render"

var kinds = [...]string{paprika.KindJob, paprika.KindRecord, KindRender}

// formats are the format label's values; anything else (a source that could
// not be read) is "unknown".
var formats = [...]string{"pdf", "png", "html", "docx", "odt", "unknown"}

// Slots answered busy, the slots label.
const (
	SlotsRender = "render"
	SlotsMerge  = "merge"
)

// tierSet is one tier's children, resolved once.
type tierSet struct {
	claims      prometheus.Counter
	started     [len(kinds)]prometheus.Counter
	done        [len(kinds)]prometheus.Counter
	failed      [len(kinds)]prometheus.Counter
	wait        [len(formats)]prometheus.Observer
	render      [len(formats)]prometheus.Observer
	rateLimited prometheus.Counter
	busyRender  prometheus.Counter
	busyMerge   prometheus.Counter
}

func (m *Metrics) newTierSet(tier string) *tierSet {
	s := &tierSet{
		claims:      m.claims.WithLabelValues(tier),
		rateLimited: m.rateLimited.WithLabelValues(tier),
		busyRender:  m.busy.WithLabelValues(tier, SlotsRender),
		busyMerge:   m.busy.WithLabelValues(tier, SlotsMerge),
	}
	for i, k := range kinds {
		s.started[i] = m.started.WithLabelValues(tier, k)
		s.done[i] = m.completed.WithLabelValues(tier, k, "done")
		s.failed[i] = m.completed.WithLabelValues(tier, k, "failed")
	}
	for i, f := range formats {
		s.wait[i] = m.wait.WithLabelValues(tier, f)
		s.render[i] = m.render.WithLabelValues(tier, f)
	}
	return s
}

// tier returns the tier's children. Work always runs at a configured tier
// (it is resolved at claim time against PAPRIKA_TIERS); a name that is not
// one is resolved on the spot, on this rare path only.
func (m *Metrics) tier(name string) *tierSet {
	if s := m.tiers[name]; s != nil {
		return s
	}
	return m.newTierSet(name)
}

func kindIndex(kind string) int {
	switch kind {
	case paprika.KindJob:
		return 0
	case paprika.KindRecord:
		return 1
	}
	return 2
}

func formatIndex(format string) int {
	switch format {
	case "pdf":
		return 0
	case "png":
		return 1
	case "html":
		return 2
	case "docx":
		return 3
	case "odt":
		return 4
	}
	return 5
}

// Claimed counts one item claimed at tier.
func (m *Metrics) Claimed(tier string) {
	if m == nil {
		return
	}
	m.tier(tier).claims.Inc()
}

// Started counts one render started at tier: a claimed job or record that
// took a render slot, or a synchronous render.
func (m *Metrics) Started(tier, kind string) {
	if m == nil {
		return
	}
	m.tier(tier).started[kindIndex(kind)].Inc()
}

// Waited observes how long queued work waited for its claim.
func (m *Metrics) Waited(tier, format string, wait time.Duration) {
	if m == nil {
		return
	}
	m.tier(tier).wait[formatIndex(format)].Observe(wait.Seconds())
}

// Rendered observes the time of one successful render.
func (m *Metrics) Rendered(tier, format string, seconds float64) {
	if m == nil {
		return
	}
	m.tier(tier).render[formatIndex(format)].Observe(seconds)
}

// Completed counts work finished for good: done, or failed (status is
// paprika's StatusDone or StatusFailed).
func (m *Metrics) Completed(tier, kind, status string) {
	if m == nil {
		return
	}
	s := m.tier(tier)
	if status == paprika.StatusDone {
		s.done[kindIndex(kind)].Inc()
	} else {
		s.failed[kindIndex(kind)].Inc()
	}
}

// RenderFailed counts one failed render attempt by its error code.
func (m *Metrics) RenderFailed(code string) {
	if m == nil {
		return
	}
	c := m.failedBy[code]
	if c == nil {
		c = m.failures.WithLabelValues(code)
	}
	c.Inc()
}

// RateLimited counts one request refused with 429 at tier.
func (m *Metrics) RateLimited(tier string) {
	if m == nil {
		return
	}
	m.tier(tier).rateLimited.Inc()
}

// Busy counts one request answered 503 busy at tier; slots is SlotsRender
// or SlotsMerge.
func (m *Metrics) Busy(tier, slots string) {
	if m == nil {
		return
	}
	s := m.tier(tier)
	if slots == SlotsMerge {
		s.busyMerge.Inc()
	} else {
		s.busyRender.Inc()
	}
}

// LeasesExpired counts n items reaped after their lease expired.
func (m *Metrics) LeasesExpired(n int) {
	if m == nil {
		return
	}
	m.expired.Add(float64(n))
}
