package metrics

import (
	"net/http"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

var benchTiers = config.Tiers{{Key: "standard", Weight: 1}, {Key: "priority", Weight: 4}}

// The HTTP hook, once per request.
func BenchmarkRequest(b *testing.B) {
	m := New(benchTiers)
	b.ReportAllocs()
	for b.Loop() {
		m.Request("GET /v1/jobs/{id}", http.MethodGet, http.StatusOK, 1500*time.Microsecond)
	}
}

// The hooks of one claimed item, from claim to completion: Claimed,
// Started, Waited, Rendered, Completed.
func BenchmarkWorkHooks(b *testing.B) {
	m := New(benchTiers)
	b.ReportAllocs()
	for b.Loop() {
		m.Claimed("priority")
		m.Started("priority", paprika.KindRecord)
		m.Waited("priority", "pdf", 250*time.Millisecond)
		m.Rendered("priority", "pdf", 0.3)
		m.Completed("priority", paprika.KindRecord, "done")
	}
}

// The same hooks on a nil *Metrics: the cost left when nothing is recorded.
func BenchmarkWorkHooksNil(b *testing.B) {
	var m *Metrics
	b.ReportAllocs()
	for b.Loop() {
		m.Claimed("priority")
		m.Started("priority", paprika.KindRecord)
		m.Waited("priority", "pdf", 250*time.Millisecond)
		m.Rendered("priority", "pdf", 0.3)
		m.Completed("priority", paprika.KindRecord, "done")
	}
}
