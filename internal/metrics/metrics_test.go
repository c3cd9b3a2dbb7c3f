package metrics

import (
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// A method that is not HTTP's and a status out of range do not make new
// label values; the route is the pattern without its method.
func TestRequestLabels(t *testing.T) {
	t.Parallel()
	m := New(benchTiers)
	m.Request("GET /v1/jobs/{id}", http.MethodGet, 200, time.Millisecond)
	m.Request("/", "BREW", 404, time.Millisecond)
	m.Request("", "PATCH", 999, time.Millisecond)
	require.Equal(t, 1.0, testutil.ToFloat64(m.httpRequests.WithLabelValues("/v1/jobs/{id}", "GET", "200")))
	require.Equal(t, 1.0, testutil.ToFloat64(m.httpRequests.WithLabelValues("/", "other", "404")))
	require.Equal(t, 1.0, testutil.ToFloat64(m.httpRequests.WithLabelValues("unmatched", "PATCH", "other")))
	require.Equal(t, 3, testutil.CollectAndCount(m.httpRequests))
}

// Work at a tier that is not configured is still counted, under its name.
func TestUnconfiguredTier(t *testing.T) {
	t.Parallel()
	m := New(benchTiers)
	m.Claimed("gold")
	m.Claimed("gold")
	m.Completed("gold", paprika.KindJob, "failed")
	require.Equal(t, 2.0, testutil.ToFloat64(m.claims.WithLabelValues("gold")))
	require.Equal(t, 1.0, testutil.ToFloat64(m.completed.WithLabelValues("gold", paprika.KindJob, "failed")))
}
