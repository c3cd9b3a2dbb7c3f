package benchkit

import (
	"math"
	"testing"
)

func TestFairShareComparesStartsWithWeights(t *testing.T) {
	// Fair per unit of weight: 300 starts / 6 units = 50; a is 10% over.
	s := FairShare([]Group{
		{Tenant: "a", Tier: "standard", Starts: 55, Weight: 1},
		{Tenant: "b", Tier: "standard", Starts: 45, Weight: 1},
		{Tenant: "c", Tier: "priority", Starts: 200, Weight: 4},
	})
	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if s.Groups != 3 {
		t.Errorf("Groups = %d, want 3", s.Groups)
	}
	near("FairPerWeight", s.FairPerWeight, 50)
	near("MaxDev", math.Abs(s.MaxDev), 0.1)
	near("MaxAbs", s.MaxAbs, 5)
	near("TierDev[priority]", s.TierDev["priority"], 0)
	near("Ratio", s.Ratio("priority", "standard"), 4)
	if s.MaxDevGroup == "" {
		t.Error("MaxDevGroup is empty")
	}
}

func TestFairShareOfNothing(t *testing.T) {
	if s := FairShare([]Group{{Tenant: "a", Tier: "standard", Weight: 1}}); s.Groups != 0 || s.MaxDev != 0 {
		t.Errorf("no starts: %+v, want the zero Share", s)
	}
}

func TestQuantileIndex(t *testing.T) {
	for _, c := range []struct {
		n    int
		q    float64
		want int
	}{{10, 0.5, 4}, {10, 0.95, 9}, {10, 0, 0}, {10, 1, 9}, {1, 0.5, 0}} {
		if got := QuantileIndex(c.n, c.q); got != c.want {
			t.Errorf("QuantileIndex(%d, %v) = %d, want %d", c.n, c.q, got, c.want)
		}
	}
}
