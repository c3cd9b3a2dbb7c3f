package attacks

import (
	"io"
	"strconv"
	"strings"
	"testing"
)

// metric sums the samples of a process's /metrics whose line starts with
// name and holds every one of labels (`status="503"`).
func metric(t *testing.T, n *node, name string, labels ...string) float64 {
	t.Helper()
	resp, err := httpClient.Get(n.URL("/metrics"))
	if err != nil {
		t.Fatalf("%s /metrics: %v", n.name, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
lines:
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		for _, l := range labels {
			if !strings.Contains(line, l) {
				continue lines
			}
		}
		v, err := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
		if err == nil {
			sum += v
		}
	}
	return sum
}

// serverErrors is how many answers the api counted as the service failing,
// by status: 500 internal and 502 render-failed. Not 503 busy, which an
// attack may cause on purpose, nor a tenant's own 504 render-timeout, nor
// 499, a client that hung up.
func serverErrors(t *testing.T, n *node) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for _, s := range []string{"500", "502"} {
		out[s] = metric(t, n, "paprika_http_requests_total", `status="`+s+`"`)
	}
	return out
}
